//go:build ci

package app

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/match"
	"huntchess/pack"
	"huntchess/proof"
	"huntchess/session"
	"huntchess/storage"
	"huntchess/tables"
	"huntchess/translations"
)

// The hint speaks a player's words (what to play,
// whether it wins, how sure) and keeps the exact facts (what proves it,
// the plies, the line left) under Details. Issue 41: where nothing here
// proves the position and the pack would, it says how to get proof (the
// pack's size, where to download it). Each kind of proof, from the real
// shipped tables and strategies, in both languages.

var bothLanguages = []translations.Lang{translations.English, translations.Chinese}

// provenMark is the mark of a proof in a hint's line, in the current
// language: "(proven" as in "(proven, 34 moves to go)".
func provenMark() string {
	return strings.TrimSuffix(translations.T("review.by_proof"), map[bool]string{true: ")", false: "）"}[translations.Current() == translations.English])
}

// TestHintSaysWhatProvesIt: the endgame table, the proven strategy, the
// bound strategy, values without plies; the line says the result with the
// plies, the details what proves it with the same plies.
func TestHintSaysWhatProvesIt(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	lionT, err := tables.OpenShipped(core.SurroundTheLion, false)
	require.NoError(t, err)
	defer lionT.Close()
	lionS, err := tables.OpenShippedStrategy(core.SurroundTheLion)
	require.NoError(t, err)
	wolfS, err := tables.OpenShippedStrategy(core.BeatTheWolf)
	require.NoError(t, err)
	require.True(t, wolfS.Bound)

	lion := core.SurroundTheLion.Info()
	p := lion.Start()
	m, v, plies, ok := lionT.Best(p)
	require.True(t, ok)
	_, sPlies, onS := lionS.Probe(p)
	require.True(t, onS)
	score := func(v tablebase.Value, plies int) int {
		win := v == tablebase.Win
		if win {
			return 30000 - plies
		}
		return -(30000 - plies)
	}
	dm, dv, dPlies, ok := lionT.Best(p.After(m))
	require.True(t, ok)
	require.Equal(t, tablebase.Win, dv)
	wolf := core.BeatTheWolf.Info()
	start := wolf.Start()
	wv, wPlies, onW := wolfS.Probe(start)
	require.True(t, onW)
	wm := core.NewGameFrom(start).LegalMoves()[0]
	cases := []struct {
		name   string
		p      core.Position
		res    ai.Result
		src    hintSources
		prefix string // the line's first message
		detail string // the first fact's message
		plies  int
	}{
		// The lion moves first, and loses: the best defence.
		{"the table", p, ai.Result{Move: m, Proof: proof.Exact, Score: score(v, plies)}, hintSources{strategy: lionS, table: lionT},
			"hint.best_defence", "hint.detail_table", plies},
		{"the strategy", p, ai.Result{Move: m, Proof: proof.Exact, Score: score(v, sPlies)}, hintSources{strategy: lionS},
			"hint.best_defence", "hint.detail_strategy", sPlies},
		// The dogs to move, on their win.
		{"the table, winning", p.After(m), ai.Result{Move: dm, Proof: proof.Exact, Score: score(dv, dPlies)}, hintSources{strategy: lionS, table: lionT},
			"hint.best", "hint.detail_table", dPlies},
		{"the bound strategy", start, ai.Result{Move: wm, Proof: proof.Bound, Score: score(wv, wPlies)}, hintSources{strategy: wolfS},
			"hint.best_defence", "hint.detail_bound_strategy", wPlies},
	}
	for _, c := range cases {
		w := hintText(c.p, c.res, c.src, nil)
		for _, lang := range bothLanguages {
			translations.SetLanguage(lang)
			n := w()
			require.True(t, strings.HasPrefix(n.text, firstSentence(translations.T(c.prefix))), "%s %s: %q", c.name, lang, n.text)
			require.Contains(t, n.text, displayMove(c.res.Move))
			require.Contains(t, n.text, strconv.Itoa(c.plies), "%s %s: the plies on the line", c.name, lang)
			require.Contains(t, n.text, sideName(c.p.Info(), core.Prey), "%s %s: the winner", c.name, lang)
			require.Contains(t, n.text, provenMark())
			want := translations.TPlural(c.detail, c.plies, map[string]any{"Side": sideName(c.p.Info(), core.Prey)})
			require.True(t, strings.HasPrefix(n.details, want), "%s %s: %q", c.name, lang, n.details)
			require.Contains(t, n.details, strconv.Itoa(c.plies), "%s %s: the plies in the facts", c.name, lang)
		}
	}
}

