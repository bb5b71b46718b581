package storage

import (
	"encoding/json"

	"huntchess/core"
	"huntchess/match"
)

// KeyStats is the preference holding the statistics (JSON of Stats).
const KeyStats = "stats.v1"

// StatLine counts the finished games of one game, side and level.
type StatLine struct {
	Played int `json:"played"`
	Won    int `json:"won"`
	Lost   int `json:"lost"`
	Drawn  int `json:"drawn"`
	// Agreed counts the draws (of Drawn) the players agreed to.
	Agreed int `json:"agreed,omitempty"`
}

// Stats are the results of the games against the AI, by "game/side/level"
// (e.g. "beat-the-wolf/predator/medium").
type Stats map[string]StatLine

// StatKey is the key of the statistics of game, played as side against the
// engine at level.
func StatKey(game string, side core.Side, level match.Level) string {
	s := "predator"
	if side == core.Prey {
		s = "prey"
	}
	return game + "/" + s + "/" + level.String()
}

// LoadStats reads the statistics; damaged ones read as none.
func LoadStats(p Prefs) Stats {
	st := Stats{}
	if err := json.Unmarshal([]byte(p.StringWithFallback(KeyStats, "{}")), &st); err != nil || st == nil {
		return Stats{}
	}
	return st
}

// Save writes the statistics.
func (st Stats) Save(p Prefs) {
	b, _ := json.Marshal(st)
	p.SetString(KeyStats, string(b))
}

// Add counts one finished game: won, lost, or a draw (neither).
func (st Stats) Add(key string, won, lost bool) {
	l := st[key]
	l.Played++
	switch {
	case won:
		l.Won++
	case lost:
		l.Lost++
	default:
		l.Drawn++
	}
	st[key] = l
}
