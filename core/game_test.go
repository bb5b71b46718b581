package core_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"huntchess/core"
)

// snapshot is what a failed Play must leave unchanged.
type snapshot struct {
	pos     core.Position
	record  string
	history []uint64
	canUndo bool
	canRedo bool
	outcome core.Outcome
}

func snap(g *core.Game) snapshot {
	return snapshot{g.Position(), g.Record(), g.History(), g.CanUndo(), g.CanRedo(), g.Outcome()}
}

func TestPlayErrorsLeaveTheGameUnchanged(t *testing.T) {
	for _, c := range []struct {
		game, record, pos string // the game is the record played from the start, or pos
		move              string
		why               string // part of the error text
		illFormed         bool
	}{
		{game: "beat-the-wolf", move: "", why: "ill-formed", illFormed: true},
		{game: "beat-the-wolf", move: "   ", why: "ill-formed", illFormed: true},
		{game: "beat-the-wolf", move: "hello", why: "ill-formed", illFormed: true},
		{game: "beat-the-wolf", move: "d4-", why: "ill-formed", illFormed: true},
		{game: "beat-the-wolf", move: "-d5", why: "ill-formed", illFormed: true},
		{game: "beat-the-wolf", move: "d4-z9", why: `unknown point "z9"`},
		{game: "beat-the-wolf", move: "a1-a2", why: `unknown point "a1"`},
		{game: "beat-the-wolf", move: "@", why: `unknown point ""`},
		{game: "beat-the-wolf", move: "d4-d6", why: "a jump must go over an adjacent dog"},
		{game: "beat-the-wolf", move: "d4-d3", why: "d3 is occupied"},
		{game: "beat-the-wolf", move: "c3-c4", why: "no wolf on c3"},
		{game: "beat-the-wolf", move: "@c4", why: "this game has no placements"},
		{game: "beat-the-wolf", move: "pass", why: "a pass is only allowed when the side to move has no legal move"},
		{game: "beat-the-wolf", move: "d4-d7", why: "d4 and d7 are not joined by a line"},
		{game: "beat-the-wolf", record: "d4-d5", move: "c3-b4", why: "dogs move along straight lines only"},
		{game: "beat-the-wolf", record: "d4-d5", move: "c3-c5", why: "a dog never jumps"},
		{game: "beat-the-wolf", record: "d4-d5", move: "d5-d6", why: "no dog on d5"},
		{game: "wolf-carries-pig", move: "b5-b4", why: "no pig on b5"},
		{game: "wolf-carries-pig", move: "a3-c4", why: "a3 and c4 are not joined by a line"},
		{game: "surround-the-lion", move: "c3-b4", why: "c3 and b4 are not joined by a line"},
		{game: "surround-the-lion", pos: "predator:c3 prey:c4,a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,d5,e5 turn:predator captured:0 hand:0",
			move: "c3-c5", why: "the lion never jumps"},
		{game: "surround-the-lion", pos: "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c4,d5,e5 turn:prey captured:0 hand:0",
			move: "b5-N", why: "dogs never enter the traps"},
		{game: "deer-chess", record: "c5-b5", move: "b2-a1", why: "every dog in hand must be placed before a dog on the board moves"},
		{game: "deer-chess", record: "c5-b5", move: "@c6", why: "dogs are placed on the grassland only"},
		{game: "deer-chess", record: "c5-b5", move: "@b5", why: "b5 is occupied"},
		{game: "deer-chess", move: "@a1", why: "only the dogs place pieces"},
		{game: "deer-chess", pos: "predator:a1 prey:c5,b2,c2,d2,b3,d3,b4,c4,d4,e1,e2,e3,e4,e5,a5 turn:prey captured:5 hand:0",
			move: "c5-c6", why: "dogs never enter the cliff"},
		{game: "deer-chess", pos: "predator:a1 prey:c5,b2,c2,d2,b3,d3,b4,c4,d4,e1,e2,e3,e4,e5,a5 turn:prey captured:5 hand:0",
			move: "@a2", why: "no dog is left in hand"},
		{game: "deer-chess", record: "c5-c6", move: "@a1", why: "the game is over"},
		{game: "surround-the-lion", pos: "predator:N prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5 turn:prey captured:0 hand:0",
			move: "a1-b2", why: "the game is over"},
	} {
		t.Run(c.game+"/"+c.move, func(t *testing.T) {
			var g *core.Game
			var err error
			if c.pos != "" {
				g = core.NewGameFrom(mustPos(t, c.game, c.pos))
			} else {
				g, err = core.LoadRecord(c.game, c.record)
				require.NoError(t, err)
			}
			before := snap(g)
			err = g.Play(c.move)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.why)
			assert.Equal(t, c.illFormed, errors.Is(err, core.ErrIllFormed), "ErrIllFormed: %v", err)
			if c.why == "the game is over" {
				assert.ErrorIs(t, err, core.ErrGameOver)
			}
			assert.Equal(t, before, snap(g), "a failed Play changed the game")
			// PlayMove refuses a move that is not legal, too.
			p := g.Position()
			bad := core.Move{Game: p.Game, Kind: core.MoveStep, From: 0, To: 0}
			assert.Error(t, g.PlayMove(bad))
			assert.Equal(t, before, snap(g))
		})
	}
}

