package core_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"huntchess/core"
)

func TestParsePositionErrors(t *testing.T) {
	const wolfOK = "predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5 turn:predator captured:0 hand:0"
	for _, c := range []struct {
		name, game, text, why string
	}{
		{"empty string", "beat-the-wolf", "", `field "predator" is missing`},
		{"blanks", "beat-the-wolf", "  \t\n ", `field "predator" is missing`},
		{"garbage", "beat-the-wolf", "hello world", `"hello" is not key:value`},
		{"binary garbage", "deer-chess", "\x00\xff:\x01", "unknown field"},
		{"unknown game", "chess", wolfOK, "unknown game"},
		{"unknown field", "beat-the-wolf", wolfOK + " colour:red", `unknown field "colour"`},
		{"field twice", "beat-the-wolf", wolfOK + " turn:prey", `field "turn" given twice`},
		{"missing prey", "beat-the-wolf", "predator:d4 turn:predator captured:0 hand:0", `field "prey" is missing`},
		{"missing turn", "beat-the-wolf", "predator:d4 prey:c1 captured:16 hand:0", `field "turn" is missing`},
		{"missing captured", "beat-the-wolf", "predator:d4 prey:c1 turn:prey hand:0", `field "captured" is missing`},
		{"missing hand", "beat-the-wolf", "predator:d4 prey:c1 turn:prey captured:16", `field "hand" is missing`},
		{"unknown point", "beat-the-wolf", "predator:a1 prey:c1 turn:prey captured:16 hand:0", `unknown point "a1"`},
		{"unknown point in the prey", "surround-the-lion", "predator:c3 prey:c1,Q turn:prey captured:14 hand:0", `unknown point "Q"`},
		{"empty point name", "beat-the-wolf", "predator: prey:c1 turn:prey captured:16 hand:0", `unknown point ""`},
		{"trailing comma", "beat-the-wolf", "predator:d4 prey:c1, turn:prey captured:15 hand:0", `unknown point ""`},
		{"two pieces on one point", "beat-the-wolf", "predator:d4 prey:d4,c1 turn:prey captured:15 hand:0", "two pieces on d4"},
		{"two prey on one point", "beat-the-wolf", "predator:d4 prey:c1,c1 turn:prey captured:15 hand:0", "two pieces on c1"},
		{"too many prey", "beat-the-wolf", "predator:d4 prey:c1,d1 turn:prey captured:16 hand:0", "too many dog pieces"},
		{"too many prey on the board", "wolf-carries-pig",
			"predator:a5,b5,c5 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3,d3,e3,a4 turn:prey captured:0 hand:0", "too many pig pieces"},
		{"prey missing", "beat-the-wolf", "predator:d4 prey:c1 turn:prey captured:0 hand:0", "dog pieces missing"},
		{"too many predators", "beat-the-wolf", "predator:d4,d5 prey:c1 turn:prey captured:16 hand:0", "2 wolf pieces, want 1"},
		{"no predator", "wolf-carries-pig", "predator:- prey:a1 turn:prey captured:14 hand:0", "0 wolf pieces, want 3"},
		{"a dog on a trap", "surround-the-lion", "predator:c3 prey:N,a1 turn:prey captured:14 hand:0", "a dog on N, which is a trap"},
		{"a dog in the cliff", "deer-chess", "predator:c5 prey:c6,a1 turn:prey captured:6 hand:12", "a dog on c6, which is the cliff"},
		{"bad turn", "beat-the-wolf", "predator:d4 prey:c1 turn:wolf captured:16 hand:0", `turn "wolf"`},
		{"bad count", "beat-the-wolf", "predator:d4 prey:c1 turn:prey captured:x hand:0", `captured "x"`},
		{"negative count", "beat-the-wolf", "predator:d4 prey:c1 turn:prey captured:-1 hand:0", `captured "-1"`},
		{"huge count", "beat-the-wolf", "predator:d4 prey:c1 turn:prey captured:99999999999999999999 hand:0", "want a number from 0 to 17"},
		{"hand in a game without placements", "beat-the-wolf", "predator:d4 prey:c1 turn:prey captured:15 hand:1", `hand "1": want a number from 0 to 0`},
		{"too many in hand", "deer-chess", "predator:c5 prey:a1 turn:prey captured:6 hand:13", `hand "13"`},
		{"no colon", "beat-the-wolf", "predator d4", `"predator" is not key:value`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var p core.Position
			var err error
			require.NotPanics(t, func() { p, err = core.ParsePosition(c.game, c.text) })
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.why)
			assert.Equal(t, core.Position{}, p)
		})
	}
}

func TestParsePositionAccepts(t *testing.T) {
	for _, c := range []struct{ game, text, canonical string }{
		{"beat-the-wolf", "prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5   hand:0 turn:predator captured:0 predator:d4",
			"predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4,a5,g5 turn:predator captured:0 hand:0"},
		{"beat-the-wolf", "predator:d4 prey:g5,a5,a4,g4,a3,b3,c3,d3,e3,f3,g3,c2,d2,e2,c1,d1,e1 turn:prey captured:0 hand:0",
			"predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4,a5,g5 turn:prey captured:0 hand:0"},
		{"deer-chess", "predator:c7 prey:- turn:prey captured:8 hand:12",
			"predator:c7 prey:- turn:prey captured:8 hand:12"},
		{"surround-the-lion", "predator:E prey:a1,b1 turn:predator captured:14 hand:0",
			"predator:E prey:a1,b1 turn:predator captured:14 hand:0"},
		{"deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:+12",
			"predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:12"},
	} {
		p, err := core.ParsePosition(c.game, c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, c.canonical, p.String())
		assert.Equal(t, p.ComputeKey(), p.Key)
		q, err := core.ParsePosition(c.game, p.String())
		require.NoError(t, err)
		assert.Equal(t, p, q)
	}
	for _, g := range core.Games() {
		s := g.Start()
		p, err := core.ParsePosition(g.Key, s.String())
		require.NoError(t, err)
		assert.Equal(t, s, p, g.Key)
	}
}

func TestMoveNotation(t *testing.T) {
	p := mustPos(t, "deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12")
	m, err := p.ParseMove("@a1")
	require.NoError(t, err)
	assert.Equal(t, core.MovePlace, m.Kind)
	assert.Equal(t, int8(-1), m.From)
	assert.Equal(t, "@a1", m.String())
	q := mustPos(t, "deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:12")
	m, err = q.ParseMove("c5-c3")
	require.NoError(t, err)
	assert.Equal(t, core.MoveJump, m.Kind)
	assert.Equal(t, []string{"c4"}, names(q.Board(), m.Captures()))
	m, err = q.ParseMove("c5-b5")
	require.NoError(t, err)
	assert.Equal(t, core.MoveStep, m.Kind)
	assert.Empty(t, m.Captures())
	assert.Equal(t, "none", core.Move{}.String())
	assert.Equal(t, "?", core.Move{Game: core.NumGames}.String())
	assert.Equal(t, "pass", q.PassMove().String())
	assert.Equal(t, "GameID(9)", core.GameID(9).String())
	assert.Equal(t, "wolf-diagonal", core.LineWolfDiagonal.String())
	assert.Equal(t, "LineKind(9)", core.LineKind(9).String())
}
