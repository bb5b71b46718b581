package devharness

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/app"
	"huntchess/core"
	"huntchess/match"
	"huntchess/puzzles"
	"huntchess/storage"
	"huntchess/translations"
)

// open opens the screen the developer settings ask for, after the
// language, this run's settings and what is stored first.
func (h *Harness) open(c app.Control) {
	d := h.screen // the window's size: app.New, from WindowSize
	if l := translations.Lang(d.Lang); l.Valid() {
		translations.SetLanguage(l)
	}
	c.Override(func(s *storage.Settings) { // not saved
		if slices.Contains(storage.TimerChoices, d.Timer) {
			s.Timer = d.Timer
		}
		if slices.Contains(storage.TextScales, d.TextScale) {
			s.TextScale = d.TextScale
		}
		s.FaceToFace = s.FaceToFace || d.FaceToFace
		s.ConfirmMoves = s.ConfirmMoves || d.Confirm
		if d.Board != "" {
			s.BoardStyle = d.Board
		}
		if d.Pieces != "" {
			s.PieceStyle = d.Pieces
		}
		if l, ok := match.ParseLevel(d.Level); ok {
			s.Level = l
		}
	})
	if d.Stats != "" {
		c.Vault().SetString(storage.KeyStats, d.Stats)
	}
	if d.LessonsDone != "" {
		c.Vault().SetString(storage.KeyLessons, d.LessonsDone)
		c.Refresh() // the home cards show it
	}
	info, err := core.Lookup(d.Game)
	if err != nil {
		info = core.Games()[0]
	}
	mode := match.Mode(d.Mode)
	if !mode.Valid() {
		mode = match.ModeVsAIAsPredator
	}
	game := func() *core.Game {
		g, err := core.LoadRecord(info.Key, d.Moves)
		if err != nil {
			g = core.NewGameFrom(info.Start())
		}
		for i := 0; i < d.Plies && !g.Outcome().Over(); i++ {
			res := ai.Search(context.Background(), g.Position(), ai.Limits{Depth: 3, Nodes: 5000, History: g.History()})
			if g.PlayMove(res.Move) != nil {
				break
			}
		}
		return g
	}
	markSolved(c, info, d.Solved)
	addHistory(c, info, d.History)
	// afterTables runs f on the UI goroutine once the endgame tables have loaded.
	afterTables := func(f func()) {
		go func() {
			if t := c.Tables(); t != nil {
				t.Wait()
			}
			c.Do(f)
		}()
	}
	switch d.Screen {
	case "history":
		c.ShowHistory()
	case "confirm-move":
		c.Override(func(s *storage.Settings) { s.ConfirmMoves = true }) // not saved
		c.OpenGame(game(), mode)
		if s := c.Playing(); s.HumanTurn() {
			c.ChooseMove(s.Game().LegalMoves()[0])
		}
	case "replay":
		c.ShowHistory()
		if games := c.History().Games(); len(games) > 0 {
			c.ShowReplay(games[0], d.Plies)
		}
	case "newgame":
		c.ShowNewGame(info)
	case "game", "gameover":
		c.OpenGame(game(), mode)
	case "rules":
		c.ShowRules(info)
	case "about":
		c.ShowAbout()
	case "stats":
		c.ShowStats()
	case "settings":
		c.ShowSettings()
	case "resume":
		c.OfferResume()
	case "review": // the game's review, once the endgame table has loaded
		c.OpenGame(game(), mode)
		afterTables(func() {
			c.Review()
			if d.Reveal {
				reveal(c)
			}
		})
	case "hint": // the hint, once the endgame table has loaded (scripts/store-shots.sh)
		c.OpenGame(game(), mode)
		afterTables(func() {
			c.Hint()
			if d.Reveal {
				reveal(c)
			}
		})
	case "draw-offer", "draw-agreed":
		c.OpenGame(game(), mode)
		c.Playing().OfferDraw() // two players: the other one is asked
		if d.Screen == "draw-agreed" {
			c.AcceptDraw()
		}
	case "resign":
		c.OpenGame(game(), mode)
		c.Resign()
	case "leave":
		c.OpenGame(game(), mode)
		c.Leave()
	case "browse":
		c.OpenGame(game(), mode)
		c.ShowPly(c.Playing().Game().Len() / 2)
	case "paste-error":
		c.OpenGame(game(), mode)
		fyne.CurrentApp().Clipboard().SetContent("d4-d5 c3-c9")
		c.Paste()
	case "watch-paused":
		c.OpenGame(game(), mode)
		c.Playing().Hold()
	case "lessons":
		c.ShowLessons(info)
	case "lesson":
		c.ShowLesson(info, d.Lesson, d.LessonState)
	case "puzzles":
		c.ShowPuzzles(info)
	case "puzzle":
		c.ShowPuzzle(info, d.Puzzle, "")
	case "puzzle-wrong":
		c.ShowPuzzle(info, d.Puzzle, "wrong")
	case "puzzle-solved":
		c.ShowPuzzle(info, d.Puzzle, "solved")
	case "confirm":
		c.OpenGame(game(), mode)
		c.StartNewGame(info)
	case "explore": // the explorer at the game's position, once the tables have loaded
		afterTables(func() { c.ShowExplore(game()) })
	case "explore-paste": // a position line pasted (HUNTCHESS_LINE, default pasteLine) and explored
		line := d.Line
		if line == "" {
			line = pasteLine
		}
		afterTables(func() {
			c.ShowExplore(game())
			c.PastePosition(line)
		})
	case "explore-paste-error": // a position refused, with its reason
		afterTables(func() {
			c.ShowExplore(game())
			c.PastePosition(info.Key + ": predator:c3,c4 prey:- turn:prey captured:0 hand:0")
		})
	case "setup", "setup-refused": // the position editor from the explorer, HUNTCHESS_EDIT made; then Done
		afterTables(func() {
			c.ShowExplore(game())
			c.SetUp()
			if err := c.EditPosition(strings.Fields(d.Edit)); err != nil {
				fmt.Fprintln(os.Stderr, "HUNTCHESS_EDIT:", err)
			}
			if d.Screen == "setup-refused" {
				c.EditorDone()
			}
		})
	}
}