// offerUnasked is the pack on offer before the site was asked (its size
// not known); offerAsked after the site's manifest said its size.
func offerUnasked() packOffer { return offerOf(pack.Status{}) }

func offerAsked(bytes int64) packOffer {
	m := &pack.Manifest{Format: 2, Files: []pack.File{
		{Name: "beat-the-wolf.bound.hctb", Game: "beat-the-wolf", Size: bytes - 1000},
		{Name: "wolf-carries-pig.hctb", Game: "wolf-carries-pig", Size: 1000},
	}}
	return offerOf(pack.Status{Phase: pack.Offer, Remote: m, Missing: bytes})
}

// packNamed is how the pack is named in the current language: as the
// settings name it (Settings → Perfect play), with its size where it is
// known, else the settings' button that finds it.
func packNamed(o packOffer) string { return o.data()["Pack"].(string) }

// testBound is the 8-dog bound table of the tests (an installed pack's
// bound table, or the site's in the browser).
func testBound(t *testing.T) *tablebase.Table {
	b, err := tablebase.Open("../ai/testdata/beat-the-wolf-8dogs.bound.hctb")
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })
	return b
}

// boundNoWin is a position the bound table b holds where the dogs cannot
// force a win without losing one (the side to move is not on their win).
func boundNoWin(t *testing.T, b *tablebase.Table) core.Position {
	p, err := core.ParsePosition(core.BeatTheWolf.String(), "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0")
	require.NoError(t, err)
	frontier := []core.Position{p}
	for depth := 0; depth < 3; depth++ {
		var next []core.Position
		for _, q := range frontier {
			for _, m := range q.GenMoves(nil) {
				c := q.After(m)
				if c.Outcome().Over() {
					continue
				}
				if _, ok := (proof.BoundTable{T: b}).Probe(c); ok {
					next = append(next, c)
					continue
				}
				if _, _, ok := b.ProbeBound(c); ok {
					return c
				}
			}
		}
		frontier = next
	}
	t.Fatal("no position of the bound table without the dogs' win found")
	return core.Position{}
}

