package app

import (
	"slices"

	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/translations"
)

// What the hints and the review say of the table pack (issue 41): where
// nothing on the device proves a position that the pack would, they say
// how to get proof: the pack's size and where to download it.

// publishedPackBytes and publishedPackGames are the table pack made with
// this version's shipped tables (make device-tables; docs/device-tables.md:
// the pack, 247,348,211 bytes; Beat the Wolf's 17-dog bound tier and Wolf
// Carries the Pig's full table): what the app says of the pack until the
// site has been asked (the app asks only when the player taps in the
// settings, packview.go; then its manifest, kept in the pack's folder,
// says).
const publishedPackBytes = 247_348_211

var publishedPackGames = []core.GameID{core.BeatTheWolf, core.WolfCarriesPig}

// packOffer is the table pack as a download the player could make: its
// size and the games whose tables it has that are not installed (the zero
// packOffer: nothing to offer, as in the browser, which has no pack, or
// with the whole pack installed).
type packOffer struct {
	bytes int64
	games []core.GameID
}

// has reports whether the pack would add a table of game id.
func (o packOffer) has(id core.GameID) bool {
	return o.bytes > 0 && slices.Contains(o.games, id)
}

// provesBound reports whether the pack's bound table would tell whether
// the prey win p without losing a piece where nothing proves it here: the
// game's proof from the start is a win of the prey without losing a piece
// (s.Bound: Beat the Wolf's dogs), whose tier of every prey piece on the
// board the pack holds.
func (o packOffer) provesBound(p core.Position, s *strategy.Strategy) bool {
	return o.has(p.Game) && s != nil && s.Bound && p.InHand == 0 && p.PreyOnBoard() == p.Info().PreyCount
}

// data is the template data of a message naming the pack: its size in MB
// and where to download it (Settings → Perfect play).
func (o packOffer) data() map[string]any {
	return map[string]any{"MB": megabytes(o.bytes), "Where": translations.TData("hint.where_pack", map[string]any{
		"Settings": translations.T("settings.title"), "Pack": translations.T("settings.pack")})}
}

// offerOf is the pack on offer given the job's status: the site's
// manifest where it was asked (what is missing of it), else the pack
// published with this version, less what is installed.
func offerOf(st pack.Status) packOffer {
	games, bytes := publishedPackGames, int64(publishedPackBytes)
	if st.Remote != nil {
		games, bytes = st.Remote.Games(), st.Missing
	}
	if st.Installed != nil {
		games = slices.DeleteFunc(slices.Clone(games), func(id core.GameID) bool {
			return slices.Contains(st.Installed.Games(), id)
		})
	}
	if bytes <= 0 || len(games) == 0 {
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
	return hintSources{strategy: a.tables.Strategy(id), table: a.tables.Table(id), offer: a.packOffer()}
}
