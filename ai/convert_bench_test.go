package ai

import (
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// BenchmarkValuesMove is one conversion step from Wolf Carries the Pig's
// shipped table of values (valuesMove): the wolves' move from positions
// won without plies and with no progress at once (hardWins, seeded), and
// the pigs' move from the positions of TestValuesMoveEndsFirst they lose.
//
//	go test ./ai/ -run '^$' -bench ValuesMove -benchtime 10x
func BenchmarkValuesMove(b *testing.B) {
	tb := shippedPig(b)
	wins := hardWins(tb, 32, core.Predator, 3, 5, 4)
	var losses []core.Position
	for _, text := range []string{
		"predator:a2,b2,b5 prey:d1,c2,d2,e2,c3,d3,b4,d4,a5,c5 turn:prey captured:5 hand:0",
		"predator:b1,a3,d5 prey:a1,c1,a2,b3,c3,d3,d4,e4,a5 turn:prey captured:6 hand:0",
	} {
		p, err := core.ParsePosition(core.WolfCarriesPig.String(), text)
		if err != nil {
			b.Fatal(err)
		}
		losses = append(losses, p)
	}
	for _, set := range []struct {
		name string
		pos  []core.Position
		v    tablebase.Value
	}{{"win", wins, tablebase.Win}, {"loss", losses, tablebase.Loss}} {
		b.Run(set.name, func(b *testing.B) {
			nodes := 0
			for i := 0; i < b.N; i++ {
				for _, p := range set.pos {
					r, ok := valuesMove(tb, p, set.v, nil, time.Time{})
					if !ok {
						b.Fatalf("%s: no move", p)
					}
					nodes += int(r.Nodes)
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N*len(set.pos)), "probes/move")
		})
	}
}