// TestHintSaysHowToGetProof: off Beat the Wolf's proven line, a search's
// hint is a judgement, not a proof (hint.detail_search), and says how to
// get proof, by where the app runs and what it has:
//   - the pack not installed, all 17 dogs on the board: the pack may prove
//     it, named as the settings name it, with its size from the site's
//     manifest, or before the site was asked the button that finds it (no
//     number the app does not know);
//   - the browser: the site's tables, read online;
//   - a bound table here (the pack installed, or the site's read): where it
//     holds the position, that the dogs cannot win without losing one;
//     where it does not, that no table covers it, and no offer;
//   - after a capture (the pack's tier is the 17 dogs'): no table covers
//     it, and no offer;
//   - nothing of a pack at all (its manifest without the game): no proof.
//
// A table of values (the pig's shipped one): the pack adds the plies.
func TestHintSaysHowToGetProof(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	s, err := tables.OpenShippedStrategy(core.BeatTheWolf)
	require.NoError(t, err)
	info := core.BeatTheWolf.Info()
	g, _ := offLineGame(t, core.BeatTheWolf, s, 2, 0)
	p := g.Position()
	require.Equal(t, info.PreyCount, p.PreyOnBoard(), "no dog taken yet: %s", g.Record())
	res := ai.Result{Move: g.LegalMoves()[0], Score: 40, Depth: 9}
	c := firstCaptureGame(t, core.BeatTheWolf.String())
	cp := c.Position()
	require.Less(t, cp.PreyOnBoard(), info.PreyCount)
	require.False(t, c.Outcome().Over())
	cres := ai.Result{Move: c.LegalMoves()[0], Score: 40}
	b := testBound(t)
	nowin := boundNoWin(t, b)
	unasked, asked := offerUnasked(), offerAsked(247_348_211)
	require.True(t, unasked.has(core.BeatTheWolf))
	require.Zero(t, unasked.Bytes, "the size is not known before the site is asked")

	for _, lang := range bothLanguages {
		translations.SetLanguage(lang)
		where := translations.T("settings.title") + " → " + translations.T("settings.pack")
		prey := sideName(info, core.Prey)
		notProof := firstSentence(translations.T("hint.no_proof"))
		common := func(name string, n hintNote) {
			require.True(t, strings.HasPrefix(n.text, firstSentence(translations.T("hint.search_move"))), "%s %s: %q", name, lang, n.text)
			require.Contains(t, n.details, translations.T("hint.detail_search"), "%s %s", name, lang)
			require.NotContains(t, n.text, provenMark(), "%s %s", name, lang)
		}

		// Not installed, the site asked: the size.
		n := gameHintWords(g, res, hintSources{strategy: s, offer: asked})()
		common("asked", n)
		require.Contains(t, n.text, translations.TData("hint.pack_may_prove", asked.data()))
		require.Contains(t, n.text, "247.3 MB")
		require.Contains(t, n.text, where)
		require.Contains(t, n.details, translations.TPlural("hint.detail_depth", 9, nil))
		require.Contains(t, n.details, translations.TData("hint.detail_pack_bound", map[string]any{
			"Count": info.PreyCount, "Prey": prey, "Pack": packNamed(asked)}))

		// Not installed, the site not asked: the settings' button for the size.
		n = gameHintWords(g, res, hintSources{strategy: s, offer: unasked})()
		common("unasked", n)
		require.Contains(t, n.text, translations.TData("hint.pack_may_prove", unasked.lineData()))
		require.Contains(t, n.text, where)
		require.Contains(t, n.details, translations.T("pack.check"), "the details: how to learn the size")
		require.Contains(t, n.details, packNamed(unasked))
		require.NotContains(t, n.text+n.details, "MB")

		// The browser, the site's table not read (yet, or offline).
		n = gameHintWords(g, res, hintSources{strategy: s, site: true})()
		common("browser", n)
		require.True(t, strings.HasSuffix(n.text, translations.T("hint.site_may_prove")), "%s: %q", lang, n.text)
		require.Contains(t, n.details, translations.TData("hint.detail_site_bound", map[string]any{
			"Count": info.PreyCount, "Prey": prey, "Where": where}))
		require.NotContains(t, n.text+n.details, "MB")

		// A bound table here that does not hold the position (its 8 dogs
		// against the 17 on the board): no table covers it, and no offer,
		// installed or in the browser.
		for name, src := range map[string]hintSources{
			"installed":    {strategy: s, bound: b},
			"browser+read": {strategy: s, bound: b, site: true},
		} {
			n = gameHintWords(g, res, src)()
			common(name, n)
			require.True(t, strings.HasSuffix(n.text, translations.T("hint.no_proof")), "%s %s: %q", name, lang, n.text)
			require.Contains(t, n.details, translations.TData("hint.detail_not_covered", map[string]any{
				"Held": 8, "Prey": prey, "N": info.PreyCount}), "%s %s", name, lang)
			require.NotContains(t, n.text+n.details, where, "%s %s: no offer", name, lang)
		}
		// ... and where it holds it: the dogs cannot win without losing one.
		n = hintText(nowin, ai.Result{Move: core.NewGameFrom(nowin).LegalMoves()[0], Score: 5}, hintSources{strategy: s, bound: b}, nil)()
		require.True(t, strings.HasSuffix(n.text, translations.TData("hint.bound_no_win", map[string]any{"Prey": prey})), "%s: %q", lang, n.text)
		require.Contains(t, n.details, translations.TData("hint.detail_bound_no_win", map[string]any{"Prey": prey}))
		require.NotContains(t, n.text+n.details, where)

		// After a capture: the pack's tier is the 17 dogs': nothing to
		// offer, however the app runs.
		for name, src := range map[string]hintSources{
			"not installed": {strategy: s, offer: asked},
			"browser":       {strategy: s, site: true},
		} {
			n = gameHintWords(c, cres, src)()
			require.True(t, strings.HasSuffix(n.text, translations.T("hint.no_proof")), "%s %s: %q", name, lang, n.text)
			require.Contains(t, n.details, translations.TData("hint.detail_not_covered", map[string]any{
				"Held": info.PreyCount, "Prey": prey, "N": cp.PreyOnBoard()}), "%s %s", name, lang)
			require.NotContains(t, n.text+n.details, where, "%s %s: no offer", name, lang)
			require.NotContains(t, n.text+n.details, "MB", "%s %s", name, lang)
		}

		// No pack of the game (its manifest without Beat the Wolf), no site:
		// no proof, and nothing of tables.
		n = gameHintWords(g, res, hintSources{strategy: s})()
		require.True(t, strings.HasSuffix(n.text, translations.T("hint.no_proof")), "%s: %q", lang, n.text)
		require.True(t, strings.HasPrefix(n.text[strings.LastIndex(n.text, notProof):], notProof))
		require.NotContains(t, n.details, translations.T("settings.pack"))
	}

	// The pig's table of values: a proven win, its plies not known here;
	// the pack has them.
	pig := core.WolfCarriesPig.Info().Start()
	won := ai.Result{Proof: proof.ValuesOnly, Score: 30000 - 500}
	for _, lang := range bothLanguages {
		translations.SetLanguage(lang)
		n := hintText(pig, won, hintSources{offer: asked}, nil)()
		require.Equal(t, translations.TData("hint.win_noplies", map[string]any{"Side": sideName(pig.Info(), pig.ToMove)}), n.text)
		require.True(t, strings.HasPrefix(n.details, translations.T("hint.detail_values")))
		require.Contains(t, n.details, packNamed(asked))
		n = hintText(pig, won, hintSources{}, nil)()
		require.Equal(t, translations.T("hint.detail_values"), n.details, "%s: installed, nothing to offer", lang)
	}

	// A bound win from the pack's table (off the strategy): proven, the
	// pack named as the proof, and no offer.
	bound := ai.Result{Move: g.LegalMoves()[0], Proof: proof.Bound, Score: -(30000 - 61)}
	for _, lang := range bothLanguages {
		translations.SetLanguage(lang)
		n := gameHintWords(g, bound, hintSources{strategy: s})()
		want := translations.TPlural("hint.detail_bound_pack", 61, map[string]any{"Side": sideName(info, core.Prey)})
		require.True(t, strings.HasPrefix(n.details, want), "%s: %q", lang, n.details)
		require.Contains(t, n.text, "61")
		require.NotContains(t, n.text, "MB")
	}
}