func TestPlayAndRecord(t *testing.T) {
	g, err := core.NewGame("beat-the-wolf")
	require.NoError(t, err)
	assert.Equal(t, core.Predator, g.ToMove())
	assert.False(t, g.CanUndo())
	assert.False(t, g.CanRedo())
	assert.False(t, g.Undo())
	assert.False(t, g.Redo())
	assert.Equal(t, core.Move{}, g.LastMove())
	assert.Equal(t, "", g.Record())
	assert.Equal(t, g.Start(), g.Position())
	for _, mv := range strings.Fields("d4-d5 c3-c4 d5-d6 c4-c5") {
		require.NoError(t, g.Play(mv))
	}
	assert.Equal(t, "d4-d5 c3-c4 d5-d6 c4-c5", g.Record())
	assert.Equal(t, 4, g.Len())
	assert.Len(t, g.Moves(), 4)
	assert.Len(t, g.History(), 5)
	assert.Equal(t, "c4-c5", g.LastMove().String())
	// The wolf jumps the dog on c5 diagonally, from d6 to b4.
	require.NoError(t, g.Play(" d6-b4 "))
	assert.Equal(t, 1, g.Captured())
	assert.Equal(t, core.MoveJump, g.LastMove().Kind)
	assert.Equal(t, []string{"c5"}, names(g.Info().Board, g.LastMove().Captures()))
	assert.Equal(t, 0, g.InHand())
	assert.Equal(t, g.Position().Key, g.History()[5])
	// Moves returns a copy.
	ms := g.Moves()
	ms[0] = core.Move{}
	assert.Equal(t, "d4-d5", g.Moves()[0].String())
}

func TestUndoRedo(t *testing.T) {
	g, err := core.NewGame("wolf-carries-pig")
	require.NoError(t, err)
	var positions []core.Position
	positions = append(positions, g.Position())
	for _, mv := range strings.Fields("c3-c4 b5-b4 a3-a4 d5-e4") {
		require.NoError(t, g.Play(mv))
		positions = append(positions, g.Position())
	}
	require.True(t, g.Undo())
	require.True(t, g.Undo())
	assert.Equal(t, positions[2], g.Position())
	assert.Equal(t, "c3-c4 b5-b4", g.Record())
	assert.True(t, g.CanRedo())
	require.True(t, g.Redo())
	assert.Equal(t, positions[3], g.Position())
	require.True(t, g.Redo())
	assert.Equal(t, positions[4], g.Position())
	assert.False(t, g.CanRedo())
	assert.False(t, g.Redo())
	assert.Equal(t, "c3-c4 b5-b4 a3-a4 d5-e4", g.Record())

	// Replaying the undone move keeps the rest of the redo list; another move clears it.
	require.True(t, g.Undo())
	require.True(t, g.Undo())
	require.NoError(t, g.Play("a3-a4"))
	assert.True(t, g.CanRedo())
	require.True(t, g.Redo())
	assert.Equal(t, positions[4], g.Position())
	require.True(t, g.Undo())
	require.True(t, g.Undo())
	require.NoError(t, g.Play("e3-e4"))
	assert.False(t, g.CanRedo())

	// Undo back to the start.
	for g.CanUndo() {
		require.True(t, g.Undo())
	}
	assert.Equal(t, positions[0], g.Position())
	assert.Equal(t, 0, g.Len())
	assert.Len(t, g.History(), 1)
}

