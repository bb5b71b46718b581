package app

import (
	"math/bits"
	"strings"
	"unicode/utf8"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/proof"
	"huntchess/translations"
)

// hintNote is a hint in words (made in the language current when it is
// shown: the screen keeps a func() hintNote): text is the line the game shows (the move to play and what it does,
// whether it wins, how sure), details the exact facts behind it (what
// proves it, the plies, where the game left the proven line, how to get
// proof), shown under Details.
type hintNote struct{ text, details string }

// hintSources is what the words of a hint are told of the proofs on the
// device.
type hintSources struct {
	strategy *strategy.Strategy // the game's proven strategy from the start (nil: none)
	table    *tablebase.Table   // the game's endgame table here (nil: none)
	bound    *tablebase.Table   // the game's bound table here: the pack's, or in the browser the site's (nil: none)
	offer    packOffer          // the table pack, where it can be downloaded
	site     bool               // the browser: the site's tables are read online (pack.WaySite)
}

// gameHintWords says in words what a hint found in the position of game g
// (hintText), for the player to move, with the device's proofs src (the
// tables' owner's: the shipped strategy is among them): off the
// strategy's line the details say whose proven win the game left, and at
// which move (provenLineLeft).
func gameHintWords(g *core.Game, res ai.Result, src hintSources) func() hintNote {
	p := g.Position()
	var left *lineLeft
	if !res.Proof.Proven() {
		left = provenLineLeft(g, src.strategy)
	}
	return hintText(p, res, src, left)
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

// hintText is hintWords with the device's proofs src and where the game
// left the proven line (nil: not known). The line says the move (Best
// move, Best defence where the position is lost, or a strong move found by
// search) and what it does, then the result and how sure: proven (with
// the plies to go, at most so many, or none known), or what the search
// sees, or no proof, with the table pack where it could prove it. The
// details say what proves it, with the plies, or why nothing does.
func hintText(p core.Position, res ai.Result, src hintSources, left *lineLeft) func() hintNote {
	return func() hintNote {
		info := p.Info()
		plies, decided := ai.IsWin(res.Score)
		winner := p.ToMove
		if res.Score < 0 {
			winner = winner.Other()
		}
		side := map[string]any{"Side": sideName(info, winner)}
		lost := decided && res.Score < 0
		var value, prefix string
		var details []string
		if res.Proof.Proven() {
			prefix = "hint.best"
			if lost {
				prefix = "hint.best_defence"
			}
			switch {
			case res.Proof.Bounded() && decided:
				value = translations.TPlural("hint.win_bound", plies, side)
			case res.Proof.Bridged() && decided:
				value = translations.TPlural("hint.win_atmost", plies, side)
			case !decided:
				value = translations.T("hint.draw")
			case res.Proof == proof.ValuesOnly:
				value = translations.TData("hint.win_noplies", side)
			default:
				value = translations.TPlural("hint.win", plies, side)
			}
			details = proofDetails(p, res, src, plies, side)
		} else {
			prefix = "hint.search_move"
			if lost {
				prefix = "hint.search_defence"
			}
			switch {
			case decided && res.Score > 0:
				value = translations.TPlural("hint.search_win", plies, nil)
			case decided:
				value = translations.TPlural("hint.search_loss", plies, nil)
			default:
				value = notProvenLine(p, src)
			}
			details = append(details, translations.T("hint.detail_search"))
			if res.Depth > 0 {
				details = append(details, translations.TPlural("hint.detail_depth", res.Depth, nil))
			}
			if left != nil {
				details = append(details, translations.TData("hint.detail_left", map[string]any{
					"Side": sideName(info, left.winner), "N": left.ply/2 + 1, "Move": displayMove(left.move)}))
			}
			details = append(details, reachFacts(p, reachOf(p, src), src))
		}
		note := hintNote{text: value, details: joinSentences(details...)}
		if res.Move.Kind == core.MoveNone {
			return note
		}
		key, data := hintWhy(p, res.Move)
		note.text = joinSentences(translations.TData(prefix, map[string]any{"Move": displayMove(res.Move), "Why": translations.TData(key, data)}), value)
		return note
	}
}

// notProvenLine is the hint's line where the search found no forced end:
// a judgement, not a proof, and how to get proof (reachOf): the pack to
// download, the site's tables in the browser, what the tables here show;
// else that the app has not solved the position.
func notProvenLine(p core.Position, src hintSources) string {
	switch reachOf(p, src).Way {
	case pack.WayPackBound, pack.WayPackTable:
		return translations.TData("hint.pack_may_prove", src.offer.lineData())
	case pack.WaySite:
		return translations.T("hint.site_may_prove")
	case pack.WayNoBoundWin:
		return translations.TData("hint.bound_no_win", map[string]any{"Prey": sideName(p.Info(), core.Prey)})
	}
	return translations.T("hint.no_proof")
}

// joinSentences joins sentences as their language does: a space after
// one ending in a Latin full stop, none after a Chinese one (。).
func joinSentences(ss ...string) string {
	var b strings.Builder
	for _, s := range ss {
		if s == "" {
			continue
		}
		if b.Len() > 0 {
			if r, _ := utf8.DecodeLastRuneInString(b.String()); r < 0x2E80 { // below the CJK blocks
				b.WriteByte(' ')
			}
		}
		b.WriteString(s)
	}
	return b.String()
}

// proofDetails are the facts behind a proven hint (res.Proof) in p: what
// proves it (the endgame table, the proven strategy from the start, the
// bound table of the pack, a bridge of a few plies back onto a proof:
// ai.BridgeMoves, after a pass or a move off the strategy) and the plies;
// where the table holds no plies, the pack that would add them.
func proofDetails(p core.Position, res ai.Result, src hintSources, plies int, side map[string]any) []string {
	_, decided := ai.IsWin(res.Score)
	onStrategy := false
	if src.strategy != nil {
		_, _, onStrategy = src.strategy.Probe(p)
	}
	inTable := false
	if src.table != nil {
		_, _, inTable = src.table.Probe(p)
	}
	switch {
	case res.Proof.Bridged() && decided:
		return []string{translations.TPlural("hint.detail_bridge", plies, side)}
	case res.Proof.Bounded() && decided && onStrategy:
		return []string{translations.TPlural("hint.detail_bound_strategy", plies, side)}
	case res.Proof.Bounded() && decided:
		return []string{translations.TPlural("hint.detail_bound_pack", plies, side)}
	case !decided:
		return []string{translations.T("hint.detail_draw")}
	case res.Proof == proof.ValuesOnly:
		out := []string{translations.T("hint.detail_values")}
		if src.offer.Plies(p.Game) {
			out = append(out, translations.TData("hint.detail_pack_plies", src.offer.data()))
		}
		return out
	case onStrategy && !inTable:
		return []string{translations.TPlural("hint.detail_strategy", plies, side)}
	}
	return []string{translations.TPlural("hint.detail_table", plies, side)}
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
	case afterCapt > 0 && safeMove(p):
		return "hint.why_offers", pred // another move kept every piece safe
	case afterCapt > 0:
		return "hint.why_sacrifice", nil
	case beforeCapt > 0:
		return "hint.why_saves", nil
	case afterMoves < beforeMoves:
		return "hint.why_takes_point", pred
	}
	return "hint.why_closed", nil
}

// safeMove reports whether the prey to move in p has a move after which
// the predator has no capture.
func safeMove(p core.Position) bool {
	var buf [core.MaxMoves]core.Move
	for _, m := range p.GenMoves(buf[:0]) {
		if _, c, _ := predatorView(p.After(m)); c == 0 {
			return true
		}
	}
	return false
}