// offerOf: before the site was asked, the pack's games with no size (the
// app knows none: the settings find it); then what of the site's manifest
// is missing, its size; nothing once it is all in.
func TestPackOffer(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	o := offerOf(pack.Status{})
	require.Zero(t, o.Bytes)
	require.True(t, o.has(core.BeatTheWolf))
	require.True(t, o.has(core.WolfCarriesPig))
	require.False(t, o.has(core.SurroundTheLion), "shipped whole: no pack to offer")
	for _, lang := range bothLanguages {
		translations.SetLanguage(lang)
		require.NotContains(t, packNamed(o), "MB")
		require.Contains(t, packNamed(o), translations.T("pack.check"))
		require.Contains(t, packNamed(o), translations.T("settings.pack"))
	}

	m := &pack.Manifest{Format: 2, Files: []pack.File{
		{Name: "beat-the-wolf.bound.hctb", Game: "beat-the-wolf", Size: 1000},
		{Name: "wolf-carries-pig.hctb", Game: "wolf-carries-pig", Size: 500},
	}}
	o = offerOf(pack.Status{Phase: pack.Offer, Remote: m, Missing: 1_500_000})
	require.Equal(t, int64(1_500_000), o.Bytes)
	require.True(t, o.has(core.BeatTheWolf))
	for _, lang := range bothLanguages {
		translations.SetLanguage(lang)
		require.Contains(t, packNamed(o), "1.5 MB")
		require.NotContains(t, packNamed(o), translations.T("pack.check"))
	}

	pigOnly := &pack.Manifest{Format: 2, Files: m.Files[1:]}
	o = offerOf(pack.Status{Phase: pack.Offer, Remote: m, Installed: pigOnly, Missing: 1000})
	require.True(t, o.has(core.BeatTheWolf))
	require.False(t, o.has(core.WolfCarriesPig), "installed")
	require.False(t, offerOf(pack.Status{Phase: pack.Offer, Remote: pigOnly, Missing: 500}).has(core.BeatTheWolf), "the site's pack without the game")

	require.Equal(t, packOffer{}, offerOf(pack.Status{Phase: pack.Installed, Remote: m, Installed: m}))
	require.Equal(t, packOffer{}, offerOf(pack.Status{Phase: pack.Installed, Installed: m}), "the pack installed")
	require.Equal(t, packOffer{}, offerOf(pack.Status{Phase: pack.Offer, Remote: m, Missing: 0}), "nothing missing")
	require.False(t, packOffer{}.has(core.BeatTheWolf))
}

