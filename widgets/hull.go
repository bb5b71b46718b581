package widgets

import (
	"math"
)

// convexHull returns the convex hull of pts, counter-clockwise (monotone chain).
func convexHull(pts [][2]float32) [][2]float32 {
	if len(pts) < 3 {
		return pts
	}
	ps := append([][2]float32(nil), pts...)
	for i := 1; i < len(ps); i++ { // insertion sort by x, then y
		for j := i; j > 0 && (ps[j][0] < ps[j-1][0] || (ps[j][0] == ps[j-1][0] && ps[j][1] < ps[j-1][1])); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
	cross := func(o, a, b [2]float32) float32 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	var h [][2]float32
	for _, p := range ps {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(ps) - 2; i >= 0; i-- {
		p := ps[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

// hatchSegments returns the segments of the lines at 45° (direction (1, 1)),
// spacing apart, clipped to the convex polygon h (counter-clockwise).
func hatchSegments(h [][2]float32, spacing float32) [][2][2]float32 {
	if len(h) < 3 {
		return nil
	}
	// Lines x - y = s for s between the polygon's extremes.
	lo, hi := float32(math.MaxFloat32), float32(-math.MaxFloat32)
	for _, v := range h {
		lo, hi = min(lo, v[0]-v[1]), max(hi, v[0]-v[1])
	}
	var out [][2][2]float32
	n := int((hi - lo) / spacing)
	off := (hi - lo - float32(n)*spacing) / 2
	for k := 0; k <= n; k++ {
		s := lo + off + float32(k)*spacing
		if s <= lo+1e-3 || s >= hi-1e-3 {
			continue
		}
		// Points (s + t, t); clip t against every edge's inside half-plane.
		t0, t1 := float32(-math.MaxFloat32), float32(math.MaxFloat32)
		ok := true
		for i := range h {
			a, b := h[i], h[(i+1)%len(h)]
			ex, ey := b[0]-a[0], b[1]-a[1]
			// inside: ex*(y-ay) - ey*(x-ax) >= 0 with x = s+t, y = t
			c0 := ex*(0-a[1]) - ey*(s-a[0])
			c1 := ex - ey // coefficient of t
			switch {
			case c1 > 0:
				t0 = max(t0, -c0/c1)
			case c1 < 0:
				t1 = min(t1, -c0/c1)
			case c0 < 0:
				ok = false
			}
		}
		if ok && t1 > t0 {
			out = append(out, [2][2]float32{{s + t0, t0}, {s + t1, t1}})
		}
	}
	return out
}
