package app

import (
	"math/bits"

	"huntchess/ai"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/tables"
	"huntchess/translations"
)

// hintWords says in words what a hint found in position p, for the player
// to move, in the language current when it is shown: the move and, in a few
// words, what it does (it captures, it threatens a capture, it takes away a
// point, it keeps the pack closed …); then the value with best play where
// the endgame table or the proven strategy from the start covers the
// position (for Beat the Wolf's dogs: their win without losing a piece, in
// at most so many moves), or a forced result the search sees; in a game
// whose start is proven, off the proven line, that nothing proves it
// (gameHintWords: and where the game left that line).
func hintWords(p core.Position, res ai.Result) func() string {
	s, _ := tables.ShippedStrategy(p.Game)
	return hintText(p, res, s, nil)
}

// gameHintWords is hintWords for the position of game g, s its proven
// strategy from the start (nil: the one shipped, where there is one): off
// the strategy's line it says whose proven win the game left, and at which
// move (provenLineLeft).
func gameHintWords(g *core.Game, res ai.Result, s *strategy.Strategy) func() string {
	p := g.Position()
	if s == nil {
		s, _ = tables.ShippedStrategy(p.Game)
	}
	var left *lineLeft
	if !res.Exact {
		left = provenLineLeft(g, s)
	}
	return hintText(p, res, s, left)
}

// lineLeft is where a game left the line of the proven strategy from the
// start: the strategy's winner, and the move that led from a position of
// the strategy to one off it (ply: its index in the game's moves).
type lineLeft struct {
	winner core.Side
	ply    int
	move   core.Move
}

// provenLineLeft is the last move of game g that led from a position of
// strategy s to one it does not cover, where the game's position is off
// it; nil where s is nil, covers the position, or no position of the game
// is one of it. Only the winner's moves (or a pass by time) can leave it:
// the strategy answers every legal reply of the loser.
func provenLineLeft(g *core.Game, s *strategy.Strategy) *lineLeft {
	if s == nil {
		return nil
	}
	moves := g.Moves()
	pos := make([]core.Position, len(moves)+1)
	pos[0] = g.Start()
	for i, m := range moves {
		pos[i+1] = pos[i].After(m)
	}
	if _, _, on := s.Probe(pos[len(moves)]); on {
		return nil
	}
	for i := len(moves) - 1; i >= 0; i-- {
		if _, _, on := s.Probe(pos[i]); on {
			return &lineLeft{winner: s.WinnerSide(), ply: i, move: moves[i]}
		}
	}
	return nil
}

// hintText is hintWords with the game's proven strategy from the start
// (nil: none) and where the game left its line (nil: not known).
func hintText(p core.Position, res ai.Result, proven *strategy.Strategy, left *lineLeft) func() string {
	return func() string {
		info := p.Info()
		side := p.ToMove
		plies, decided := ai.IsWin(res.Score)
		me := sideName(info, side)
		them := sideName(info, side.Other())
		value := ""
		switch {
		case res.Exact && res.Bound && decided && res.Score > 0:
			value = translations.TPlural("hint.bound_win", plies, map[string]any{"Side": me})
		case res.Exact && res.Bound && decided:
			value = translations.TPlural("hint.bound_loss", plies, map[string]any{"Side": them})
		case res.Exact && res.AtMost && decided && res.Score > 0:
			value = translations.TPlural("hint.atmost_win", plies, map[string]any{"Side": me})
		case res.Exact && res.AtMost && decided:
			value = translations.TPlural("hint.atmost_loss", plies, map[string]any{"Side": them})
		case res.Exact && !decided:
			value = translations.T("hint.table_draw")
		case res.Exact && res.NoPlies && res.Score > 0:
			value = translations.TData("hint.proven_win", map[string]any{"Side": me})
		case res.Exact && res.NoPlies:
			value = translations.TData("hint.proven_loss", map[string]any{"Side": them})
		case res.Exact && res.Score > 0:
			value = translations.TPlural("hint.table_win", plies, map[string]any{"Side": me})
		case res.Exact:
			value = translations.TPlural("hint.table_loss", plies, map[string]any{"Side": them})
		case decided && res.Score > 0:
			value = translations.TPlural("hint.search_win", plies, nil)
		case decided:
			value = translations.TPlural("hint.search_loss", plies, nil)
		case left != nil:
			value = translations.TData("hint.left_line", map[string]any{
				"Side": sideName(info, left.winner), "N": left.ply/2 + 1, "Move": displayMove(left.move)})
		case proven != nil:
			value = translations.T("hint.unsolved")
		}
		if res.Move.Kind == core.MoveNone {
			return value
		}
		key, data := hintWhy(p, res.Move)
		d := map[string]any{"Move": displayMove(res.Move), "Why": translations.TData(key, data), "Value": value}
		if value == "" {
			return translations.TData("hint.move", d)
		}
		return translations.TData("hint.move_value", d)
	}
}

// predatorView is p with the predator to move (whoever is): what it could
// do now.
func predatorView(p core.Position) (moves, captures int, captured uint64) {
	q := p
	q.ToMove = core.Predator
	var buf [core.MaxMoves]core.Move
	for _, m := range q.GenMoves(buf[:0]) {
		if m.Kind == core.MovePass {
			continue
		}
		moves++
		if m.Capt != 0 {
			captures++
			captured |= m.Capt
		}
	}
	return
}

// hintWhy is what move m does in p, as a message ID and its data.
func hintWhy(p core.Position, m core.Move) (string, map[string]any) {
	info := p.Info()
	if m.Kind == core.MovePass {
		return "hint.why_pass", nil
	}
	after := p.After(m)
	pred := map[string]any{"Side": sideName(info, core.Predator)}
	if p.ToMove == core.Predator {
		switch n := bits.OnesCount64(m.Capt); {
		case n > 1:
			return "hint.why_captures_more", nil
		case n == 1:
			return "hint.why_captures", nil
		}
		moves, c, captured := predatorView(after)
		if c > 0 {
			if bits.OnesCount64(captured) > 1 {
				return "hint.why_double", nil
			}
			return "hint.why_threatens", nil
		}
		if before, _, _ := predatorView(p); moves > before {
			return "hint.why_gains_room", nil
		}
		return "hint.why_room", nil
	}
	beforeMoves, beforeCapt, _ := predatorView(p)
	afterMoves, afterCapt, _ := predatorView(after)
	switch {
	case afterCapt > 0:
		return "hint.why_sacrifice", nil
	case beforeCapt > 0:
		return "hint.why_saves", nil
	case afterMoves < beforeMoves:
		return "hint.why_takes_point", pred
	}
	return "hint.why_closed", nil
}