func TestUndoAfterTheEnd(t *testing.T) {
	g, err := core.LoadRecord("deer-chess", "c5-c6")
	require.NoError(t, err)
	assert.Equal(t, core.Outcome{Result: core.PreyWins, Reason: core.ReasonDeerInCliff}, g.Outcome())
	assert.Empty(t, g.LegalMoves())
	require.True(t, g.Undo())
	assert.False(t, g.Outcome().Over())
	assert.NotEmpty(t, g.LegalMoves())
}

func TestTimeoutRecordsPass(t *testing.T) {
	g, err := core.NewGame("deer-chess")
	require.NoError(t, err)
	require.NoError(t, g.Timeout()) // the deer's time runs out
	assert.Equal(t, core.Prey, g.ToMove())
	assert.Equal(t, "pass", g.LastMove().String())
	assert.Equal(t, core.MovePass, g.LastMove().Kind)
	require.NoError(t, g.Play("@a1"))
	require.NoError(t, g.Play("c5-b5"))
	require.NoError(t, g.Timeout()) // the dogs' time runs out
	assert.Equal(t, core.Predator, g.ToMove())
	assert.Equal(t, 12-1, g.InHand())
	assert.Equal(t, "pass @a1 c5-b5 pass", g.Record())
	// The record reloads: "pass" there is a timer pass.
	h, err := core.LoadRecord("deer-chess", g.Record())
	require.NoError(t, err)
	assert.Equal(t, g.History(), h.History())
	assert.Equal(t, g.Record(), h.Record())
	// Undo takes a timer pass back like any move.
	require.True(t, g.Undo())
	assert.Equal(t, core.Prey, g.ToMove())
}

func TestTimeoutAfterTheEnd(t *testing.T) {
	g, err := core.LoadRecord("deer-chess", "c5-c6")
	require.NoError(t, err)
	assert.ErrorIs(t, g.Timeout(), core.ErrGameOver)
	assert.Equal(t, "c5-c6", g.Record())
	p := g.Position()
	assert.ErrorIs(t, g.PlayMove(p.PassMove()), core.ErrGameOver)
}

func TestLoadRecord(t *testing.T) {
	for _, c := range []struct{ game, record string }{
		{"beat-the-wolf", "d4-d5 c3-c4 d5-d6 c4-c5 d6-b4 a5-b5"},
		{"wolf-carries-pig", "c3-c4 b5-b4 pass d5-d4"},
		{"surround-the-lion", "c3-c2 a2-b2 c2-c3 pass c3-b3"},
		{"deer-chess", "c5-a3 @c3 a3-a4 @c5 pass @a3"},
	} {
		g, err := core.LoadRecord(c.game, c.record)
		if !assert.NoError(t, err, c.game) {
			continue
		}
		assert.Equal(t, c.record, g.Record())
		h, err := core.LoadRecord(c.game, g.Record())
		require.NoError(t, err)
		assert.Equal(t, g.History(), h.History())
		assert.Equal(t, g.Position(), h.Position())
	}
	_, err := core.LoadRecord("chess", "")
	assert.ErrorContains(t, err, "unknown game")
	_, err = core.LoadRecord("beat-the-wolf", "d4-d5 d5-d6")
	assert.ErrorContains(t, err, "move 2:")
	_, err = core.LoadRecord("beat-the-wolf", "d4-d5 zz")
	assert.ErrorContains(t, err, "move 2:")
	_, err = core.LoadRecord("deer-chess", "c5-c6 @a1")
	assert.ErrorIs(t, err, core.ErrGameOver)
	_, err = core.NewGame("nope")
	assert.Error(t, err)
}

