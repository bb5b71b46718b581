package tables

import (
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// LineKind is what the owner has of a game, as the game panel's table line
// says it: not what is proven of a position (a game's proof stack answers
// that), but which files are here and how far along they are.
type LineKind int

// The kinds of table line.
const (
	LineNone LineKind = iota // nothing here: no line
	// LineStrategy: no table here; a strategy proves the win from the
	// start (Line.Winner's).
	LineStrategy
	// LineStrategyBound: no table here; a bound strategy or the bound
	// table proves the prey's win without giving up a piece.
	LineStrategyBound
	// LineReady: the game's exact table is open.
	LineReady
	// LineReadyMoving: the table is open and covers the moving phase only
	// (deer chess's, solved here: none while pieces are placed).
	LineReadyMoving
	// LineReadyBound: the table is open and a bound proof (a bound strategy
	// or the bound table) proves the win from the start too (Beat the
	// Wolf).
	LineReadyBound
	LineBuilding // being solved; Line.Frac tells how far
	LineFetching // being downloaded; Line.Frac tells how far
	LineLoading  // being read
	LineFailed   // could not be had: Master and the hints search instead
)

// Line is the answer to "what does the owner have of this game?": its kind,
// how far a solve or download got (Frac, 0 to 1), and whose win from the
// start is proven (Winner: the strategy's, else the prey's, which is what a
// bound table proves) for LineStrategy, LineStrategyBound and
// LineReadyBound.
type Line struct {
	Kind   LineKind
	Frac   float64
	Winner core.Side
}

// Line is what the owner has of game id for its table line (a nil owner:
// LineNone). It may look for the game's files (Planned, Strategy, Bound):
// call it where the app asks, not in a loop.
func (m *Owner) Line(id core.GameID) Line {
	if m == nil {
		return Line{}
	}
	// The strategy and the bound table are asked only where the line
	// speaks of them (not while a table is solved or fetched).
	winner := func() core.Side {
		if s := m.Strategy(id); s != nil {
			return s.WinnerSide()
		}
		return core.Prey
	}
	fromStart := func() Line {
		s := m.Strategy(id)
		switch {
		case s == nil && m.Bound(id) == nil:
			return Line{}
		case s == nil || s.Bound:
			return Line{Kind: LineStrategyBound, Winner: winner()}
		}
		return Line{Kind: LineStrategy, Winner: winner()}
	}
	t := m.Table(id)
	if !m.Planned(id) && t == nil {
		return fromStart()
	}
	st := m.Status(id)
	switch {
	case st.State == Ready || t != nil:
		if id.Info().HasPlacement() && !t.CoversPlacement() {
			return Line{Kind: LineReadyMoving}
		}
		if s := m.Strategy(id); !wholeGame(t, id) && (m.Bound(id) != nil || s != nil && s.Bound) {
			return Line{Kind: LineReadyBound, Winner: winner()}
		}
		return Line{Kind: LineReady}
	case st.State == Building:
		return Line{Kind: LineBuilding, Frac: st.Frac}
	case st.State == Fetching:
		return Line{Kind: LineFetching, Frac: st.Frac}
	case st.State == Loading:
		return Line{Kind: LineLoading}
	case st.State == Failed:
		return Line{Kind: LineFailed}
	}
	return fromStart()
}

// wholeGame reports whether t (nil: none) holds every tier of game id's
// moving phase, exact (no bound tier): then a strategy or a bound table
// proves nothing it does not (Beat the Wolf's whole table, the pack's), and
// the line says the game is solved, not only its win from the start.
func wholeGame(t *tablebase.Table, id core.GameID) bool {
	if t == nil {
		return false
	}
	have := make([]bool, id.Info().CapturesToWin)
	for _, sec := range t.Sections {
		if !sec.Bound && sec.Hand == 0 && sec.Captured < len(have) {
			have[sec.Captured] = true
		}
	}
	return !slices.Contains(have, false)
}