// Beat the Wolf's whole exact table in the pack (beat-the-wolf.hctb, as
// its manifest names it): the hint and the review offer it for every
// position nothing here proves, after a capture too (the bound tier's
// offer would say no table covers it), as a table with the plies; the
// values-only proof's plies are offered too.
func TestPackOfferOfTheWholeTable(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	s, err := tables.OpenShippedStrategy(core.BeatTheWolf)
	require.NoError(t, err)
	m := &pack.Manifest{Format: 2, Files: []pack.File{
		{Name: "beat-the-wolf.hctb", Game: "beat-the-wolf", Size: 2_000_000},
	}}
	whole := offerOf(pack.Status{Phase: pack.Offer, Remote: m, Missing: 2_000_000})
	require.True(t, whole.Plies(core.BeatTheWolf))
	info := core.BeatTheWolf.Info()
	g, _ := offLineGame(t, core.BeatTheWolf, s, 2, 0)
	c := firstCaptureGame(t, core.BeatTheWolf.String())
	for _, lang := range bothLanguages {
		translations.SetLanguage(lang)
		for _, game := range []*core.Game{g, c} {
			p := game.Position()
			n := gameHintWords(game, ai.Result{Move: game.LegalMoves()[0], Score: 40}, hintSources{strategy: s, offer: whole})()
			require.Contains(t, n.text, translations.TData("hint.pack_may_prove", whole.lineData()), "%s: %q", lang, n.text)
			require.Contains(t, n.text, "2.0 MB")
			require.Contains(t, n.details, translations.TData("hint.detail_pack_table", whole.data()))
			require.NotContains(t, n.details, translations.TData("hint.detail_not_covered", map[string]any{
				"Held": info.PreyCount, "Prey": sideName(info, core.Prey), "N": p.PreyOnBoard()}))
		}
		require.Contains(t, searchedReach([]core.Position{c.Position()}, hintSources{strategy: s, offer: whole}),
			translations.TData("review.pack_table", whole.data()))
		n := hintText(info.Start(), ai.Result{Proof: proof.ValuesOnly, Score: 30000 - 500}, hintSources{offer: whole}, nil)()
		require.Contains(t, n.details, translations.TData("hint.detail_pack_plies", whole.data()))
		n = hintText(info.Start(), ai.Result{Proof: proof.ValuesOnly, Score: 30000 - 500}, hintSources{offer: offerAsked(3_000_000)}, nil)()
		require.NotContains(t, n.details, translations.TData("hint.detail_pack_plies", offerAsked(3_000_000).data()), "the bound tier has no plies of the endgames")
	}
}

