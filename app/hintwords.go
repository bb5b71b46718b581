package app

import (
	"math/bits"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
)

// hintWords says in words what a hint found in position p, for the player
// to move, in the language current when it is shown: the move and, in a few
// words, what it does (it captures, it threatens a capture, it takes away a
// point, it keeps the pack closed …); then the value with best play where
// the endgame table or the proven strategy from the start covers the
// position (for Beat the Wolf's dogs: their win without losing a piece, in
// at most so many moves), or a forced result the search sees; in a game
// whose start is proven, off the proven line, that nothing proves it.
func hintWords(p core.Position, res ai.Result) func() string {
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
		case res.Exact && !decided:
			value = translations.T("hint.table_draw")
		case res.Exact && res.Score > 0:
			value = translations.TPlural("hint.table_win", plies, map[string]any{"Side": me})
		case res.Exact:
			value = translations.TPlural("hint.table_loss", plies, map[string]any{"Side": them})
		case decided && res.Score > 0:
			value = translations.TPlural("hint.search_win", plies, nil)
		case decided:
			value = translations.TPlural("hint.search_loss", plies, nil)
		default:
			if s, _ := session.Strategy(p.Game); s != nil {
				value = translations.T("hint.unsolved")
			}
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