// reveal opens every disclosure of the screen shown and scrolls its
// panels to their end (HUNTCHESS_REVEAL), once the hint search is done
// (and the review's first second has passed).
func reveal(c app.Control) {
	go func() {
		for i := 0; i < 100; i++ {
			time.Sleep(100 * time.Millisecond)
			done := make(chan bool, 1)
			c.Do(func() {
				s := c.Playing()
				done <- s == nil || !s.Hinting()
			})
			idle := false
			select {
			case idle = <-done:
			case <-time.After(10 * time.Second): // the app is stopping
				return
			}
			if idle && i >= 10 {
				break
			}
		}
		c.Do(func() {
			eachObject(c.Window().Content(), func(o fyne.CanvasObject) {
				if a, ok := o.(*widget.Accordion); ok && a.Visible() {
					a.OpenAll()
				}
			})
		})
		time.Sleep(300 * time.Millisecond)
		c.Do(func() {
			eachObject(c.Window().Content(), func(o fyne.CanvasObject) {
				if s, ok := o.(*container.Scroll); ok {
					s.ScrollToBottom()
				}
			})
		})
	}()
}

// eachObject calls f on o and every object in its containers and scrolls.
func eachObject(o fyne.CanvasObject, f func(fyne.CanvasObject)) {
	f(o)
	switch t := o.(type) {
	case *fyne.Container:
		for _, c := range t.Objects {
			eachObject(c, f)
		}
	case *container.Scroll:
		eachObject(t.Content, f)
	}
}

// markSolved marks the game's first n puzzles solved (HUNTCHESS_SOLVED).
func markSolved(c app.Control, info *core.GameInfo, n int) {
	list := puzzles.For(info.ID)
	for _, pz := range list[:min(max(n, 0), len(list))] {
		storage.MarkPuzzleSolved(c.Vault(), pz)
	}
	if n > 0 {
		c.Refresh() // the home card counts them
	}
}

// tearSettings prepares the "recovery" screen: the settings file in dir
// is written twice (so a previous copy exists), then torn in half, as a
// crash in the middle of a write would leave it without the atomic write.
func tearSettings(dir string, base storage.Prefs) {
	vt := storage.OpenVault(dir, base)
	s := storage.LoadSettings(vt)
	s.Save(vt)
	vt.Flush()
	s.Sound = !s.Sound
	s.Save(vt)
	s.Sound = !s.Sound
	s.Save(vt)
	vt.Flush()
	path := filepath.Join(dir, storage.VaultFile(storage.GroupSettings))
	if raw, err := os.ReadFile(path); err == nil {
		_ = os.WriteFile(path, raw[:len(raw)/2], 0o644)
	}
}

// pasteLine is the position explore-paste pastes without HUNTCHESS_LINE:
// Surround the Lion with four dogs taken, the dogs to move (a win in 50
// in its table).
const pasteLine = "surround-the-lion: predator:c2 prey:a1,b1,c1,a2,e2,a3,e3,c4,e4,a5,d5,e5 turn:prey captured:4 hand:0"