// The review says how to get proof where the search judged a move from a
// position the pack holds (its size where the site said it), what
// applies in the browser, and where the tables here hold none of those
// positions that no table covers them, with no offer.
func TestReviewSaysHowToGetProof(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	s, err := tables.OpenShippedStrategy(core.BeatTheWolf)
	require.NoError(t, err)
	g, left := offLineGame(t, core.BeatTheWolf, s, 2, 0)
	moves := session.ReviewGame(g, proof.GameStack(nil, s, nil))
	require.GreaterOrEqual(t, left, 0)
	for i := range moves { // as SearchReview leaves them
		if moves[i].Verdict == session.VerdictUnknown {
			moves[i].Verdict = session.VerdictGood
		}
	}
	info := g.Info()
	asked := offerAsked(123_456_789)
	r := &reviewScreen{info: g, moves: moves, strategy: s, src: hintSources{offer: asked}}
	for _, lang := range bothLanguages {
		translations.SetLanguage(lang)
		prey := sideName(info, core.Prey)
		sum := r.summaryText()
		require.Contains(t, sum, translations.TData("review.pack_bound", map[string]any{"Count": info.PreyCount, "Prey": prey, "Pack": packNamed(asked)}), lang)
		require.Contains(t, sum, "123.5 MB", lang)
		require.Contains(t, sum, translations.TData("review.no_table_strategy_bound", map[string]any{"Side": prey}))

		r.src = hintSources{site: true}
		sum = r.summaryText()
		require.Contains(t, sum, translations.TData("review.site_bound", map[string]any{"Count": info.PreyCount, "Prey": prey}), lang)
		require.NotContains(t, sum, "MB")

		where := translations.T("settings.title") + " → " + translations.T("settings.pack")
		r.src = hintSources{bound: testBound(t)} // installed, its tier not the 17 dogs'
		sum = r.summaryText()
		require.Contains(t, sum, translations.TData("review.not_covered", map[string]any{"Held": 8, "Prey": prey}), lang)
		require.NotContains(t, sum, where, "no offer")

		r.src = hintSources{}
		require.NotContains(t, r.summaryText(), translations.T("settings.pack"))
		r.src = hintSources{offer: asked}
	}
	// With the endgame table too (Beat the Wolf's endgames), the moves the
	// search judged are still explained.
	translations.SetLanguage(translations.English)
	r.table = true
	require.Contains(t, r.summaryText(), translations.TData("review.no_table_strategy_bound", map[string]any{"Side": sideName(g.Info(), core.Prey)}))
}

