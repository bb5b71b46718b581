package ai

import (
	"math/bits"
	"reflect"

	"huntchess/core"
)

// Weights are the evaluation weights of one game. Every term is scored from
// the predator's point of view (positive = good for the predator); one
// captured prey piece is worth Capture.
type Weights struct {
	Capture    int // per prey piece captured
	CaptureSq  int // extra per captured piece squared / CapturesToWin (the last captures matter more)
	Mobility   int // per safe predator move (step or jump)
	Reach      int // per point of the predator's reachable region (walking through empty safe points)
	Confine    int // per square of the shortfall of that region below ConfineK
	ConfineK   int
	Cramped    int // penalty when the predator has at most one safe move
	MobSq      int // per square of the shortfall of the predator's safe moves below MobK
	MobK       int
	Threat1    int // prey to move, one capture threatened
	Threat2    int // prey to move, two or more capturing moves (a double threat)
	ThreatMove int // predator to move: per capturing move available (quiescence resolves them)
	Exposed    int // per exposed prey piece: a straight line through it with both ends empty
	Danger     int // lion / deer: per step the predator stands away from a trap / the cliff (capped at 3)
	PairSpots  int // lion: per empty reachable point where stepping would capture a pair
	InHand     int // deer: per dog still in hand (negative = good for the dogs)
	Advance    int // prey: per prey piece standing next to the predator (negative = good for the prey)

	offset int // the raw evaluation of the start position (set at init and by Rebase)
}

// weights holds every game's evaluation weights, in one place. They were set
// by hand and adjusted with the self-play arena (make arena).
var weights = [core.NumGames]Weights{
	core.BeatTheWolf: {
		Capture: 100, CaptureSq: 40, Mobility: 6, Reach: 3, Cramped: 60,
		Threat1: 15, Threat2: 70, ThreatMove: 10, Exposed: 4, Advance: 0,
	},
	core.WolfCarriesPig: {
		Capture: 100, CaptureSq: 40, Mobility: 4, Reach: 2, Cramped: 40,
		Threat1: 15, Threat2: 70, ThreatMove: 10, Exposed: 3, Advance: 0,
	},
	core.SurroundTheLion: {
		Capture: 100, CaptureSq: 40, Mobility: 8, Reach: 4, Cramped: 50,
		Threat1: 20, Threat2: 80, ThreatMove: 10, Danger: 10, PairSpots: 8, Confine: 6, ConfineK: 8,
	},
	core.DeerChess: {
		Capture: 100, CaptureSq: 40, Mobility: 6, Reach: 3, Cramped: 50, Confine: 4, ConfineK: 10, MobK: 5, MobSq: 12,
		Threat1: 60, Threat2: 70, ThreatMove: 10, Exposed: 15, Danger: 12, InHand: -3,
	},
}

// evaluate scores pos from the predator's point of view, relative to the
// start position (which scores 0), so that a draw (0, give or take the
// contempt) means "no better than at the start" for both sides.
func evaluate(pos *core.Position, t *masks, w *Weights) int {
	return rawEval(pos, t, w) - w.offset
}

func rawEval(pos *core.Position, t *masks, w *Weights) int {
	capd := int(pos.Captured)
	s := capd*w.Capture + capd*capd*w.CaptureSq/t.captureWin
	safeMoves, _, _, nCapt, maxCapt := t.threats(pos)
	s += safeMoves * w.Mobility
	if short := w.MobK - safeMoves; short > 0 {
		s -= short * short * w.MobSq
	}
	if safeMoves <= 1 {
		s -= w.Cramped
		if safeMoves == 0 {
			s -= w.Cramped
		}
	}
	if nCapt > 0 {
		if pos.ToMove == core.Prey {
			if nCapt >= 2 {
				s += w.Threat2 * maxCapt
			} else {
				s += w.Threat1 * maxCapt
			}
		} else {
			s += w.ThreatMove * nCapt
		}
	}
	if w.Reach != 0 || w.PairSpots != 0 {
		r := t.reach(pos)
		room := bits.OnesCount64(r) - bits.OnesCount64(pos.Pred)
		s += room * w.Reach
		if short := w.ConfineK - room; short > 0 {
			s -= short * short * w.Confine
		}
		if w.PairSpots != 0 {
			spots := 0
			for f := r &^ pos.Pred; f != 0; f &= f - 1 {
				q := bits.TrailingZeros64(f)
				for _, pair := range t.lionPairs[q] {
					if pos.Prey&pair == pair {
						spots++
						break
					}
				}
			}
			s += spots * w.PairSpots
		}
	}
	if w.Exposed != 0 {
		empty := t.all &^ (pos.Pred | pos.Prey)
		exposed := 0
		for f := pos.Prey; f != 0; f &= f - 1 {
			q := bits.TrailingZeros64(f)
			for _, ax := range t.jumpAxes[q] {
				if empty&ax == ax {
					exposed++
					break
				}
			}
		}
		s += exposed * w.Exposed
	}
	if w.Danger != 0 {
		d := 0
		for f := pos.Pred; f != 0; f &= f - 1 {
			d += min(t.danger[bits.TrailingZeros64(f)], 3)
		}
		s += d * w.Danger
	}
	if w.InHand != 0 {
		s += int(pos.InHand) * w.InHand
	}
	if w.Advance != 0 {
		var near uint64
		for f := pos.Pred; f != 0; f &= f - 1 {
			near |= t.predStep[bits.TrailingZeros64(f)]
		}
		s += bits.OnesCount64(near&pos.Prey) * w.Advance
	}
	return s
}

// GameWeights returns a copy of the evaluation weights of a game.
func GameWeights(id core.GameID) Weights { return weights[id] }

// SetWeight sets one named field of w (for tuning tools); it reports false for an unknown name.
func (w *Weights) SetWeight(name string, v int) bool {
	f := reflect.ValueOf(w).Elem().FieldByName(name)
	if !f.IsValid() || f.Kind() != reflect.Int {
		return false
	}
	f.SetInt(int64(v))
	return true
}

// Rebase makes the start position of game id score 0 under w (call after SetWeight).
func (w *Weights) Rebase(id core.GameID) {
	start := id.Info().Start()
	w.offset = 0
	w.offset = rawEval(&start, gameMasks[id], w)
}

// Evaluate returns the static evaluation of pos from the side to move's point
// of view (for tools and tests).
func Evaluate(pos core.Position) int {
	e := evaluate(&pos, gameMasks[pos.Game], &weights[pos.Game])
	if pos.ToMove == core.Prey {
		return -e
	}
	return e
}
