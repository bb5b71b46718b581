package widgets

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"huntchess/core"
)

// Animation durations.
const (
	slideDuration = 220 * time.Millisecond
	fadeDuration  = 320 * time.Millisecond
)

// moveAnims is the state of the animations of the last move: the moved
// piece sliding, captured prey fading out, a placed piece fading in.
type moveAnims struct {
	anims     []*fyne.Animation
	slideTo   int // the point whose token slides, or -1
	slideFrom fyne.Position
	slideT    float32
	fade      uint64 // captured prey fading out
	fadeA     float32
	appear    uint64 // placed prey fading in
	appearA   float32
}

// positionChanged starts the animations of the move that led from old to the
// widget's position.
func (r *boardRenderer) positionChanged(old core.Position, last core.Move, animate bool) {
	r.stopAnimations()
	if !animate || r.l.Unit <= 0 || r.board != r.b.pos.Board() || last.Game != old.Game || old.Game != r.b.pos.Game {
		return
	}
	switch last.Kind {
	case core.MoveStep, core.MoveJump:
		if !r.validPoint(int(last.From)) || !r.validPoint(int(last.To)) {
			return
		}
		to := int(last.To)
		r.slideTo, r.slideFrom, r.slideT = to, r.l.PointPos(int(last.From)), 0
		a := fyne.NewAnimation(slideDuration, func(t float32) {
			r.slideT = t
			if t >= 1 {
				r.slideTo = -1
			}
			if r.l.Unit > 0 && r.validPoint(to) {
				r.placeToken(to)
				canvas.Refresh(r.pts[to].token)
				canvas.Refresh(r.pts[to].glyph)
			}
		})
		a.Curve = fyne.AnimationEaseInOut
		r.startAnim(a)
		if c := last.Capt & old.Prey &^ r.b.pos.Prey; c != 0 {
			r.fade, r.fadeA = c, 1
			f := fyne.NewAnimation(fadeDuration, func(t float32) {
				r.fadeA = 1 - t
				if t >= 1 {
					r.fade = 0
				}
				r.update(false)
			})
			r.startAnim(f)
		}
	case core.MovePlace:
		if !r.validPoint(int(last.To)) {
			return
		}
		r.appear, r.appearA = uint64(1)<<uint(last.To), 0
		a := fyne.NewAnimation(fadeDuration, func(t float32) {
			r.appearA = t
			if t >= 1 {
				r.appear = 0
			}
			r.update(false)
		})
		r.startAnim(a)
	}
}

func (r *boardRenderer) startAnim(a *fyne.Animation) {
	r.anims = append(r.anims, a)
	a.Start()
}

// stopAnimations ends the running move animations, leaving the final state.
func (r *boardRenderer) stopAnimations() {
	moved := r.slideTo
	r.stopAnims()
	if r.board != r.b.pos.Board() || r.l.Unit <= 0 {
		return // build and Layout will draw everything
	}
	if r.validPoint(moved) {
		r.placeToken(moved)
	}
	r.update(false)
}

// stopAnims stops the animations and forgets their state, drawing nothing.
func (r *boardRenderer) stopAnims() {
	for _, a := range r.anims {
		a.Stop()
	}
	r.anims = r.anims[:0]
	r.slideTo, r.fade, r.appear = -1, 0, 0
}
