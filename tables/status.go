package tables

import (
	"fmt"
	"time"

	"huntchess/core"
)

// State is where a game's table stands.
type State int

// The states of a game's table.
const (
	Idle     State = iota // not asked for, or no plan
	Loading               // reading the cached file
	Building              // solving; Frac tells how far
	Fetching              // downloading (the browser); Frac tells how far
	Ready
	Failed
)

// String names a table state as the developer log writes it.
func (s State) String() string {
	switch s {
	case Idle:
		return "none"
	case Loading:
		return "loading"
	case Building:
		return "building"
	case Fetching:
		return "fetching"
	case Ready:
		return "ready"
	case Failed:
		return "failed"
	}
	return fmt.Sprintf("state %d", int(s))
}

// Status is where a game's table stands: its state, how far building or
// fetching got (Frac, 0 to 1), why it failed, and once ready the place it
// came from (From: places).
type Status struct {
	State State
	Frac  float64
	Err   error
	From  PlaceKind
}

// Status is where game id's table stands now (a nil owner's: Idle).
func (m *Owner) Status(id core.GameID) Status {
	if m == nil {
		return Status{}
	}
	return m.get(id)
}

// Solving reports whether game id's table is being solved now.
func (m *Owner) Solving(id core.GameID) bool { return m.get(id).State == Building }

// Settled reports whether game id's table is loaded, or could not be had.
func (m *Owner) Settled(id core.GameID) bool {
	st := m.get(id).State
	return st == Ready || st == Failed
}

func (m *Owner) get(id core.GameID) Status {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.status[id]
}

func (m *Owner) setStatus(id core.GameID, st Status) {
	m.mu.Lock()
	m.status[id] = st
	// Progress at most every half second; state changes always.
	now := time.Now()
	if st.State == Building && st.Frac > 0 && now.Sub(m.lastSent[id]) < 500*time.Millisecond {
		m.mu.Unlock()
		return
	}
	m.lastSent[id] = now
	m.mu.Unlock()
	m.notify(id)
}

// StateName names the state of game id's table: none, loading, building,
// fetching, ready or failed (with its error).
func (m *Owner) StateName(id core.GameID) (string, error) {
	if m == nil {
		return "none", nil
	}
	st := m.get(id)
	return st.State.String(), st.Err
}
