package solver

import (
	"sync"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// TierTable reads positions' codes straight from a game's tier files (the
// compact solver's, DIR/GAME.tiers/, TierPath), each tier's file opened
// the first time one of its positions is read: the whole table's values
// and plies where no table file is written (Beat the Wolf's would take
// tens of GB). It is safe for concurrent use (the files are read with
// ReadAt); what reads it is the solver's commands and the measures against
// perfect play (cmd/solve tiers -start and -verify, cmd/perfect -tiers).
type TierTable struct {
	g   *core.GameInfo
	r   *tablebase.Rules
	dir string

	mu    sync.Mutex
	tiers map[int]*TierCodes
}

// NewTierTable reads g's tier files in dir (DIR/GAME.tiers/).
func NewTierTable(g *core.GameInfo, dir string) *TierTable {
	return &TierTable{g: g, r: tablebase.ForGame(g.ID), dir: dir, tiers: map[int]*TierCodes{}}
}

// Close closes the tier files opened so far.
func (t *TierTable) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for c, f := range t.tiers {
		f.Close()
		delete(t.tiers, c)
	}
}

// Tier is the tier file of captured prey (opened on first use).
func (t *TierTable) Tier(captured int) (*TierCodes, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if f := t.tiers[captured]; f != nil {
		return f, nil
	}
	f, err := OpenTierCodes(TierPath(t.dir, t.g.Key, captured), t.r)
	if err != nil {
		return nil, err
	}
	t.tiers[captured] = f
	return f, nil
}

// Code is p's code in its tier file (p not decided by its pieces, its
// prey all on the board).
func (t *TierTable) Code(p core.Position) (uint16, error) {
	f, err := t.Tier(int(p.Captured))
	if err != nil {
		return 0, err
	}
	idx, _ := f.Layout.Index(p.Pred, p.Prey, int(p.ToMove))
	var code [1]uint16
	err = f.ReadCodes(idx, code[:])
	return code[0], err
}

// Value is p's value for the side to move and the plies to the end: the
// game's result where p is over, else its tier file's code.
func (t *TierTable) Value(p core.Position) (tablebase.Value, int, error) {
	if o := p.Outcome(); o.Over() {
		return tablebase.OutcomeValue(o, p.ToMove), 0, nil
	}
	c, err := t.Code(p)
	if err != nil {
		return tablebase.Unknown, 0, err
	}
	v, plies := tablebase.Decode(c)
	return v, plies, nil
}

// Probe is Value as a table's Probe gives it: ok is false where p is of
// another game, has prey in hand or its tier file cannot be read.
func (t *TierTable) Probe(p core.Position) (tablebase.Value, int, bool) {
	if p.Game != t.g.ID || p.InHand != 0 {
		return tablebase.Unknown, 0, false
	}
	v, plies, err := t.Value(p)
	if err != nil || v == tablebase.Unknown {
		return tablebase.Unknown, 0, false
	}
	return v, plies, true
}

// Entries is the number of entries of the tier of captured prey (its
// file's header), 0 where the file cannot be read.
func (t *TierTable) Entries(captured int) int64 {
	f, err := t.Tier(captured)
	if err != nil {
		return 0
	}
	return f.Header.Entries
}