// On the game screen the hint in words is in the text's own colour, its
// facts under Details (closed until opened, and open from then on); a
// turn lost to the clock is a warning, in the warning colour (issue 43:
// every notice was in warning orange).
func TestHintNoticeColourAndDetails(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 15)
	h := newHarness(t, fa, func(o *Options) {
		o.EndgameTables = true // and so the pack's job: no pack installed
		o.Hint = func(_ context.Context, g *core.Game) ai.Result {
			return ai.Result{Move: g.LegalMoves()[0], Score: 40, Depth: 7}
		}
	})
	g := h.startGame(0, match.ModeTwoPlayers)
	require.Equal(t, core.BeatTheWolf, g.info.ID)
	require.Empty(t, g.details.shown(), "no hint, no details")
	test.Tap(g.hintBtn)
	h.waitFor("the hint", func() bool { return g.board.Hint().Kind != core.MoveNone && !g.sess.Hinting() })
	h.drain()
	require.True(t, g.noticeLabel.Visible())
	require.True(t, strings.HasPrefix(g.noticeLabel.Text, firstSentence(translations.T("hint.search_move"))), g.noticeLabel.Text)
	require.Equal(t, widget.MediumImportance, g.noticeLabel.Importance, "a hint is no warning")
	facts := g.details.shown()
	require.Contains(t, facts, translations.T("hint.detail_search"))
	require.Contains(t, facts, translations.TPlural("hint.detail_depth", 7, nil))
	require.Contains(t, facts, translations.T("pack.check"), "no pack here: how to get proof (the settings' button finds its size)")
	require.NotContains(t, facts, "MB", "the site not asked: no size the app does not know")
	require.False(t, g.details.item.Open, "closed until the player opens it")
	require.Equal(t, translations.T("hint.details"), g.details.item.Title)
	g.details.acc.Open(0)

	// The move takes the hint away, and its details.
	g.board.OnMove(g.board.Hint())
	h.drain()
	require.False(t, g.noticeLabel.Visible())
	require.Empty(t, g.details.shown())

	// The next hint's details open as the player left them, in Chinese too.
	translations.SetLanguage(translations.Chinese)
	h.drain()
	g = h.gameScreen()
	test.Tap(g.hintBtn)
	h.waitFor("the hint", func() bool { return g.board.Hint().Kind != core.MoveNone && !g.sess.Hinting() })
	h.drain()
	require.True(t, g.details.item.Open)
	require.Equal(t, "详情", g.details.item.Title)
	require.Contains(t, g.details.shown(), translations.T("hint.detail_search"))
	require.Equal(t, widget.MediumImportance, g.noticeLabel.Importance)

	// The clock runs out: the turn passes, a warning.
	h.clock.Advance(16 * time.Second)
	g.tick()
	h.drain()
	require.Equal(t, translations.T("game.pass_timeout"), g.noticeLabel.Text)
	require.Equal(t, widget.WarningImportance, g.noticeLabel.Importance)
	require.Empty(t, g.details.shown())
}

// Only a lost turn and a saved game read in part are warnings among the
// session's notices.
func TestNoticeWarnsOnlyOfWarnings(t *testing.T) {
	for id, warn := range map[string]bool{
		"game.pass_timeout": true, "resume.partial": true,
		"paste.copied": false, "draw.declined": false, "": false,
	} {
		require.Equal(t, warn, noticeWarns(id), id)
	}
}

// provenHint is a hint as the proven strategy gives it to Beat the Wolf's
// wolf: the first legal move, lost in at most 40 moves — the longest of the
// hints in words (three lines on a phone).
func provenHint(_ context.Context, g *core.Game) ai.Result {
	return ai.Result{Move: g.LegalMoves()[0], Score: -(30000 - 40), Proof: proof.Bound}
}

