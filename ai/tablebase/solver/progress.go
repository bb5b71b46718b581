package solver

import (
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
)

// EventKind tells what an Event reports.
type EventKind int

// Events, in the order a tier sends them.
const (
	TierBegins   EventKind = iota // a tier's solving begins; Text describes it
	PassProgress                  // a pass over entries has got Done of Total
	PassDone                      // a pass is over: Total entries in Elapsed
	LevelDone                     // a retrograde level is over: Level, Decided (Text, if set, words it)
	LevelsDone                    // the levels are over: Level of them decided anything
	Note                          // Text is a line of news
	TierDone                      // the tier is solved: Stats
)

// An Event is the solver's news for Solver.OnEvent (from any goroutine).
// The library words what happens; drawing it (a progress bar, say) is the
// listener's business (cmd/solve).
type Event struct {
	Kind        EventKind
	Tier        TierKey
	Text        string               // TierBegins, Note; LevelDone of the bound solver
	Pass        string               // PassProgress, PassDone: "init", "solve", "count", "level 3", "verify …"
	Done, Total int64                // PassProgress, PassDone: entries
	Elapsed     time.Duration        // PassProgress, PassDone: since the pass began
	Level       int                  // LevelDone: its distance; LevelsDone: how many
	Decided     int64                // LevelDone: positions decided
	Stats       *tablebase.TierStats // TierDone
}

func (s *Solver) emit(e Event) {
	if s.OnEvent != nil {
		s.OnEvent(e)
	}
}

// ticker reports how far a pass over n entries has got.
type ticker struct {
	s     *Solver
	tier  TierKey
	what  string
	n     int64
	start time.Time
}

func newTicker(s *Solver, what string, n int64) *ticker {
	return &ticker{s: s, what: what, n: n, start: time.Now()}
}

// add counts k more entries done.
func (t *ticker) add(done *atomic.Int64, k int64) {
	d := done.Add(k)
	if t.s.OnProgress != nil {
		t.s.OnProgress(t.tier, d, t.n)
	}
	if t.s.OnEvent != nil {
		t.s.OnEvent(Event{Kind: PassProgress, Tier: t.tier, Pass: t.what, Done: d, Total: t.n, Elapsed: time.Since(t.start)})
	}
}

func (t *ticker) end() {
	if t.s.OnEvent != nil {
		t.s.OnEvent(Event{Kind: PassDone, Tier: t.tier, Pass: t.what, Done: t.n, Total: t.n, Elapsed: time.Since(t.start)})
	}
}
