package pack

import (
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// What would prove a position that nothing on the device proves, and how
// to get it (issue 41), with no word: the pack as a download the player
// could make (Offered, from the job's Status), and what of it, or of the
// site in the browser, would prove a position (ReachOf, a Reach). The app
// says it in the player's language (app/packoffer.go).

// Kind is what a file of the pack is, as its name in the manifest says
// (File.Kind; docs/formats/pack-manifest.md).
type Kind int

const (
	KindOther    Kind = iota // a file the app does not read as a proof
	KindTable                // GAME.hctb: the game's exact table, every position's value (and plies where it keeps them)
	KindBound                // GAME.bound.hctb: a bound table, the prey's wins without losing a piece in the tier of every prey piece on the board
	KindStrategy             // GAME.hcst: a proven strategy from the start
)

// boundSuffix ends the name of a bound table (GAME.bound.hctb).
const boundSuffix = ".bound" + tablebase.FileExt

// Kind is what f is by its name: GAME.bound.hctb a bound table,
// GAME.hctb the game's exact table, GAME.hcst a strategy (GAME the key
// of f.Game); any other name KindOther.
func (f File) Kind() Kind {
	switch f.Name {
	case "":
	case f.Game + boundSuffix:
		return KindBound
	case f.Game + tablebase.FileExt:
		return KindTable
	case f.Game + strategy.StrategyExt:
		return KindStrategy
	}
	return KindOther
}

// KnownFiles are the files the app knows the pack holds before the site
// has been asked (the app asks only when the player taps in the
// settings): Beat the Wolf's bound tier and Wolf Carries the Pig's table
// with the plies. From then on the site's manifest, kept in the pack's
// folder (remote.json), says what the pack holds.
var KnownFiles = []File{
	{Name: core.BeatTheWolf.String() + boundSuffix, Game: core.BeatTheWolf.String()},
	{Name: tablebase.Path("", core.WolfCarriesPig.String()), Game: core.WolfCarriesPig.String()},
}

// Offered is the table pack as a download the player could make: its files
// not installed, and the download's size in bytes where the site's
// manifest says it (0: not known yet, the site not asked). The zero Offered
// offers nothing: the browser, which has no pack, or the whole pack
// installed.
type Offered struct {
	Bytes int64
	Files []File
}

// OfferOf is the pack on offer given the job's status: where the site was
// asked, the files of its manifest and what of it is missing (its size;
// nothing missing: no offer), else KnownFiles, their size not known; less
// the files installed (by name: an older copy installed is not offered
// again here).
func OfferOf(st Status) Offered {
	files, bytes := KnownFiles, int64(0)
	if st.Remote != nil {
		files, bytes = st.Remote.Files, st.Missing
		if bytes <= 0 {
			return Offered{}
		}
	}
	if st.Installed != nil {
		files = slices.DeleteFunc(slices.Clone(files), func(f File) bool {
			return slices.ContainsFunc(st.Installed.Files, func(g File) bool { return g.Name == f.Name })
		})
	}
	if len(files) == 0 {
		return Offered{}
	}
	return Offered{Bytes: bytes, Files: files}
}

// Has reports whether the pack would add a file of game id.
func (o Offered) Has(id core.GameID) bool {
	return slices.ContainsFunc(o.Files, func(f File) bool { return f.Game == id.String() })
}

// HasKind reports whether the pack would add a file of kind k of game id.
func (o Offered) HasKind(id core.GameID, k Kind) bool {
	return slices.ContainsFunc(o.Files, func(f File) bool { return f.Game == id.String() && f.Kind() == k })
}

// Plies reports whether the pack would add the plies of game id's
// positions: its exact table (a bound table holds only the tier of every
// prey piece on the board).
func (o Offered) Plies(id core.GameID) bool { return o.HasKind(id, KindTable) }

// Here is what proves positions of a game on this device (or page).
type Here struct {
	Strategy *strategy.Strategy // the game's proven strategy from the start (nil: none)
	Table    *tablebase.Table   // the game's exact table here (nil: none)
	Bound    *tablebase.Table   // the game's bound table here: the installed pack's, or in the browser the site's (nil: none)
	Site     bool               // the browser: the site's bound table is read online
}

// Way is how proof of a position that nothing here proves can be had.
type Way int

const (
	WayNone       Way = iota // no table of the app covers it, and there is nothing to offer
	WayPackBound             // the pack's bound table, not installed, holds it: download it
	WayPackTable             // the pack's exact table of the game, not installed, holds it: download it
	WaySite                  // the browser: the site's bound table holds it, once the page reads it (online)
	WayNotCovered            // the bound table (installed, on offer or the site's) holds only positions with every prey piece on the board (Reach.Held): not this one
	WayNoBoundWin            // the bound table here holds it: the prey cannot force a win without losing a piece
)

// Pack reports whether w is a download of the pack.
func (w Way) Pack() bool { return w == WayPackBound || w == WayPackTable }

// Reach is what would prove a position that nothing here proves, and how
// to get it.
type Reach struct {
	Way Way
	// Held is how many prey pieces are on the board in the positions of
	// the bound table that says (the one here, else the pack's on offer
	// or the site's: all of them): WayNotCovered's tier.
	Held int
	// Bytes is the pack's download where Way is one (Way.Pack): 0 where
	// it is not known (the site not asked).
	Bytes int64
}

// ReachOf is what can be said of proof for p, which nothing here proves,
// with here's proofs and the pack on offer o. The game's exact table on
// offer proves every position the table here does not hold. Else a bound
// table here is asked whether it holds p; the pack's bound table on
// offer, or the site's not read yet, holds the tier of every prey piece
// on the board (InBoundTier) in a game whose proof from the start is such
// a win (here.Strategy.Bound).
func ReachOf(p core.Position, here Here, o Offered) Reach {
	r := Reach{Held: here.Held(p.Info())}
	s := here.Strategy
	switch {
	case o.HasKind(p.Game, KindTable) && !holds(here.Table, p):
		r.Way, r.Bytes = WayPackTable, o.Bytes
	case here.Bound != nil:
		if _, _, ok := here.Bound.ProbeBound(p); ok {
			r.Way = WayNoBoundWin
		} else if held := BoundHeld(here.Bound); held > 0 && (p.InHand != 0 || p.PreyOnBoard() != held) {
			r.Way = WayNotCovered
		} // else a block that could not be read: it proves nothing
	case s == nil || !s.Bound || !o.HasKind(p.Game, KindBound) && !here.Site:
		// no bound tier: the game's other tables are whole (shipped or the pack's)
	case !InBoundTier(p, s):
		r.Way = WayNotCovered
	case here.Site:
		r.Way = WaySite
	default:
		r.Way, r.Bytes = WayPackBound, o.Bytes
	}
	return r
}

// holds reports whether table t (nil: none) holds p.
func holds(t *tablebase.Table, p core.Position) bool {
	if t == nil {
		return false
	}
	_, _, ok := t.Probe(p)
	return ok
}

// InBoundTier reports whether p is in the tier of a bound table (the
// pack's, the site's): every prey piece on the board, none in hand, in a
// game whose proof from the start is the prey's win without losing a
// piece (s.Bound).
func InBoundTier(p core.Position, s *strategy.Strategy) bool {
	return s != nil && s.Bound && p.InHand == 0 && p.PreyOnBoard() == p.Info().PreyCount
}

// BoundHeld is how many prey pieces are on the board in the positions of
// bound table t (its bound sections with none in hand; 0 for none, or for
// sections of different counts).
func BoundHeld(t *tablebase.Table) int {
	g, ok := t.Rules().Game()
	if !ok {
		return 0
	}
	held := 0
	for _, sec := range t.Sections {
		if !sec.Bound || sec.Hand != 0 {
			continue
		}
		n := g.Info().PreyCount - sec.Captured
		if held != 0 && held != n {
			return 0
		}
		held = n
	}
	return held
}

// Held is the prey pieces on the board in the positions of the bound
// table here (BoundHeld), else in those of the pack's on offer or the
// site's (all of the game's prey: InBoundTier).
func (h Here) Held(info *core.GameInfo) int {
	if h.Bound != nil {
		if n := BoundHeld(h.Bound); n > 0 {
			return n
		}
	}
	return info.PreyCount
}