// offLineGame plays game id from the start along its proven strategy s,
// the loser answering with its first legal move, until the winner's
// (off+1)-th turn, where it plays a move the strategy does not cover; then
// extra plies more that stay off it (a move may lead back onto the line: a
// tempo lost, the loser's reply a transposition). It returns the game and
// the index of the move that left the line.
func offLineGame(t *testing.T, id core.GameID, s *strategy.Strategy, off, extra int) (*core.Game, int) {
	t.Helper()
	g := core.NewGameFrom(id.Info().Start())
	turns, left := 0, -1
	for left < 0 || g.Len() < left+1+extra {
		require.False(t, g.Outcome().Over(), "the game ended first: %s", g.Record())
		p := g.Position()
		m := g.LegalMoves()[0]
		if left >= 0 {
			for _, c := range g.LegalMoves() {
				next := p.After(c)
				if _, _, on := s.Probe(next); !on && !next.Outcome().Over() {
					m = c
					break
				}
			}
		}
		if left < 0 && p.ToMove == s.WinnerSide() {
			sm, _, ok := s.Move(p)
			require.True(t, ok, "on the line at %s", g.Record())
			m = sm
			if turns == off {
				off := func(q core.Position) bool { _, _, on := s.Probe(q); return !on && !q.Outcome().Over() }
				for _, c := range g.LegalMoves() {
					next := p.After(c)
					if !off(next) {
						continue
					}
					for _, r := range next.GenMoves(nil) {
						if off(next.After(r)) { // the loser can stay off it
							m, left = c, g.Len()
							break
						}
					}
					if left >= 0 {
						break
					}
				}
				require.GreaterOrEqual(t, left, 0, "no move leaves the line at %s", g.Record())
			}
			turns++
		}
		require.NoError(t, g.PlayMove(m))
	}
	return g, left
}

// "Proven win from the start" was followed, once the computer's dogs left
// their proven line, by a bare "Not proven". Off the line the hint says
// the search found the move and nothing proves the position; its details
// say whose proven win the game left and at which move, in both
// languages; on the line it gives the strategy's value as before.
func TestHintSaysWhereTheProvenLineWasLeft(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	for _, id := range []core.GameID{core.SurroundTheLion, core.BeatTheWolf} {
		s, err := tables.OpenShippedStrategy(id)
		require.NoError(t, err)
		require.NotNil(t, s, "%s: the shipped strategy", id)
		info := id.Info()
		for _, extra := range []int{1, 6} {
			g, left := offLineGame(t, id, s, 2, extra)
			moves := g.Moves()
			l := provenLineLeft(g, s)
			require.NotNil(t, l, "%s: %s", id, g.Record())
			require.Equal(t, left, l.ply)
			require.Equal(t, moves[left], l.move)
			require.Equal(t, s.WinnerSide(), l.winner)

			hint := g.LegalMoves()[0]
			w := gameHintWords(g, ai.Result{Move: hint, Score: 12}, hintSources{strategy: s})
			n := left/2 + 1
			for _, lang := range []translations.Lang{translations.English, translations.Chinese} {
				translations.SetLanguage(lang)
				note := w()
				require.True(t, strings.HasSuffix(note.text, translations.T("hint.no_proof")), "%s: %q", id, note.text)
				require.Contains(t, note.details, translations.TData("hint.detail_left", map[string]any{
					"Side": sideName(info, s.WinnerSide()), "N": n, "Move": displayMove(moves[left])}), "%s %s", id, lang)
				require.Contains(t, note.details, strconv.Itoa(n)+". "+displayMove(moves[left]))
				require.Contains(t, note.details, sideName(info, s.WinnerSide()))
			}
		}
		// On the line nothing was left: the strategy's own value is shown.
		on := core.NewGameFrom(info.Start())
		require.Nil(t, provenLineLeft(on, s))
		if id == core.SurroundTheLion {
			// Back on the line (the dogs lost a tempo, the lion went back):
			// nothing is left, the strategy covers the position again.
			back, err := core.LoadRecord(info.Key, "c3-c2 b1-b2 c2-b1 d1-c2 b1-a1 e1-d1 a1-b1")
			require.NoError(t, err)
			_, _, ok := s.Probe(back.Position())
			require.True(t, ok)
			require.Nil(t, provenLineLeft(back, s))
		}
		translations.SetLanguage(translations.English)
		// Without a strategy (a game whose start is not proven) no line was
		// left: the facts say only that nothing proves the position.
		pig := gameHintWords(core.NewGameFrom(core.WolfCarriesPig.Info().Start()), ai.Result{Score: 12}, hintSources{})()
		require.Equal(t, translations.T("hint.no_proof"), pig.text)
		require.Equal(t, translations.T("hint.detail_search"), pig.details)
	}
}