func TestThirdRepetitionDraws(t *testing.T) {
	g, err := core.NewGame("beat-the-wolf")
	require.NoError(t, err)
	cycle := strings.Fields("d4-d5 a4-b4 d5-d4 b4-a4")
	for _, mv := range cycle {
		require.NoError(t, g.Play(mv))
		assert.False(t, g.Outcome().Over())
	}
	assert.Equal(t, 2, g.Repetitions()) // the start, a second time
	for i, mv := range cycle {
		require.NoError(t, g.Play(mv))
		if i < len(cycle)-1 {
			assert.False(t, g.Outcome().Over(), "after %s", mv)
		}
	}
	assert.Equal(t, 3, g.Repetitions())
	assert.Equal(t, core.Outcome{Result: core.Draw, Reason: core.ReasonRepetition}, g.Outcome())
	assert.True(t, g.Outcome().Over())
	assert.Empty(t, g.LegalMoves())
	assert.ErrorIs(t, g.Play("d4-d5"), core.ErrGameOver)
	assert.ErrorIs(t, g.Timeout(), core.ErrGameOver)
	// The position on its own is not over: repetition is the record's business.
	p := g.Position()
	assert.False(t, p.Outcome().Over())
	// Undo takes the draw back.
	require.True(t, g.Undo())
	assert.False(t, g.Outcome().Over())
	assert.Equal(t, 2, g.Repetitions())
}

// Positions with the same pieces but the other side to move are different positions.
func TestRepetitionNeedsTheSameSideToMove(t *testing.T) {
	g, err := core.NewGame("beat-the-wolf")
	require.NoError(t, err)
	for _, mv := range strings.Fields("d4-d5 a4-b4") {
		require.NoError(t, g.Play(mv))
	}
	afterTwo := g.Position() // wolf d5, dog b4, the wolf to move
	require.NoError(t, g.Play("d5-d4"))
	require.NoError(t, g.Timeout()) // the dogs' timer: a pass
	require.NoError(t, g.Play("d4-d5"))
	now := g.Position() // wolf d5, dog b4, the dogs to move
	assert.Equal(t, afterTwo.Pred, now.Pred)
	assert.Equal(t, afterTwo.Prey, now.Prey)
	assert.NotEqual(t, afterTwo.Key, now.Key)
	assert.Equal(t, 1, g.Repetitions())
	require.NoError(t, g.Timeout()) // the dogs pass again: now it is afterTwo again
	assert.Equal(t, afterTwo, g.Position())
	assert.Equal(t, 2, g.Repetitions())
}

func TestNewGameFrom(t *testing.T) {
	p := mustPos(t, "surround-the-lion", "predator:c2 prey:b3,d3,a1,b1,c1,d1,e1,a2,e2,a4,e4,a5 turn:predator captured:4 hand:0")
	g := core.NewGameFrom(p)
	assert.Equal(t, p, g.Start())
	assert.Equal(t, 4, g.Captured())
	assert.Equal(t, "surround-the-lion", g.Info().Key)
	require.NoError(t, g.Play("c2-c3"))
	assert.Equal(t, core.Outcome{Result: core.PredatorWins, Reason: core.ReasonCaptures}, g.Outcome())
	assert.Equal(t, 6, g.Captured())
	assert.Equal(t, "predator wins", g.Outcome().Result.String())
	assert.Equal(t, "captures", g.Outcome().Reason.String())
}

