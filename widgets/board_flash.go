package widgets

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// flashDuration is how long the illegal-tap cue shows.
const flashDuration = 450 * time.Millisecond

// flashCue is the illegal-tap cue: a red ring at a point that fades out.
type flashCue struct {
	flashC    *canvas.Circle
	flashA    float32 // the ring's opacity
	flashP    int     // its point, or -1
	flashAnim *fyne.Animation
	flashGen  int // counts the cues: a late callback of an earlier one does nothing
}

// build creates the ring, handing it to add.
func (f *flashCue) build(p palette, add func(fyne.CanvasObject)) {
	f.flashC = canvas.NewCircle(color.Transparent)
	f.flashC.StrokeColor = p.flash
	f.flashC.Hide()
	add(f.flashC)
}

// flash shows the illegal-tap cue: a red ring at point p that fades out.
func (r *boardRenderer) flash(p int, animate bool) {
	if !r.validPoint(p) {
		return
	}
	if r.flashAnim != nil {
		r.flashAnim.Stop()
		r.flashAnim = nil
	}
	r.flashP, r.flashA = p, 1
	r.flashGen++
	gen := r.flashGen
	r.flashC.StrokeColor = r.pal.flash
	if r.l.Unit > 0 {
		r.placeFlash()
	}
	r.show(r.flashC)
	canvas.Refresh(r.flashC)
	r.flushShown()
	if !animate {
		// No animation: show the ring briefly, then hide it on the UI goroutine.
		do := r.b.uiDo()
		time.AfterFunc(flashDuration, func() {
			do(func() {
				if r.flashGen == gen {
					r.hideFlash()
				}
			})
		})
		return
	}
	a := fyne.NewAnimation(flashDuration, func(t float32) {
		if r.flashGen != gen {
			return
		}
		r.flashA = 1 - t
		r.flashC.StrokeColor = withAlpha(r.pal.flash, r.flashA)
		if t >= 1 {
			r.hideFlash()
			return
		}
		if r.l.Unit > 0 {
			r.placeFlash()
		}
		canvas.Refresh(r.flashC)
	})
	a.Curve = fyne.AnimationEaseIn
	r.flashAnim = a
	a.Start()
}

func (r *boardRenderer) hideFlash() {
	r.flashP = -1
	r.flashAnim = nil
	r.flashC.Hide()
	canvas.Refresh(r.flashC)
}

func (r *boardRenderer) placeFlash() {
	t := 1 - r.flashA // grows a little while fading
	placeCircle(r.flashC, r.l.PointPos(r.flashP), (flashRadius+0.08*t)*r.l.Unit)
	r.flashC.StrokeWidth = max(3, 0.1*r.l.Unit)
}
