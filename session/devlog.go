package session

import (
	"fmt"

	"huntchess/core"
)

// The endgame tables' states for the developer log (app/devlog.go).

// StateName names the state of game id's table: none, loading, building,
// fetching, ready or failed (with its error).
func (m *tableManager) StateName(id core.GameID) (string, error) {
	if m == nil {
		return "none", nil
	}
	st := m.get(id)
	return st.state.String(), st.err
}

// String names a table state as the developer log writes it.
func (s tableState) String() string {
	switch s {
	case tableNone:
		return "none"
	case tableLoading:
		return "loading"
	case tableBuilding:
		return "building"
	case tableFetching:
		return "fetching"
	case tableReady:
		return "ready"
	case tableFailed:
		return "failed"
	}
	return fmt.Sprintf("state %d", int(s))
}