func TestCloneIsIndependent(t *testing.T) {
	g, err := core.NewGame("beat-the-wolf")
	require.NoError(t, err)
	require.NoError(t, g.Play("d4-d5"))
	require.NoError(t, g.Play("c3-c4"))
	require.NoError(t, g.Timeout())
	require.True(t, g.Undo())

	c := g.Clone()
	assert.Equal(t, g.Record(), c.Record())
	assert.Equal(t, g.Position(), c.Position())
	assert.Equal(t, g.History(), c.History())
	assert.Equal(t, g.CanRedo(), c.CanRedo())

	require.NoError(t, c.Play("d5-d6"))
	assert.Equal(t, "d4-d5 c3-c4", g.Record(), "playing on the clone leaves the original alone")
	assert.True(t, g.CanRedo())
	require.True(t, g.Redo())
	assert.Equal(t, "d4-d5 c3-c4 pass", g.Record())
	assert.Equal(t, "d4-d5 c3-c4 d5-d6", c.Record(), "redo on the original leaves the clone alone")
}

func TestResignAndAgreedDraw(t *testing.T) {
	g, err := core.NewGame("surround-the-lion")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(g.LegalMoves()[0].String()); err != nil {
		t.Fatal(err)
	}
	if err := g.Resign(core.Prey); err != nil {
		t.Fatal(err)
	}
	o := g.Outcome()
	if o != (core.Outcome{core.PredatorWins, core.ReasonResigned}) || !o.ByAgreement() {
		t.Fatalf("after the prey resigns: %+v", o)
	}
	if w, ok := o.Winner(); !ok || w != core.Predator {
		t.Fatalf("winner %v %v", w, ok)
	}
	if l, ok := g.Loser(); !ok || l != core.Prey {
		t.Fatalf("loser %v %v", l, ok)
	}
	if len(g.LegalMoves()) != 0 || g.Resign(core.Predator) == nil || g.AgreeDraw() == nil || g.Timeout() == nil {
		t.Fatal("a resigned game takes no more moves or endings")
	}
	if c := g.Clone(); c.Outcome() != o {
		t.Fatalf("a clone keeps the resignation: %+v", c.Outcome())
	}
	if !g.Undo() || g.Outcome().Over() || g.Len() != 0 {
		t.Fatalf("undo takes the resignation back with the move: %+v, %d moves", g.Outcome(), g.Len())
	}
	if !g.Redo() || g.Len() != 1 {
		t.Fatal("redo after the undo")
	}
	if err := g.AgreeDraw(); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != (core.Outcome{core.Draw, core.ReasonAgreed}) || !o.ByAgreement() {
		t.Fatalf("agreed draw: %+v", o)
	}
	if _, ok := g.Outcome().Winner(); ok {
		t.Fatal("a draw has no winner")
	}
	if _, ok := g.Loser(); ok {
		t.Fatal("an agreed draw has no loser")
	}
	g.Undo()
	g.Undo()
	if g.Redo(); g.Outcome().Over() {
		t.Fatal("the board decides again after an undo")
	}
	if (core.Outcome{core.PreyWins, core.ReasonLionTrapped}).ByAgreement() {
		t.Fatal("a trapped lion is the board's decision")
	}
}

func TestPlacing(t *testing.T) {
	g, _ := core.NewGame("deer-chess")
	p := g.Position()
	if p.ToMove == core.Prey && !p.Placing() {
		t.Fatal("deer chess starts placing")
	}
	for _, m := range g.LegalMoves() {
		q := p.After(m)
		if want := q.ToMove == core.Prey && q.InHand > 0; q.Placing() != want {
			t.Fatalf("Placing after %v = %v", m, q.Placing())
		}
	}
	lion, _ := core.NewGame("surround-the-lion")
	if lp := lion.Position(); lp.Placing() {
		t.Fatal("the lion game has no placement")
	}
}
