package pack

import (
	"slices"

	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// What the hints and the review say of the table pack (issue 41): where
// nothing on the device proves a position that the pack would, they say
// how to get proof: the pack's size and where to download it. Offered is
// what they are told, without a word or a widget: the words are the app's.

// PublishedBytes and PublishedGames are the table pack made with this
// version's shipped tables (make device-tables; docs/device-tables.md: the
// pack, 247,348,211 bytes; Beat the Wolf's 17-dog bound tier and Wolf
// Carries the Pig's full table): what is on offer until the site has been
// asked (the app asks only when the player taps in the settings; then its
// manifest, kept in the pack's folder, says).
const PublishedBytes = 247_348_211

// PublishedGames: see PublishedBytes.
var PublishedGames = []core.GameID{core.BeatTheWolf, core.WolfCarriesPig}

// Offered is the table pack as a download the player could make: its size
// and the games whose tables it has that are not installed. The zero
// Offered offers nothing (the browser, which has no pack, or the whole pack
// installed).
type Offered struct {
	Bytes int64
	Games []core.GameID
}

// OfferOf is the pack on offer given a job's status: the site's manifest
// where it was asked (what is missing of it), else the pack published with
// this version, less what is installed.
func OfferOf(st Status) Offered {
	games, bytes := PublishedGames, int64(PublishedBytes)
	if st.Remote != nil {
		games, bytes = st.Remote.Games(), st.Missing
	}
	if st.Installed != nil {
		games = slices.DeleteFunc(slices.Clone(games), func(id core.GameID) bool {
			return slices.Contains(st.Installed.Games(), id)
		})
	}
	if bytes <= 0 || len(games) == 0 {
		return Offered{}
	}
	return Offered{Bytes: bytes, Games: games}
}

// Offered is the pack on offer now (a nil job's: nothing).
func (j *Job) Offered() Offered {
	if j == nil {
		return Offered{}
	}
	return OfferOf(j.Status())
}

// Has reports whether the pack would add a table of game id.
func (o Offered) Has(id core.GameID) bool {
	return o.Bytes > 0 && slices.Contains(o.Games, id)
}

// ProvesBound reports whether the pack's bound table would tell whether
// the prey win p without losing a piece where nothing proves it here: the
// game's proof from the start s is a win of the prey without losing a
// piece (s.Bound: Beat the Wolf's dogs), whose tier of every prey piece on
// the board the pack holds.
func (o Offered) ProvesBound(p core.Position, s *strategy.Strategy) bool {
	return o.Has(p.Game) && s != nil && s.Bound && p.InHand == 0 && p.PreyOnBoard() == p.Info().PreyCount
}
