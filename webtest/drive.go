//go:build !js

package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// The page driving that the browser test (browser_test.go),
// cmd/webexplore and cmd/webfirstframe share: a finger's touches, taps
// and drags on the phone (EmulatePhone), a JavaScript expression's value,
// and the figures they print.

// StartPhone starts a headless Chromium at chrome (PhoneOptions, its
// profile in profile) and makes its page the phone (EmulatePhone): ctx is
// the page's, for at most timeout (the start itself has no timeout of
// its own); stop ends the browser.
func StartPhone(chrome, profile string, timeout time.Duration) (ctx context.Context, stop func(), err error) {
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), PhoneOptions(chrome, profile)...)
	bctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx); err != nil { // the first call starts the browser
		cancel()
		cancelA()
		return nil, nil, fmt.Errorf("starting %s: %v", chrome, err)
	}
	tctx, cancelT := context.WithTimeout(bctx, timeout)
	stop = func() { cancelT(); cancel(); cancelA() }
	if err := EmulatePhone(tctx); err != nil {
		stop()
		return nil, nil, fmt.Errorf("emulating a phone: %v", err)
	}
	return tctx, stop, nil
}

// Touch is one touch event of a finger at (x, y) in CSS pixels (a
// touchend lifts every finger).
func Touch(typ input.DispatchTouchEventType, x, y float64) chromedp.Action[chromedp.Void] {
	pts := []*input.TouchPoint{{X: x, Y: y}}
	if typ == input.DispatchTouchEventTypeTouchEnd {
		pts = []*input.TouchPoint{}
	}
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
		return err
	})
}

// Tap is a finger's tap at (x, y) in CSS pixels: down, 60 ms, up.
func Tap(ctx context.Context, x, y float64) error {
	return chromedp.Do(ctx,
		Touch(input.DispatchTouchEventTypeTouchStart, x, y),
		chromedp.Sleep(60*time.Millisecond),
		Touch(input.DispatchTouchEventTypeTouchEnd, x, y),
	)
}

// Drag moves a finger from (x0, y0) to (x1, y1) in steps, one every
// every, as a person would.
func Drag(ctx context.Context, x0, y0, x1, y1 float64, steps int, every time.Duration) error {
	acts := []chromedp.Action[chromedp.Void]{Touch(input.DispatchTouchEventTypeTouchStart, x0, y0)}
	for i := 1; i <= steps; i++ {
		f := float64(i) / float64(steps)
		acts = append(acts, chromedp.Sleep(every), Touch(input.DispatchTouchEventTypeTouchMove, x0+(x1-x0)*f, y0+(y1-y0)*f))
	}
	acts = append(acts, chromedp.Sleep(every), Touch(input.DispatchTouchEventTypeTouchEnd, x1, y1))
	return chromedp.Do(ctx, acts...)
}

// Swipe is a vertical drag at x from y0 to y1 as a finger flicks a page:
// 12 steps 16 ms apart.
func Swipe(ctx context.Context, x, y0, y1 float64) error {
	return Drag(ctx, x, y0, x, y1, 12, 16*time.Millisecond)
}

// Eval evaluates the JavaScript expression expr in the page (a promise
// awaited) and decodes its JSON value into out.
func Eval(ctx context.Context, expr string, out any) error {
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[json.RawMessage](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		return err
	}
	return json.Unmarshal(raw, out)
}

// Median is the median of xs (NaN for none).
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// LoadAvg is the system's load average over 1, 5 and 15 minutes, as
// /proc/loadavg says it ("?" where it cannot be read).
func LoadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
