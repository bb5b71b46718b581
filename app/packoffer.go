package app

import (
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/translations"
)

// What the hints, the review and the explorer say of the table pack
// ("Perfect play" in the settings) where nothing here proves a position
// (issue 41): how to get proof — the pack, named as the settings name it,
// with its download's size from the site's manifest — or, where the
// tables on the device (or, in the browser, the site's) hold no such
// position, that no table of the app covers it (no false offer).

// packGames are the games whose tables the pack adds to what the app
// ships (Beat the Wolf's bound tier, Wolf Carries the Pig's table with
// the plies): what the app offers before the site has been asked. The
// app asks only when the player taps in the settings (packview.go); from
// then on the site's manifest, kept in the pack's folder (remote.json),
// says what the pack holds and its size.
var packGames = []core.GameID{core.BeatTheWolf, core.WolfCarriesPig}

// packOffer is the table pack as a download the player could make: the
// games whose tables it has that are not installed, and its download's
// size in bytes where the site's manifest says it (0: not known yet, the
// site not asked). The zero packOffer offers nothing: the browser, which
// has no pack, or the whole pack installed.
type packOffer struct {
	bytes int64
	games []core.GameID
}

// has reports whether the pack would add a table of game id.
func (o packOffer) has(id core.GameID) bool { return slices.Contains(o.games, id) }

// inBoundTier reports whether p is in the tier of a bound table (the pack's
// Beat the Wolf table): every prey piece on the board, none in hand, in a
// game whose proof from the start is the prey's win without losing a
// piece (s.Bound).
func inBoundTier(p core.Position, s *strategy.Strategy) bool {
	return s != nil && s.Bound && p.InHand == 0 && p.PreyOnBoard() == p.Info().PreyCount
}

// data is the template data of a message naming the pack ({{.Pack}}: the
// Perfect play tables, where to get them in the settings, and the
// download's size where it is known, else how to learn it).
func (o packOffer) data() map[string]any {
	where := packWhere()
	named := translations.TData("hint.pack_named_nosize", map[string]any{"Where": where, "Find": translations.T("pack.check")})
	if o.bytes > 0 {
		named = translations.TData("hint.pack_named", map[string]any{"Where": where, "MB": megabytes(o.bytes)})
	}
	return map[string]any{"Pack": named}
}

// lineData is data for the hint's line: the pack named as in data, but
// where its size is not known only where to find it (the details say how
// to learn the size).
func (o packOffer) lineData() map[string]any {
	if o.bytes > 0 {
		return o.data()
	}
	return map[string]any{"Pack": translations.TData("hint.pack_named_short", map[string]any{"Where": packWhere()})}
}

// packWhere is where the settings offer the pack: Settings → Perfect play.
func packWhere() string {
	return translations.TData("hint.where_pack", map[string]any{
		"Settings": translations.T("settings.title"), "Pack": translations.T("settings.pack")})
}

// offerOf is the pack on offer given the job's status: what of the site's
// manifest is missing where the site was asked (its size), else the
// pack's games, its size not known; less what is installed.
func offerOf(st pack.Status) packOffer {
	games, bytes := packGames, int64(0)
	if st.Remote != nil {
		games, bytes = st.Remote.Games(), st.Missing
		if bytes <= 0 {
			return packOffer{}
		}
	}
	if st.Installed != nil {
		games = slices.DeleteFunc(slices.Clone(games), func(id core.GameID) bool {
			return slices.Contains(st.Installed.Games(), id)
		})
	}
	if len(games) == 0 {
		return packOffer{}
	}
	return packOffer{bytes: bytes, games: games}
}

// packOffer is the app's pack on offer (none without a pack job: the
// browser, the tests without a storage folder).
func (a *App) packOffer() packOffer {
	if a.pack == nil {
		return packOffer{}
	}
	return offerOf(a.pack.Status())
}

// hintSources are the proofs of game id on the device, for a hint's words.
func (a *App) hintSources(id core.GameID) hintSources {
	return hintSources{strategy: a.tables.Strategy(id), table: a.tables.Table(id), bound: a.tables.Bound(id),
		offer: a.packOffer(), site: a.site}
}

// reach is what the app can say of proof for a position that nothing here
// proves (reachOf).
type reach int

const (
	reachNone       reach = iota // no table of the app covers it, and there is nothing to offer
	reachPack                    // the pack, not installed, holds it: download it (packOffer)
	reachSite                    // the browser: the site's bound table holds it, once the page reads it (online)
	reachNotCovered              // the bound table (installed, on offer or the site's) holds only positions with every prey piece on the board: not this one
	reachNoBoundWin              // the bound table here holds it: the prey cannot force a win without losing a piece
)

// reachOf is what can be said of proof for p, which nothing here proves,
// with the device's proofs src. A bound table here (the installed pack's,
// or the site's in the browser) is asked whether it holds p; the pack on
// offer, or the site's table not read yet, holds the tier of every prey
// piece on the board (inBoundTier).
func reachOf(p core.Position, src hintSources) reach {
	s := src.strategy
	if src.bound != nil {
		if _, _, ok := src.bound.ProbeBound(p); ok {
			return reachNoBoundWin
		}
		if held := boundHeld(src.bound); held > 0 && (p.InHand != 0 || p.PreyOnBoard() != held) {
			return reachNotCovered
		}
		return reachNone // a block that could not be read: it proves nothing
	}
	if s == nil || !s.Bound || !src.offer.has(p.Game) && !src.site {
		return reachNone // no bound tier: the game's other tables are whole (shipped or the pack's)
	}
	switch {
	case !inBoundTier(p, s):
		return reachNotCovered
	case src.site:
		return reachSite
	}
	return reachPack
}

// boundHeld is how many prey pieces are on the board in the positions of
// bound table t (its bound sections with none in hand; 0 for none, or
// for sections of different counts).
func boundHeld(t *tablebase.Table) int {
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

// tierHeld is the prey pieces on the board in the positions the bound
// table here holds (src.bound), else in those of the pack's on offer or
// the site's (all of them: inBoundTier).
func tierHeld(info *core.GameInfo, src hintSources) int {
	if src.bound != nil {
		if n := boundHeld(src.bound); n > 0 {
			return n
		}
	}
	return info.PreyCount
}

// reachFacts is the sentence of a hint's details that says r for p, with
// the device's proofs src ("" for reachNone).
func reachFacts(p core.Position, r reach, src hintSources) string {
	info := p.Info()
	d := map[string]any{"Count": info.PreyCount, "Prey": sideName(info, core.Prey), "N": p.PreyOnBoard(), "Where": packWhere(),
		"Held": tierHeld(info, src)}
	o := src.offer
	switch r {
	case reachPack:
		for k, v := range o.data() {
			d[k] = v
		}
		return translations.TData("hint.detail_pack_bound", d)
	case reachSite:
		return translations.TData("hint.detail_site_bound", d)
	case reachNotCovered:
		return translations.TData("hint.detail_not_covered", d)
	case reachNoBoundWin:
		return translations.TData("hint.detail_bound_no_win", d)
	}
	return ""
}
