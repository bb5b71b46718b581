package widgets

import (
	"fmt"
	"math"
	"testing"

	"fyne.io/fyne/v2"

	"huntchess/core"
)

var testSizes = []fyne.Size{
	{Width: 390, Height: 844},  // phone portrait
	{Width: 844, Height: 390},  // phone landscape
	{Width: 1280, Height: 800}, // desktop
	{Width: 768, Height: 1024}, // tablet
	{Width: 200, Height: 200},  // tiny
}

func TestLayoutKeepsAspectAndMargin(t *testing.T) {
	for _, g := range core.Games() {
		for _, size := range testSizes {
			t.Run(fmt.Sprintf("%s/%vx%v", g.Key, size.Width, size.Height), func(t *testing.T) {
				bd := g.Board
				l := NewLayout(bd, size)
				if l.Unit <= 0 {
					t.Fatalf("unit %v", l.Unit)
				}
				// Same scale in x and y: one unit step right or up is Unit dp.
				for _, ln := range bd.Lines {
					a, b := bd.Points[ln.A], bd.Points[ln.B]
					pa, pb := l.PointPos(ln.A), l.PointPos(ln.B)
					if !near(pb.X-pa.X, float32(b.X-a.X)*l.Unit) || !near(pb.Y-pa.Y, -float32(b.Y-a.Y)*l.Unit) {
						t.Fatalf("line %s-%s drawn from %v to %v (unit %v)", a.Name, b.Name, pa, pb, l.Unit)
					}
				}
				// Every token with its selection ring fits inside the widget, with the margin kept.
				r := selectRadius * l.Unit
				for i, pt := range bd.Points {
					c := l.PointPos(i)
					if c.X-r < -0.01 || c.Y-r < -0.01 || c.X+r > size.Width+0.01 || c.Y+r > size.Height+0.01 {
						t.Errorf("%s at %v (ring radius %v) is clipped in %v", pt.Name, c, r, size)
					}
				}
				// The board fills one dimension and is centred in the other.
				pos, sz := l.BoardRect()
				if !near(sz.Width, size.Width) && !near(sz.Height, size.Height) {
					t.Errorf("board %v in widget %v fills neither dimension", sz, size)
				}
				if !near(pos.X, size.Width-pos.X-sz.Width) || !near(pos.Y, size.Height-pos.Y-sz.Height) {
					t.Errorf("board at %v size %v not centred in %v", pos, sz, size)
				}
			})
		}
	}
}

func TestHitTestFindsEveryPoint(t *testing.T) {
	for _, g := range core.Games() {
		for _, size := range testSizes {
			l := NewLayout(g.Board, size)
			rad := l.HitRadius()
			for i, pt := range g.Board.Points {
				c := l.PointPos(i)
				if got, ok := l.HitTest(c); !ok || got != i {
					t.Errorf("%s %v: HitTest(centre of %s) = %d, %v", g.Key, size, pt.Name, got, ok)
				}
				// Just inside a third of a unit in every direction: still this point.
				for k := 0; k < 8; k++ {
					a := float64(k) * math.Pi / 4
					d := min(0.45*l.Unit, rad*0.99)
					p := c.AddXY(d*float32(math.Cos(a)), d*float32(math.Sin(a)))
					if got, ok := l.HitTest(p); !ok || got != i {
						t.Errorf("%s %v: HitTest(%s + %.1f dp at %d°) = %d, %v", g.Key, size, pt.Name, d, k*45, got, ok)
					}
				}
			}
			// Far from every point: nothing. The widget corners are at least a
			// margin away from the outermost points.
			for _, p := range []fyne.Position{{X: 0, Y: 0}, {X: size.Width, Y: size.Height}} {
				if got, ok := l.HitTest(p); ok && distance(p, l.PointPos(got)) > rad {
					t.Errorf("%s %v: HitTest(%v) = %d beyond the hit radius", g.Key, size, p, got)
				}
			}
		}
	}
}

// On a 390×844 phone every point has a touch target of at least 44 dp: a tap
// anywhere within 22 dp of its centre selects it.
func TestPhoneTouchTargets(t *testing.T) {
	size := fyne.NewSize(390, 844)
	for _, g := range core.Games() {
		l := NewLayout(g.Board, size)
		if l.Unit < MinTouchTarget {
			t.Errorf("%s: points %v dp apart on a phone, want ≥ %d", g.Key, l.Unit, MinTouchTarget)
		}
		for i, pt := range g.Board.Points {
			c := l.PointPos(i)
			for dx := float32(-21.9); dx <= 21.9; dx += 2.19 {
				for dy := float32(-21.9); dy <= 21.9; dy += 2.19 {
					if dx*dx+dy*dy > 21.9*21.9 {
						continue
					}
					if got, ok := l.HitTest(c.AddXY(dx, dy)); !ok || got != i {
						t.Fatalf("%s: tap at %s%+.1f%+.1f selects %d, %v", g.Key, pt.Name, dx, dy, got, ok)
					}
				}
			}
		}
	}
}

func TestHitRadiusMinimum(t *testing.T) {
	g := core.BeatTheWolf.Info()
	l := NewLayout(g.Board, fyne.NewSize(150, 150)) // points ~20 dp apart
	if l.HitRadius() < MinTouchTarget/2 {
		t.Fatalf("hit radius %v < %v", l.HitRadius(), MinTouchTarget/2)
	}
	// Between two points the nearer one wins.
	d4, _ := g.Board.Index("d4")
	d5, _ := g.Board.Index("d5")
	a, b := l.PointPos(d4), l.PointPos(d5)
	if got, _ := l.HitTest(lerpPos(a, b, 0.4)); got != d4 {
		t.Errorf("40%% of the way from d4 to d5: %d, want d4", got)
	}
	if got, _ := l.HitTest(lerpPos(a, b, 0.6)); got != d5 {
		t.Errorf("60%% of the way from d4 to d5: %d, want d5", got)
	}
	if _, ok := NewLayout(g.Board, fyne.NewSize(0, 0)).HitTest(fyne.NewPos(0, 0)); ok {
		t.Error("a zero-size layout hits a point")
	}
}

func near(a, b float32) bool { return math.Abs(float64(a-b)) < 0.01 }

func distance(a, b fyne.Position) float32 {
	return float32(math.Hypot(float64(a.X-b.X), float64(a.Y-b.Y)))
}
