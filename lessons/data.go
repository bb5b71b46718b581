package lessons

import "huntchess/core"

// The courses. Which rule sentence each lesson teaches is written beside it
// (docs/RULES.md and the seed texts); lessons_test.go checks every position,
// move, reply and ending.
var all = []Lesson{
	// ---- Beat the Wolf ----------------------------------------------------
	// The board (a cross, diagonals for the wolf only), the start, the wolf
	// moves first, one step along any line.
	{Game: "beat-the-wolf", N: 1, Side: core.Predator,
		Start: "predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5 turn:predator captured:0 hand:0",
		Steps: []Step{
			{Expect: []string{"d4-e5"}, Reply: "a4-b4", Wrong: []Wrong{{Move: "d4-d6"}}},
			{Expect: []string{"e5-e4"}, Wrong: []Wrong{{Move: "e5-e7"}}},
		}},
	// Dogs step along straight lines only: forwards, sideways, backwards;
	// never diagonally, never jumping.
	{Game: "beat-the-wolf", N: 2, Side: core.Prey,
		Start: "predator:d5 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5 turn:prey captured:0 hand:0",
		Steps: []Step{
			{Expect: []string{"c3-c4"}, Reply: "d5-e5", Wrong: []Wrong{{Move: "c3-d4"}, {Move: "c3-c5"}}},
			{Expect: []string{"c4-b4"}, Wrong: []Wrong{{Move: "c4-d5"}}},
		}},
	// The jump capture: an adjacent dog, the point beyond empty; optional;
	// diagonal too; one jump per move.
	{Game: "beat-the-wolf", N: 3, Side: core.Predator,
		Start: "predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,d5,e5 turn:predator captured:2 hand:0",
		Steps: []Step{
			{Expect: []string{"d4-d6"}, Reply: "a3-a4", Wrong: []Wrong{{Move: "d4-d2"}}},
			{Expect: []string{"d6-f4"}},
		}},
	// The dogs down to five: the wolf wins at once.
	{Game: "beat-the-wolf", N: 4, Side: core.Predator,
		Start: "predator:d4 prey:c3,d3,e3,c5,d5,e5 turn:predator captured:11 hand:0",
		Steps: []Step{
			{Expect: []string{"d4-d6", "d4-d2"}, End: core.Outcome{Result: core.PredatorWins, Reason: core.ReasonCaptures}},
		}},
	// The wolf without a legal move: the dogs win.
	{Game: "beat-the-wolf", N: 5, Side: core.Prey,
		Start: "predator:c1 prey:c2,d1,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:prey captured:6 hand:0",
		Steps: []Step{
			{Expect: []string{"e2-e1"}, Wrong: []Wrong{{Move: "c3-c4", Text: "wrong1", Reply: "c1-c3"}},
				End: core.Outcome{Result: core.PreyWins, Reason: core.ReasonPredatorStuck}},
		}},
	// The same position a third time: a draw. (Also: the timer's pass; the
	// dogs' pass, which this board never needs.)
	{Game: "beat-the-wolf", N: 6, Side: core.Predator,
		Start:   "predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5 turn:predator captured:0 hand:0",
		Prelude: []string{"d4-d5", "a4-b4", "d5-d4", "b4-a4"},
		Steps: []Step{
			{Expect: []string{"d4-d5"}, Reply: "a4-b4"},
			{Expect: []string{"d5-d4"}, Reply: "b4-a4", End: core.Outcome{Result: core.Draw, Reason: core.ReasonRepetition}},
		}},

	// ---- Wolf Carries the Pig ----------------------------------------------
	// The board (diagonals everywhere), the start, pigs move first, one
	// step along any line; pigs never jump or capture.
	{Game: "wolf-carries-pig", N: 1, Side: core.Prey,
		Start: "predator:b5,c5,d5 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3,d3,e3 turn:prey captured:0 hand:0",
		Steps: []Step{
			{Expect: []string{"c3-d4"}, Reply: "c5-c4", Wrong: []Wrong{{Move: "c3-e5"}}},
		}},
	// One wolf moves per turn, one step along any line.
	{Game: "wolf-carries-pig", N: 2, Side: core.Predator,
		Start: "predator:b5,c5,d5 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,d3,e3,d4 turn:predator captured:0 hand:0",
		Steps: []Step{
			{Expect: []string{"b5-a4"}, Wrong: []Wrong{{Move: "b5-b3"}}},
		}},
	// The jump capture: optional, diagonal too, never two in one move.
	{Game: "wolf-carries-pig", N: 3, Side: core.Predator,
		Start: "predator:b5,c5,d5 prey:a1,b1,c1,d1,a2,b2,c2,d2,e2,a3,b3,d3,e3,c4 turn:predator captured:1 hand:0",
		Steps: []Step{
			{Expect: []string{"c5-c3"}, Reply: "a3-a4", Wrong: []Wrong{{Move: "c5-c4"}}},
			{Expect: []string{"c3-e1"}},
		}},
	// Seven pigs captured: the wolves win.
	{Game: "wolf-carries-pig", N: 4, Side: core.Predator,
		Start: "predator:b5,c5,d5 prey:a1,b1,c1,d1,e1,a2,b2,c2,c4 turn:predator captured:6 hand:0",
		Steps: []Step{
			{Expect: []string{"c5-c3", "b5-d3", "d5-b3"}, End: core.Outcome{Result: core.PredatorWins, Reason: core.ReasonCaptures}},
		}},
	// Every wolf without a legal move: the pigs win.
	{Game: "wolf-carries-pig", N: 5, Side: core.Prey,
		Start: "predator:b5,c5,d5 prey:a5,e5,a4,b4,c4,d4,e4,b3,c3,d3,e3,a2 turn:prey captured:3 hand:0",
		Steps: []Step{
			{Expect: []string{"a2-a3"}, Wrong: []Wrong{{Move: "b3-a3", Text: "wrong1", Reply: "b5-b3"}},
				End: core.Outcome{Result: core.PreyWins, Reason: core.ReasonPredatorStuck}},
		}},
	// Threefold repetition (and the timer's pass, the pigs' pass).
	{Game: "wolf-carries-pig", N: 6, Side: core.Predator,
		Start:   "predator:b5,c5,d5 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,d3,e3,d4 turn:predator captured:0 hand:0",
		Prelude: []string{"b5-b4", "e3-e4", "b4-b5", "e4-e3"},
		Steps: []Step{
			{Expect: []string{"b5-b4"}, Reply: "e3-e4"},
			{Expect: []string{"b4-b5"}, Reply: "e4-e3", End: core.Outcome{Result: core.Draw, Reason: core.ReasonRepetition}},
		}},

	// ---- Surround the Lion ---------------------------------------------------
	// The board (diagonals in some spots, four traps), the start, the lion
	// moves first, one step along a line; nobody jumps.
	{Game: "surround-the-lion", N: 1, Side: core.Predator,
		Start: "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5 turn:predator captured:0 hand:0",
		Steps: []Step{
			{Expect: []string{"c3-c4"}, Reply: "e2-d2", Wrong: []Wrong{{Move: "c3-b4"}}},
			{Expect: []string{"c4-d3"}, Wrong: []Wrong{{Move: "c4-c2"}}},
		}},
	// The dogs step along lines too, never into a trap; dogs beside the
	// lion capture nothing, and the lion is never captured.
	{Game: "surround-the-lion", N: 2, Side: core.Prey,
		Start: "predator:c4 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,d4,a5,b5,c5,d5,e5 turn:prey captured:0 hand:0",
		Steps: []Step{
			{Expect: []string{"a4-b4"}, Reply: "c4-c3", Wrong: []Wrong{{Move: "a4-W"}}},
		}},
	// 挑: landing between two dogs on a line captures both; dogs further
	// out do not matter.
	{Game: "surround-the-lion", N: 3, Side: core.Predator,
		Start: "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,b4,d4,e4,a5,b5,e5 turn:predator captured:0 hand:0",
		Steps: []Step{
			{Expect: []string{"c3-c4"}},
		}},
	// Two pairs at once; six captured: the lion wins.
	{Game: "surround-the-lion", N: 4, Side: core.Predator,
		Start: "predator:c3 prey:a1,c1,d1,e1,a2,b2,e3,b4,c4,e4,a5,c5,e5 turn:predator captured:3 hand:0",
		Steps: []Step{
			{Expect: []string{"c3-b3"}, End: core.Outcome{Result: core.PredatorWins, Reason: core.ReasonCaptures}},
		}},
	// The lion on a trap: the dogs win.
	{Game: "surround-the-lion", N: 5, Side: core.Prey,
		Start: "predator:a3 prey:a1,b1,c1,d1,e1,a2,e2,c3,e3,a4,e4,a5,c5,e5 turn:prey captured:2 hand:0",
		Steps: []Step{
			{Expect: []string{"c3-b3"}, Reply: "a3-W", Wrong: []Wrong{{Move: "c3-c2", Text: "wrong1", Reply: "a3-b3"}},
				End: core.Outcome{Result: core.PreyWins, Reason: core.ReasonLionTrapped}},
		}},
	// The side to move without a move, the lion off the traps: a draw.
	{Game: "surround-the-lion", N: 6, Side: core.Prey,
		Start: "predator:a1 prey:a2,c1,e1,e2,e3,e4,e5,d5,c5,b5,a5,c3 turn:prey captured:4 hand:0",
		Steps: []Step{
			{Expect: []string{"c1-b1"}, Wrong: []Wrong{{Move: "c1-S"}},
				End: core.Outcome{Result: core.Draw, Reason: core.ReasonNoMoveDraw}},
		}},
	// Threefold repetition (and the timer's pass).
	{Game: "surround-the-lion", N: 7, Side: core.Predator,
		Start:   "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5 turn:predator captured:0 hand:0",
		Prelude: []string{"c3-c4", "a3-b3", "c4-c3", "b3-a3"},
		Steps: []Step{
			{Expect: []string{"c3-c4"}, Reply: "a3-b3"},
			{Expect: []string{"c4-c3"}, Reply: "b3-a3", End: core.Outcome{Result: core.Draw, Reason: core.ReasonRepetition}},
		}},

	// ---- Twenty-Dog Deer Chess --------------------------------------------------
	// The grassland, the gate and the cliff; the start; the deer moves
	// first, one step along a line; a deer in the cliff loses.
	{Game: "deer-chess", N: 1, Side: core.Predator,
		Start: "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:12",
		Steps: []Step{
			{Expect: []string{"c5-d5"}, Reply: "@e4", Wrong: []Wrong{{Move: "c5-c6", Text: "wrong1"}}},
		}},
	// Dogs in hand: one placed each turn, anywhere on the grassland (the
	// gate too), never in the cliff; no dog on the board moves before all
	// twelve are placed.
	{Game: "deer-chess", N: 2, Side: core.Prey,
		Start: "predator:d5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12",
		Steps: []Step{
			{Expect: []string{"@c5"}, Reply: "d5-e5", Wrong: []Wrong{{Move: "d4-e4"}, {Move: "@c6"}}},
			{Expect: []string{"@e4"}},
		}},
	// All placed: a dog steps along a grassland line, never into the cliff.
	{Game: "deer-chess", N: 3, Side: core.Prey,
		Start: "predator:e1 prey:b2,c2,d2,e2,b3,c3,d3,b4,c4,d4,a5,c5,d5,e5 turn:prey captured:6 hand:0",
		Steps: []Step{
			{Expect: []string{"d4-e4"}, Wrong: []Wrong{{Move: "c5-c6"}}},
		}},
	// The deer's jump capture; a dog on the gate is jumped like any other;
	// one jump per move.
	{Game: "deer-chess", N: 4, Side: core.Predator,
		Start: "predator:d5 prey:c5,b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:11",
		Steps: []Step{
			{Expect: []string{"d5-b5"}, Reply: "@d5", Wrong: []Wrong{{Move: "d5-d3"}}},
		}},
	// Seven dogs captured: the deer wins, even landing in the cliff.
	{Game: "deer-chess", N: 5, Side: core.Predator,
		Start: "predator:c4 prey:c5,b2,c2,d2,b3,c3,d3,b4,d4,a4,e4,a1,e1,a5 turn:predator captured:6 hand:0",
		Steps: []Step{
			{Expect: []string{"c4-c6"}, End: core.Outcome{Result: core.PredatorWins, Reason: core.ReasonCaptures}},
		}},
	// The deer without a legal move: the dogs win.
	{Game: "deer-chess", N: 6, Side: core.Prey,
		Start: "predator:a1 prey:a2,b1,b2,a3,c1,d3,d1,e1,d2,e2,e3,a5,b5,d5 turn:prey captured:6 hand:0",
		Steps: []Step{
			{Expect: []string{"d3-c3"}, Wrong: []Wrong{{Move: "d3-d4", Text: "wrong1", Reply: "a1-c3"}},
				End: core.Outcome{Result: core.PreyWins, Reason: core.ReasonPredatorStuck}},
		}},
	// Driven out of the grassland: the deer in the cliff, the dogs win.
	{Game: "deer-chess", N: 7, Side: core.Prey,
		Start: "predator:c5 prey:b5,d5,c4,b4,d4,a5,e5,c3,a3,e2,a1,b1,c1,d1 turn:prey captured:6 hand:0",
		Steps: []Step{
			{Expect: []string{"e2-e3"}, Reply: "c5-c6", End: core.Outcome{Result: core.PreyWins, Reason: core.ReasonDeerInCliff}},
		}},
	// Threefold repetition (and the timer's pass, the dogs' pass).
	{Game: "deer-chess", N: 8, Side: core.Predator,
		Start:   "predator:a3 prey:c1,c2,c3,c4,c5,d1,d2,d3,d4,d5,e1,e2,e3,e4 turn:predator captured:6 hand:0",
		Prelude: []string{"a3-a4", "e4-e5", "a4-a3", "e5-e4"},
		Steps: []Step{
			{Expect: []string{"a3-a4"}, Reply: "e4-e5"},
			{Expect: []string{"a4-a3"}, Reply: "e5-e4", End: core.Outcome{Result: core.Draw, Reason: core.ReasonRepetition}},
		}},
}
