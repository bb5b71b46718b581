package app

import (
	"context"
	"image/color"
	"strings"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/proof"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// reviewScreen shows a game move by move with the endgame table's verdicts
// and, where no table covers a move, the search's (judged in the
// background: session.SearchReview), a value strip over the whole game, and
// the position of the chosen move on a read-only board.
type reviewScreen struct {
	a    *App
	info *core.Game
	// release ends the screen's hold on the game's table files
	// (tables.Owner.Hold: its proofs probe them while it is open).
	release func()
	moves   []session.ReviewMove
	table   bool
	// strategy is the game's proven strategy from the start (nil: none),
	// which judges the moves on it that no table covers.
	strategy *strategy.Strategy
	// bound: the game has a bound table (Tables.Bound), which judges the
	// moves on the prey's proven win that neither covers.
	bound bool
	// proofs is the game's proof stack (ai.Proofs), which judged the moves
	// and colours the strip; values its verdict of each position, asked
	// once (a bridge's is a search).
	proofs proof.Stack
	values []stripValue
	// src are the device's proofs of the game (issue 41: the summary says
	// how to get proof of what the search judged: the pack on offer, the
	// site's tables in the browser, or that no table covers it).
	src hintSources
	cur int // moves played in the position shown (0: the start)
	// searching: the search's verdicts are being worked out (percent done);
	// cancel stops it.
	searching bool
	percent   atomic.Int32
	cancel    context.CancelFunc
	// searched tells when the search's verdicts have arrived (tests wait on it).
	searched chan struct{}

	board      *widgets.Board
	list       *widget.List
	rows       *wrappedRows // the list's rows as tall as their wrapped lines
	strip      *fyne.Container
	summaryTxt *widgets.Paragraph
	progress   *widget.ProgressBar
	posLabel   *widget.Label
	verdictTxt *widgets.Paragraph
	prev, next *widget.Button
}

// showReview opens the review of game g (a copy: the game goes on unchanged).
func (a *App) showReview(g *core.Game) { a.push(newReviewScreen(a, g)) }

func newReviewScreen(a *App, g *core.Game) *reviewScreen {
	id := g.Info().ID
	release := a.tables.Hold(id)
	st := a.tables.Strategy(id)
	proofs := ai.Proofs(a.tables, id)
	r := &reviewScreen{a: a, info: g.Clone(), release: release, moves: session.ReviewGame(g, proofs), proofs: proofs, table: a.tables.Table(id) != nil, strategy: st, bound: a.tables.Bound(id) != nil,
		src: a.hintSources(id), cur: g.Len(), searched: make(chan struct{})}
	r.startSearch()
	return r
}

// startSearch judges by the search, off the UI goroutine, the moves no
// table covers; the screen shows its progress, then the verdicts.
func (r *reviewScreen) startSearch() {
	need := false
	for _, m := range r.moves {
		need = need || m.Verdict == session.VerdictUnknown
	}
	if !need {
		close(r.searched)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel, r.searching = cancel, true
	g, moves := r.info.Clone(), append([]session.ReviewMove(nil), r.moves...)
	go func() {
		last := int32(-1)
		out, ok := session.SearchReview(ctx, g, moves, func(done, total int) {
			p := int32(100 * done / max(1, total))
			r.percent.Store(p)
			if p/10 != last/10 { // every tenth
				last = p
				r.a.do(r.showProgress)
			}
		})
		if !ok {
			return
		}
		r.a.do(func() {
			r.moves, r.searching = out, false
			close(r.searched)
			r.refreshVerdicts()
		})
	}()
}

func (r *reviewScreen) close() {
	r.release()
	if r.cancel != nil {
		r.cancel()
	}
}

// showProgress shows how far the search's judgement has come.
func (r *reviewScreen) showProgress() {
	if r.progress == nil || !r.searching {
		return
	}
	r.progress.SetValue(float64(r.percent.Load()) / 100)
	r.summaryTxt.SetText(r.summaryText())
}

// refreshVerdicts shows the verdicts anew (the search's have arrived).
func (r *reviewScreen) refreshVerdicts() {
	if r.list == nil {
		return
	}
	r.progress.Hide()
	r.summaryTxt.SetText(r.summaryText())
	r.fillStrip()
	r.list.Refresh()
	r.rows.measure()
	r.show(r.cur)
}

// position returns the position after n moves.
func (r *reviewScreen) position(n int) core.Position {
	p := r.info.Start()
	for _, m := range r.moves[:n] {
		p = p.After(m.Move)
	}
	return p
}

// verdictText says a move's verdict, marked as proven (the table's, the
// proven strategy's, the bound table's: the summary says which) or the
// search's, with what the search saw.
func verdictText(info *core.GameInfo, m session.ReviewMove) string {
	judged := func(verdictID, byID string) string {
		return translations.TData("review.judged", map[string]any{"Verdict": translations.T(verdictID), "By": translations.T(byID)})
	}
	if m.BySearch() {
		t := ""
		switch m.Verdict {
		case session.VerdictGood:
			return judged("review.search_good", "review.by_search")
		case session.VerdictMistake:
			t = judged("review.search_mistake", "review.by_search")
		default:
			t = judged("review.search_blunder", "review.by_search")
		}
		if w := whyText(info, m); w != "" {
			t += translations.T("review.colon") + w
		}
		return t
	}
	switch m.Verdict {
	case session.VerdictKept:
		return judged("review.kept", "review.by_proof")
	case session.VerdictSlip:
		return judged("review.slip", "review.by_proof")
	case session.VerdictBlunder:
		return judged("review.blunder", "review.by_proof")
	}
	if m.Move.Kind == core.MovePass {
		return translations.T("review.pass")
	}
	return translations.T("review.unknown")
}

// whyText says in a few words what the search saw in a mistake or a blunder.
func whyText(info *core.GameInfo, m session.ReviewMove) string {
	pred := m.Mover == core.Predator
	switch m.Why {
	case session.WhyDrop:
		return translations.T("review.why_drop")
	case session.WhyMissedCapture:
		return translations.T("review.why_missed_capture")
	case session.WhyAllowsCapture:
		return translations.TData("review.why_allows_capture", map[string]any{"Side": sideName(info, core.Predator)})
	case session.WhyMissedWin:
		if pred {
			return translations.T("review.why_missed_win_predator")
		}
		return translations.T("review.why_missed_win_prey")
	case session.WhyWalksIntoLoss:
		if pred {
			return translations.T("review.why_loss_predator")
		}
		return translations.T("review.why_loss_prey")
	}
	return ""
}

// verdictColor is the colour of a verdict's mark.
func verdictColor(v session.Verdict) color.Color {
	switch v {
	case session.VerdictKept, session.VerdictGood:
		return color.NRGBA{0x3a, 0x9a, 0x5b, 0xff}
	case session.VerdictSlip, session.VerdictMistake:
		return color.NRGBA{0xe0, 0xa0, 0x20, 0xff}
	case session.VerdictBlunder:
		return color.NRGBA{0xd0, 0x40, 0x40, 0xff}
	}
	return color.NRGBA{0x99, 0x99, 0x99, 0x80}
}

// valueColor colours a position by its value for the predator.
func valueColor(v tablebase.Value, mover core.Side, known bool) color.Color {
	if !known {
		return color.NRGBA{0x99, 0x99, 0x99, 0x60}
	}
	predWins := (v == tablebase.Win) == (mover == core.Predator)
	switch {
	case v == tablebase.Draw:
		return color.NRGBA{0xa0, 0xa0, 0xa0, 0xff}
	case predWins:
		return color.NRGBA{0xb0, 0x50, 0x30, 0xff} // the predator's colour
	}
	return color.NRGBA{0x30, 0x70, 0xb0, 0xff} // the prey's
}

// reviewMoveNumber is the number the move list gives the move of ply i (from 0):
// two plies a move, as its rows.
func reviewMoveNumber(i int) int { return i/2 + 1 }

// moveLine is the review's line of ply i: numbered and written as in the
// move list ("10. a4×b3"), with its verdict.
func (r *reviewScreen) moveLine(i int) string {
	m := r.moves[i]
	s := translations.TData("review.move", map[string]any{"N": reviewMoveNumber(i), "Move": displayMove(m.Move)}) + " — "
	if m.Verdict == session.VerdictUnknown && r.searching && m.Move.Kind != core.MovePass {
		return s + "…"
	}
	s += verdictText(r.info.Info(), m)
	if w, ok := m.Winner(); ok && m.Plies > 0 {
		id := "review.win_in"
		if m.Proof.UpperBound() {
			id = "review.win_in_bound"
		}
		s += " · " + translations.TPlural(id, m.Plies, map[string]any{"Side": sideName(r.info.Info(), w)})
	} else if w, ok := m.Winner(); ok && m.Proof == proof.ValuesOnly {
		s += " · " + translations.TData("review.win_proven", map[string]any{"Side": sideName(r.info.Info(), w)})
	}
	if m.Best.Kind != core.MoveNone {
		id := "review.best"
		if m.BySearch() {
			id = "review.search_best"
		}
		s += " · " + translations.TData(id, map[string]any{"Move": displayMove(m.Best)})
	}
	return s
}

func (r *reviewScreen) content() fyne.CanvasObject {
	gt := translations.Game(r.info.Info().Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), r.a.back)
	title := r.a.wrappedTitle(translations.T("review.title")+" · "+gt.Title, "") // wraps, never cut
	if r.board == nil {
		r.board = widgets.NewBoard(r.position(r.cur))
		r.board.Do = r.a.do
		r.board.SetReadOnly(true)
		r.board.SetAnimations(false)
	}
	r.posLabel = widget.NewLabel("")
	r.verdictTxt = widgets.NewParagraph("")
	r.prev = widget.NewButtonWithIcon(translations.T("review.prev"), theme.NavigateBackIcon(), func() { r.show(r.cur - 1) })
	r.next = widget.NewButtonWithIcon(translations.T("review.next"), theme.NavigateNextIcon(), func() { r.show(r.cur + 1) })

	r.strip = container.NewGridWithColumns(max(1, len(r.moves)+1))
	r.fillStrip()

	r.list = widget.NewList(
		func() int { return len(r.moves) },
		func() fyne.CanvasObject {
			mark := canvas.NewRectangle(color.Transparent)
			mark.SetMinSize(fyne.NewSize(reviewMark, reviewMark))
			// A move a row, its verdict wrapped onto as many lines as it
			// takes (wrappedRows), never cut short.
			return container.NewBorder(nil, nil, container.NewCenter(mark), nil, widgets.NewParagraph(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			for _, obj := range c.Objects {
				switch w := obj.(type) {
				case *widgets.Paragraph:
					w.SetText(r.moveLine(i))
				case *fyne.Container:
					rect := w.Objects[0].(*canvas.Rectangle)
					rect.FillColor = verdictColor(r.moves[i].Verdict)
					rect.Refresh()
				}
			}
		})
	r.list.OnSelected = func(i widget.ListItemID) { r.show(i + 1) }
	r.rows = &wrappedRows{list: r.list, count: func() int { return len(r.moves) }, text: r.moveLine,
		inset: reviewMark + theme.Padding(), meas: widgets.NewParagraph("")}

	r.summaryTxt = widgets.NewParagraph(r.summaryText())
	r.progress = widget.NewProgressBar()
	r.progress.SetValue(float64(r.percent.Load()) / 100)
	if !r.searching {
		r.progress.Hide()
	}
	// What changes (the chosen move's verdict; the summary, which the
	// search's progress bar leaves) is under the buttons: it moves neither
	// them nor the board.
	head := container.NewVBox(
		titleRow(back, r.a.exploreButton(func() { r.a.showExploreGame(r.info, r.cur) }), title),
		r.strip,
		container.NewGridWithColumns(2, r.prev, r.next),
		r.posLabel,
		r.verdictTxt,
		r.summaryTxt,
		r.progress,
	)
	r.show(r.cur)
	return container.New(boardLayout{}, r.board, scrollPanel(head, widgets.AtLeast(movesRoom, container.New(r.rows, r.list))))
}

// stripValue is the proof stack's value of a position for its side to
// move (known false: it proves nothing there).
type stripValue struct {
	v     tablebase.Value
	mover core.Side
	known bool
}

// stripValues is the proof stack's value of every position of the game,
// worked out once.
func (r *reviewScreen) stripValues() []stripValue {
	if r.values == nil {
		p := r.info.Start()
		for i := 0; i <= len(r.moves); i++ {
			v, ok := r.proofs.Probe(p)
			r.values = append(r.values, stripValue{v.Value, p.ToMove, ok})
			if i < len(r.moves) {
				p = p.After(r.moves[i].Move)
			}
		}
	}
	return r.values
}

// fillStrip draws the value strip: one bar per position, coloured by its
// value for the predator: the proof stack's where it proves the position
// (ai.Proofs: a table, the strategy, the bound table or a bridge), else,
// paler, the search's once it has judged the move that led there.
func (r *reviewScreen) fillStrip() {
	r.strip.RemoveAll()
	for i, sv := range r.stripValues() {
		c := valueColor(sv.v, sv.mover, sv.known)
		if !sv.known && i > 0 && r.moves[i-1].BySearch() {
			c = searchColor(r.moves[i-1].ScoreAfter, r.moves[i-1].Mover)
		}
		bar := canvas.NewRectangle(c)
		bar.SetMinSize(fyne.NewSize(2, 18))
		r.strip.Add(bar)
	}
	r.strip.Refresh()
}

// searchColor colours a position by the search's score for the side that
// just moved: the predator's or the prey's colour, paler than the table's.
func searchColor(score int, mover core.Side) color.Color {
	if mover == core.Prey {
		score = -score
	}
	switch {
	case score >= session.MistakeMargin:
		return color.NRGBA{0xb0, 0x50, 0x30, 0x90}
	case score <= -session.MistakeMargin:
		return color.NRGBA{0x30, 0x70, 0xb0, 0x90}
	}
	return color.NRGBA{0xa0, 0xa0, 0xa0, 0x90}
}

// summaryText counts the verdicts of each side (the table's slips, the
// search's mistakes, the blunders of both), or says the search is at work.
func (r *reviewScreen) summaryText() string {
	var text string
	if r.searching {
		text = translations.TData("review.searching", map[string]any{"Percent": int(r.percent.Load())})
	} else {
		var slips, mistakes, blunders [2]int
		anySearch := false
		for _, m := range r.moves {
			anySearch = anySearch || m.BySearch()
			switch m.Verdict {
			case session.VerdictSlip:
				slips[m.Mover]++
			case session.VerdictMistake:
				mistakes[m.Mover]++
			case session.VerdictBlunder:
				blunders[m.Mover]++
			}
		}
		info := r.info.Info()
		line := func(s core.Side) string {
			var parts []string
			if r.table {
				parts = append(parts, translations.TPlural("review.slips", slips[s], nil))
			}
			if anySearch {
				parts = append(parts, translations.TPlural("review.mistakes", mistakes[s], nil))
			}
			parts = append(parts, translations.TPlural("review.blunders", blunders[s], nil))
			return translations.TData("review.summary", map[string]any{"Side": sideName(info, s), "Counts": strings.Join(parts, translations.T("review.sep"))})
		}
		text = line(core.Predator) + "\n" + line(core.Prey)
		switch {
		case r.table && !anySearch: // every move proven
		case r.strategy != nil:
			id := "review.no_table_strategy"
			if r.strategy.Bound {
				id = "review.no_table_strategy_bound"
			}
			text = translations.TData(id, map[string]any{"Side": sideName(info, r.strategy.WinnerSide())}) + "\n" + text
		case r.bound:
			text = translations.TData("review.no_table_strategy_bound", map[string]any{"Side": sideName(info, core.Prey)}) + "\n" + text
		default:
			text = translations.T("review.no_table") + "\n" + text
		}
		if o := r.packOffer(); o != "" {
			text += "\n" + o
		}
	}
	if o := r.info.Outcome(); o.Reason == core.ReasonAgreed {
		text += "\n" + translations.T("review.agreed")
	}
	return text
}

// packOffer says how to get proof of the moves the search judged ("" for
// nothing to say): searchedReach of the positions they were played from;
// else, where a proven win's plies are not known here (a table of
// values) and the pack has them, the pack.
func (r *reviewScreen) packOffer() string {
	src := r.src
	if src.strategy == nil {
		src.strategy = r.strategy
	}
	var from []core.Position
	p := r.info.Start()
	plies := false
	for _, m := range r.moves {
		if m.BySearch() {
			from = append(from, p)
		}
		_, won := m.Winner()
		plies = plies || won && m.Proof == proof.ValuesOnly
		p = p.After(m.Move)
	}
	if t := searchedReach(from, src); t != "" {
		return t
	}
	if plies && src.offer.Plies(r.info.Info().ID) {
		return translations.TData("review.pack_plies", src.offer.data())
	}
	return ""
}

// searchedReach says how to get proof of what the search judged from the
// positions from (the review's moves, the explorer's): the pack to
// download where it holds one of them, else in the browser the site's
// tables, else, where the tables here (or on offer) hold none of them,
// that no table of the app covers them; "" where there is nothing to say.
func searchedReach(from []core.Position, src hintSources) string {
	if len(from) == 0 {
		return ""
	}
	seen := map[pack.Way]bool{}
	for _, p := range from {
		seen[reachOf(p, src).Way] = true
	}
	info := from[0].Info()
	d := map[string]any{"Count": info.PreyCount, "Prey": sideName(info, core.Prey), "Held": src.here().Held(info)}
	switch {
	case seen[pack.WayPackTable]:
		d["Pack"] = src.offer.data()["Pack"]
		return translations.TData("review.pack_table", d)
	case seen[pack.WayPackBound]:
		d["Pack"] = src.offer.data()["Pack"]
		return translations.TData("review.pack_bound", d)
	case seen[pack.WaySite]:
		return translations.TData("review.site_bound", d)
	case seen[pack.WayNotCovered] || seen[pack.WayNoBoundWin]:
		return translations.TData("review.not_covered", d)
	}
	return ""
}

// show puts the position after n moves on the board.
func (r *reviewScreen) show(n int) {
	n = max(0, min(n, len(r.moves)))
	r.cur = n
	var last core.Move
	if n > 0 {
		last = r.moves[n-1].Move
	}
	r.board.SetPosition(r.position(n), last)
	if n == 0 {
		r.posLabel.SetText(translations.TData("review.position_start", map[string]any{"Total": len(r.moves)}))
	} else {
		r.posLabel.SetText(translations.TData("review.position", map[string]any{
			"N": reviewMoveNumber(n - 1), "Move": displayMove(last), "Ply": n, "Total": len(r.moves)}))
	}
	text := ""
	if n > 0 {
		text = r.moveLine(n - 1)
	}
	r.verdictTxt.SetText(text)
	if n == 0 {
		r.prev.Disable()
	} else {
		r.prev.Enable()
	}
	if n == len(r.moves) {
		r.next.Disable()
	} else {
		r.next.Enable()
	}
}

// reviewMark is the side of a review row's verdict mark.
const reviewMark = 8

// wrappedRows lays out a list (its only object) whose rows are a text
// beside a mark inset wide, and gives each row the height of its text
// wrapped at the list's width, measured on meas: the width's every change
// and measure (new texts) measure them again.
type wrappedRows struct {
	list  *widget.List
	count func() int
	text  func(i int) string
	inset float32
	meas  *widgets.Paragraph
	width float32 // of the last measure
}

// measure sets every row's height for the list's width.
func (l *wrappedRows) measure() {
	if l.width <= 0 {
		return
	}
	l.meas.Resize(fyne.NewSize(l.width-l.inset, l.meas.Size().Height))
	for i := range l.count() {
		l.meas.SetText(l.text(i))
		l.list.SetItemHeight(i, l.meas.MinSize().Height)
	}
}

func (l *wrappedRows) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if size.Width != l.width {
		l.width = size.Width
		l.measure()
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *wrappedRows) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}
