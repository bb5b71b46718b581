//go:build webtest

// The browser test: a developer's site (build/web-dev: make web's with the
// tag dev, the harness and the test's hook, WEB_DEV=1 scripts/web.sh), served on
// 127.0.0.1, in Debian's headless Chromium as a phone (390×844 CSS pixels,
// deviceScaleFactor 2, touch, an Android user agent), driven through the
// DevTools protocol (chromedp). It plays as a person would, by touch, and
// reads the screen through window.huntchessTest (webhook/). Screenshots go
// to build/webtest/.
//
//	make test-web     (WEB_DEV=1 scripts/web.sh, then go test -tags webtest ./webtest)
package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// keptByWorker says (an error) where the service worker's caches do not
// hold the site's file path.
func (r *run) keptByWorker(path string) error {
	var cached bool
	if err := r.eval(`caches.keys().then(async ks => { for (const k of ks) { if (await (await caches.open(k)).match('`+path+`')) return true } return false })`, &cached); err != nil {
		return err
	}
	if !cached {
		return fmt.Errorf("the service worker did not keep %s", path)
	}
	return nil
}

// roundAll rounds seconds to hundredths, for a figure.
func roundAll(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = math.Round(x*100) / 100
	}
	return out
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Text, Board and Snapshot mirror webhook's JSON.
type Text struct {
	Text       string
	X, Y, W, H float64
	Visible    bool
}

type Move struct {
	Move string
	Taps [][2]float64
}

type Board struct {
	X, Y, W, H float64
	Position   string
	ToMove     string
	ReadOnly   bool
	Moves      []Move
}

type Snapshot struct {
	Ready         bool
	Width, Height float64
	Scale         float64
	Texts         []Text
	Boards        []Board
}

// find is the first visible text equal to s.
func (s Snapshot) find(text string) *Text {
	for i, t := range s.Texts {
		if t.Visible && t.Text == text {
			return &s.Texts[i]
		}
	}
	return nil
}

func (s Snapshot) has(text string) bool { return s.find(text) != nil }

// shows reports whether the visible texts, joined, hold sub: a paragraph's
// text comes line by line.
func (s Snapshot) shows(sub string) bool {
	var all []string
	for _, t := range s.Texts {
		if t.Visible {
			all = append(all, t.Text)
		}
	}
	return strings.Contains(strings.Join(all, " "), sub)
}

// findTop is the topmost visible text: the overlays (dialogs) come after
// the content in a snapshot, so the last one found is the one a tap reaches.
func (s Snapshot) findTop(text string) *Text {
	for i := len(s.Texts) - 1; i >= 0; i-- {
		if t := s.Texts[i]; t.Visible && t.Text == text {
			return &s.Texts[i]
		}
	}
	return nil
}

// console collects what the page says that is not right.
type console struct {
	mu         sync.Mutex
	exceptions []string // uncaught exceptions
	errors     []string // console.error, Go panics
	scissor    int      // Fyne's "glScissor: width < 0" warnings
	fyneErrors []string // Fyne's own error log lines
}

func (c *console) listen(ev any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch e := ev.(type) {
	case *cdpruntime.EventExceptionThrown:
		msg := e.ExceptionDetails.Text
		if e.ExceptionDetails.Exception != nil {
			msg += " " + e.ExceptionDetails.Exception.Description
		}
		c.exceptions = append(c.exceptions, msg)
	case *cdpruntime.EventConsoleAPICalled:
		var parts []string
		for _, a := range e.Args {
			if a.Value != nil {
				var s string
				if json.Unmarshal([]byte(a.Value), &s) == nil {
					parts = append(parts, s)
					continue
				}
				parts = append(parts, string([]byte(a.Value)))
			} else {
				parts = append(parts, a.Description)
			}
		}
		msg := strings.Join(parts, " ")
		switch {
		case strings.Contains(msg, "glScissor"):
			c.scissor++
		case strings.Contains(msg, "panic:") || strings.Contains(msg, "fatal error:"):
			c.errors = append(c.errors, msg)
		case e.Type == cdpruntime.ConsoleAPICalledTypeError:
			c.errors = append(c.errors, msg)
		case strings.Contains(msg, "Fyne error"):
			c.fyneErrors = append(c.fyneErrors, msg)
		}
	}
}

// outcome of a step.
type outcome int

const (
	pass outcome = iota
	fail
	skip // not run: an earlier step it needs failed
)

type run struct {
	t      *testing.T
	ctx    context.Context
	shots  string
	srv    *http.Server
	url    string
	con    *console
	report []string
	counts [3]int
	failed map[string]bool
	// figures
	figures []string
	cleanup []func()
}

// step runs one check; needs names the steps it depends on.
func (r *run) step(name string, needs []string, f func() error) {
	for _, n := range needs {
		if r.failed[n] {
			r.counts[skip]++
			r.report = append(r.report, fmt.Sprintf("SKIP  %s (needs %s)", name, n))
			r.t.Logf("SKIP  %s: needs %s", name, n)
			r.failed[name] = true
			return
		}
	}
	start := time.Now()
	err := f()
	d := time.Since(start).Round(100 * time.Millisecond)
	if err == nil {
		r.counts[pass]++
		r.report = append(r.report, fmt.Sprintf("PASS  %s (%v)", name, d))
	} else {
		if _, serr := r.shot(fmt.Sprintf("failed-%d", len(r.report)+1)); serr != nil {
			r.t.Logf("no screenshot of the failure: %v", serr)
		}
		r.counts[fail]++
		r.failed[name] = true
		r.report = append(r.report, fmt.Sprintf("FAIL  %s: %v", name, err))
		r.t.Errorf("%s: %v", name, err)
	}
	r.t.Log(r.report[len(r.report)-1])
}

func (r *run) figure(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	r.figures = append(r.figures, s)
	r.t.Log("figure: " + s)
}

// eval evaluates a JavaScript expression (awaiting a promise) into out.
func (r *run) eval(expr string, out any) error { return Eval(r.ctx, expr, out) }

func (r *run) snapshot() (Snapshot, error) {
	var s Snapshot
	var raw string
	var ok bool
	if err := r.eval(`typeof window.huntchessTest === 'object'`, &ok); err != nil || !ok {
		return s, fmt.Errorf("window.huntchessTest is missing (%v)", err)
	}
	if err := r.eval(`huntchessTest.snapshot()`, &raw); err != nil {
		return s, err
	}
	err := json.Unmarshal([]byte(raw), &s)
	return s, err
}

// loadPerCore is the system's load average over the last minute a core
// (0 where /proc/loadavg cannot be read).
func loadPerCore() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	var l float64
	if _, err := fmt.Sscan(string(data), &l); err != nil {
		return 0
	}
	return l / float64(runtime.NumCPU())
}

// waitSlack stretches every wait's timeout: the timeouts are what a quiet
// machine needs at most, and only a hang should run past them on a busy
// one (the waits end as soon as their condition holds).
const waitSlack = 3

// waitFor polls the screen until cond holds (for up to waitSlack times
// timeout).
func (r *run) waitFor(what string, timeout time.Duration, cond func(Snapshot) bool) (Snapshot, error) {
	timeout *= waitSlack
	deadline := time.Now().Add(timeout)
	var last Snapshot
	var err error
	for time.Now().Before(deadline) {
		last, err = r.snapshot()
		if err == nil && last.Ready && cond(last) {
			return last, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	var seen []string
	for _, t := range last.Texts {
		if t.Visible {
			seen = append(seen, t.Text)
		}
	}
	if len(seen) == 0 {
		for i, t := range last.Texts {
			if i < 8 {
				seen = append(seen, fmt.Sprintf("(hidden) %s at %.0f,%.0f", t.Text, t.X, t.Y))
			}
		}
	}
	if len(seen) > 30 {
		seen = seen[:30]
	}
	var boards []string
	for _, b := range last.Boards {
		boards = append(boards, fmt.Sprintf("%s to move %s, read-only %v, %d moves", b.Position, b.ToMove, b.ReadOnly, len(b.Moves)))
	}
	return last, fmt.Errorf("timed out after %v waiting for %s (last error %v; ready %v; boards %q; texts on screen: %q)", timeout, what, err, last.Ready, boards, seen)
}

// waitPage polls a JavaScript condition (for up to waitSlack times
// timeout).
func (r *run) waitPage(what, expr string, timeout time.Duration) error {
	timeout *= waitSlack
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		var ok bool
		if err := r.eval(expr, &ok); err == nil && ok {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("timed out after %v waiting for %s", timeout, what)
}

// tap is a finger's tap at (x, y) in CSS pixels.
func (r *run) tap(x, y float64) error {
	err := Tap(r.ctx, x, y)
	time.Sleep(150 * time.Millisecond)
	return err
}

// tapText taps the visible text (a button's label, a radio option).
func (r *run) tapText(text string, timeout time.Duration) error {
	s, err := r.waitFor(fmt.Sprintf("%q on screen", text), timeout, func(s Snapshot) bool {
		t := s.find(text)
		return t != nil && t.Y > 0 && t.Y < float64(PhoneH)
	})
	if err != nil {
		return err
	}
	t := s.find(text)
	return r.tap(t.X, t.Y)
}

// tapPlayOf taps the Play button of a game's card on the home screen,
// swiping the page up until the card's button is on screen.
func (r *run) tapPlayOf(title string) error {
	for range 6 {
		s, err := r.waitFor("the home screen", 10*time.Second, func(s Snapshot) bool { return s.has("Play") })
		if err != nil {
			return err
		}
		if t := s.find(title); t != nil {
			var play *Text
			for i, p := range s.Texts {
				if p.Visible && p.Text == "Play" && p.Y > t.Y && (play == nil || p.Y < play.Y) {
					play = &s.Texts[i]
				}
			}
			if play != nil && play.Y < float64(PhoneH)-40 {
				return r.tap(play.X, play.Y)
			}
		}
		if err := r.swipe(PhoneW/2, 600, 300); err != nil {
			return err
		}
		time.Sleep(400 * time.Millisecond)
	}
	return fmt.Errorf("no Play button of %q on the home screen", title)
}

// drag moves a finger from (x0, y0) to (x1, y1) in steps, as a person would.
func (r *run) drag(x0, y0, x1, y1 float64, steps int, every time.Duration) error {
	return Drag(r.ctx, x0, y0, x1, y1, steps, every)
}

// swipe is a vertical drag at x from y0 to y1, and a moment for the screen
// to follow.
func (r *run) swipe(x, y0, y1 float64) error {
	err := Swipe(r.ctx, x, y0, y1)
	time.Sleep(300 * time.Millisecond)
	return err
}

// shot saves a screenshot of the viewport as build/webtest/NAME.png.
func (r *run) shot(name string) ([]byte, error) {
	buf, err := chromedp.Run(r.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return nil, err
	}
	path := filepath.Join(r.shots, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		return nil, err
	}
	r.t.Logf("screenshot %s", path)
	return buf, nil
}

// notBlank checks that a screenshot shows something: many colours, and no
// single colour over 97 % of it.
func notBlank(buf []byte) error {
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		return err
	}
	b := img.Bounds()
	if b.Dx() != PhoneW*2 || b.Dy() != PhoneH*2 {
		return fmt.Errorf("screenshot is %dx%d, want %dx%d (390×844 at scale 2)", b.Dx(), b.Dy(), PhoneW*2, PhoneH*2)
	}
	counts := map[[3]uint32]int{}
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y += 4 {
		for x := b.Min.X; x < b.Max.X; x += 4 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			counts[[3]uint32{cr >> 8, cg >> 8, cb >> 8}]++
			n++
		}
	}
	top := 0
	for _, c := range counts {
		top = max(top, c)
	}
	if len(counts) < 16 || float64(top) > 0.97*float64(n) {
		return fmt.Errorf("screenshot looks blank: %d colours, the commonest on %.1f %%", len(counts), 100*float64(top)/float64(n))
	}
	return nil
}

// load navigates (or reloads) and waits for the app's first frame; it
// returns the page's times in ms from the start of navigation.
func (r *run) load(url string, reload bool) (firstFrame float64, err error) {
	act := chromedp.Navigate(url)
	if reload {
		act = chromedp.Reload()
	}
	if err := chromedp.Do(r.ctx, act); err != nil {
		return 0, err
	}
	if err := r.waitPage("the app's first frame", `!!(window.huntchessPage && huntchessPage.firstFrame)`, 90*time.Second); err != nil {
		var msg []string
		_ = r.eval(`window.huntchessPage ? huntchessPage.errors : ['no huntchessPage']`, &msg)
		return 0, fmt.Errorf("%v (page errors: %q)", err, msg)
	}
	err = r.eval(`huntchessPage.firstFrame`, &firstFrame)
	return firstFrame, err
}

func TestBrowser(t *testing.T) {
	dir := env("WEB_DIR", "../build/web-dev")
	if _, err := os.Stat(filepath.Join(dir, "huntchess.wasm")); err != nil {
		t.Fatalf("%s/huntchess.wasm is missing: run make test-web (a player's site, make web, has no test hook)", dir)
	}
	chrome := env("CHROMIUM", "/usr/bin/chromium")
	if _, err := os.Stat(chrome); err != nil {
		t.Fatalf("%s is missing: scripts/deps.sh web installs Debian's chromium", chrome)
	}
	shots := env("SHOTS_DIR", "../build/webtest")
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	if old, _ := filepath.Glob(filepath.Join(shots, "failed-*.png")); len(old) > 0 {
		for _, f := range old {
			os.Remove(f) // a past run's
		}
	}
	var build struct{ Build string }
	if b, err := os.ReadFile(filepath.Join(dir, "build.json")); err == nil {
		_ = json.Unmarshal(b, &build)
	}

	// Wolf Carries the Pig's table is not served until the step that plays
	// from it: the game against Master by taps is one where Master searches
	// (the other three games answer from their strategies from the start).
	var pigServed atomic.Bool
	handler := &Handler{Dir: dir, Refuse: func(name string) bool {
		return !pigServed.Load() && strings.HasPrefix(name, "/tables/wolf-carries-pig.")
	}}
	srv, url, err := Serve("127.0.0.1:0", handler)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()

	actx, cancelA := chromedp.NewExecAllocator(context.Background(), PhoneOptions(chrome, t.TempDir())...)
	defer cancelA()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	con := &console{}
	// The first call starts the browser; it must have no timeout of its own.
	if err := chromedp.Listen(bctx, con.listen); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	ctx, cancelT := context.WithTimeout(bctx, 9*time.Minute)
	defer cancelT()

	r := &run{t: t, ctx: ctx, shots: shots, srv: srv, url: url, con: con, failed: map[string]bool{}}
	if err := EmulatePhone(ctx); err != nil {
		t.Fatalf("emulating a phone: %v", err)
	}
	started := time.Now()

	r.step("without WebGL: a clear message, not a blank page", nil, func() error {
		// Another origin, whose pages find no WebGL.
		nosrv, nourl, err := Serve("127.0.0.1:0", &Handler{Dir: dir})
		if err != nil {
			return err
		}
		defer nosrv.Close()
		var id page.ScriptIdentifier
		if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			res, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
				Source: `HTMLCanvasElement.prototype.getContext = function () { return null; };`,
			})
			id = res.Identifier
			return err
		})); err != nil {
			return err
		}
		defer chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id})
			return err
		}))
		if err := chromedp.Do(ctx, chromedp.Navigate(nourl)); err != nil {
			return err
		}
		var msg string
		if err := r.eval(`document.getElementById('loading').classList.contains('error') ? document.getElementById('status').textContent : ''`, &msg); err != nil {
			return err
		}
		if !strings.Contains(msg, "WebGL") {
			return fmt.Errorf("without WebGL the page says %q", msg)
		}
		if _, err := r.shot("no-webgl"); err != nil {
			return err
		}
		r.figure("without WebGL the page says: %q", strings.ReplaceAll(msg, "\n", " / "))
		return chromedp.Do(ctx, chromedp.Navigate("about:blank"))
	})

	r.step("the loading screen on a slow network (2 MB/s)", nil, func() error {
		// Another origin (its own cache and service worker), whose server
		// sends the wasm at 2 MB/s: the progress bar is seen moving.
		slow, slowurl, err := Serve("127.0.0.1:0", &Handler{Dir: dir, Throttle: 2_000_000})
		if err != nil {
			return err
		}
		defer slow.Close()
		if err := chromedp.Do(ctx, chromedp.Navigate(slowurl)); err != nil {
			return err
		}
		if err := r.waitPage("the progress bar past 20 %", `parseFloat(document.getElementById('fill').style.width || '0') > 20`, 20*time.Second); err != nil {
			return err
		}
		var status string
		if err := r.eval(`document.getElementById('status').textContent`, &status); err != nil {
			return err
		}
		if !regexp.MustCompile(`^[0-9.]+ / [0-9.]+ MB$`).MatchString(status) {
			return fmt.Errorf("the loading screen says %q, want the bytes received (e.g. 2.1 / 36.1 MB)", status)
		}
		buf, err := r.shot("loading")
		if err != nil {
			return err
		}
		if err := notBlank(buf); err != nil {
			return err
		}
		if err := r.waitPage("the app's first frame", `!!(window.huntchessPage && huntchessPage.firstFrame)`, 90*time.Second); err != nil {
			return err
		}
		var p struct{ Downloaded, FirstFrame float64 }
		if err := r.eval(`({downloaded: huntchessPage.downloaded, firstFrame: huntchessPage.firstFrame})`, &p); err != nil {
			return err
		}
		r.figure("at 2 MB/s (the loading screen said %q): wasm received at %.1f s, first frame at %.1f s", status, p.Downloaded/1000, p.FirstFrame/1000)
		return chromedp.Do(ctx, chromedp.Navigate("about:blank"))
	})

	var home Snapshot
	r.step("cold start: first frame drawn, not blank", nil, func() error {
		if _, err := r.load(url, false); err != nil {
			return err
		}
		var p struct{ Downloaded, Started, FirstFrame, WasmBytes float64 }
		if err := r.eval(`({downloaded: huntchessPage.downloaded, started: huntchessPage.started, firstFrame: huntchessPage.firstFrame, wasmBytes: huntchessPage.wasmBytes})`, &p); err != nil {
			return err
		}
		r.figure("cold start: wasm %.1f MB received at %.0f ms, compiled and started at %.0f ms, first frame at %.0f ms", p.WasmBytes/1e6, p.Downloaded, p.Started, p.FirstFrame)
		var err error
		home, err = r.waitFor("the home screen", 30*time.Second, func(s Snapshot) bool { return s.has("Hunt Chess") && s.has("Play") })
		if err != nil {
			return err
		}
		time.Sleep(300 * time.Millisecond)
		var title string
		if err := r.eval(`document.title`, &title); err != nil {
			return err
		}
		if title != "Hunt Chess · 围猎棋" {
			return fmt.Errorf("the page's title is %q once the app has drawn, want %q", title, "Hunt Chess · 围猎棋")
		}
		buf, err := r.shot("home")
		if err != nil {
			return err
		}
		return notBlank(buf)
	})

	r.step("viewport meta, manifest, service worker", []string{"cold start: first frame drawn, not blank"}, func() error {
		var vp string
		if err := r.eval(`(document.querySelector('meta[name=viewport]') || {}).content || ''`, &vp); err != nil {
			return err
		}
		if !strings.Contains(vp, "width=device-width") {
			return fmt.Errorf("viewport meta %q lacks width=device-width", vp)
		}
		var iw float64
		if err := r.eval(`window.innerWidth`, &iw); err != nil || iw != PhoneW {
			return fmt.Errorf("the page is laid out %v px wide, want %d (%v)", iw, PhoneW, err)
		}
		var man struct {
			Name, ShortName, Display, StartURL string
			Icons                              []struct{ Src, Sizes, Purpose string }
		}
		var raw string
		if err := r.eval(`fetch(document.querySelector('link[rel=manifest]').href).then(r => r.text())`, &raw); err != nil {
			return fmt.Errorf("manifest: %v", err)
		}
		if err := json.Unmarshal([]byte(strings.ReplaceAll(strings.ReplaceAll(raw, `"short_name"`, `"shortname"`), `"start_url"`, `"starturl"`)), &man); err != nil {
			return fmt.Errorf("manifest: %v", err)
		}
		found := map[string]bool{}
		for _, ic := range man.Icons {
			found[ic.Sizes+" "+ic.Purpose] = true
		}
		for _, want := range []string{"192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"} {
			if !found[want] {
				return fmt.Errorf("manifest has no %s icon", want)
			}
		}
		if man.Display != "standalone" || man.ShortName == "" || man.Name == "" {
			return fmt.Errorf("manifest: display %q, name %q, short name %q", man.Display, man.Name, man.ShortName)
		}
		// The worker is active and its cache holds the whole site.
		var sw struct {
			Scope  string
			Caches []string
			Files  int
		}
		if err := r.eval(`navigator.serviceWorker.ready.then(async reg => {
				const keys = await caches.keys();
				const c = await caches.open('huntchess-' + huntchessPage.build);
				return {scope: reg.scope, caches: keys, files: (await c.keys()).length};
			})`, &sw); err != nil {
			return fmt.Errorf("service worker: %v", err)
		}
		if sw.Files < 10 {
			return fmt.Errorf("service worker cache %v holds %d files, want the whole site (12)", sw.Caches, sw.Files)
		}
		if build.Build != "" && !contains(sw.Caches, "huntchess-"+build.Build) {
			return fmt.Errorf("service worker caches %v: none for build %s", sw.Caches, build.Build)
		}
		r.figure("service worker scope %s, cache %v with %d files", sw.Scope, sw.Caches, sw.Files)
		return nil
	})

	r.step("a swipe scrolls the home screen", []string{"cold start: first frame drawn, not blank"}, func() error {
		before := home.find("Beat the Wolf")
		if before == nil {
			return errors.New("no 'Beat the Wolf' on the home screen")
		}
		if err := r.swipe(PhoneW/2, 600, 250); err != nil {
			return err
		}
		s, err := r.waitFor("the home screen scrolled", 5*time.Second, func(s Snapshot) bool {
			t := s.find("Beat the Wolf")
			return t == nil || t.Y < before.Y-100
		})
		if err != nil {
			return err
		}
		_, _ = r.shot("home-scrolled")
		after := s.find("Beat the Wolf")
		if after != nil {
			r.figure("swipe of 350 px: 'Beat the Wolf' moved from y=%.0f to y=%.0f", before.Y, after.Y)
		}
		// Back to the top for the next steps.
		if err := r.swipe(PhoneW/2, 200, 800); err != nil {
			return err
		}
		_, err = r.waitFor("the home screen back at the top", 5*time.Second, func(s Snapshot) bool {
			t := s.find("Beat the Wolf")
			return t != nil && t.Y >= before.Y-2
		})
		return err
	})

	r.step("touch: no zoom, selection, menu or pull-to-refresh", []string{"cold start: first frame drawn, not blank"}, func() error {
		var css struct{ TouchAction, Overscroll, UserSelect string }
		if err := r.eval(`(() => { const b = getComputedStyle(document.body); return {touchAction: b.touchAction, overscroll: b.overscrollBehaviorY, userSelect: b.userSelect}; })()`, &css); err != nil {
			return err
		}
		if css.TouchAction != "none" || css.Overscroll != "none" || css.UserSelect != "none" {
			return fmt.Errorf("body: touch-action %q, overscroll-behavior %q, user-select %q; want none, none, none", css.TouchAction, css.Overscroll, css.UserSelect)
		}
		if err := r.eval(`(window.hcMenus = 0, document.addEventListener('contextmenu', () => window.hcMenus++, true), true)`, new(bool)); err != nil {
			return err
		}
		var origin float64
		if err := r.eval(`performance.timeOrigin`, &origin); err != nil {
			return err
		}
		t := home.find("Hunt Chess")
		if t == nil {
			return errors.New("no 'Hunt Chess' title on the home screen")
		}
		// A double tap and a long press on the title, a pull down from the top.
		if err := r.tap(t.X, t.Y); err != nil {
			return err
		}
		if err := r.tap(t.X, t.Y); err != nil {
			return err
		}
		if err := chromedp.Do(ctx, Touch(input.DispatchTouchEventTypeTouchStart, t.X, t.Y), chromedp.Sleep(1200*time.Millisecond), Touch(input.DispatchTouchEventTypeTouchEnd, t.X, t.Y)); err != nil {
			return err
		}
		if err := r.swipe(PhoneW/2, 150, 700); err != nil {
			return err
		}
		time.Sleep(500 * time.Millisecond)
		var st struct {
			Scale, Menus, Origin float64
			Selection            string
		}
		if err := r.eval(`({scale: visualViewport.scale, menus: window.hcMenus, origin: performance.timeOrigin, selection: String(getSelection())})`, &st); err != nil {
			return fmt.Errorf("%v (did the page reload?)", err)
		}
		switch {
		case st.Scale != 1:
			return fmt.Errorf("a double tap zoomed the page to %v", st.Scale)
		case st.Menus != 0:
			return fmt.Errorf("a long press opened %v context menu(s)", st.Menus)
		case st.Selection != "":
			return fmt.Errorf("a long press selected %q", st.Selection)
		case st.Origin != origin:
			return errors.New("a pull down reloaded the page")
		}
		_, err := r.waitFor("the home screen", 5*time.Second, func(s Snapshot) bool { return s.has("Hunt Chess") && s.has("Play") })
		return err
	})

	r.step("a swipe scrolls the rules; Back returns home", []string{"cold start: first frame drawn, not blank"}, func() error {
		if err := r.tapText("Rules", 10*time.Second); err != nil {
			return err
		}
		s, err := r.waitFor("the rules", 10*time.Second, func(s Snapshot) bool { return s.has("Back") && !s.has("Play") })
		if err != nil {
			return err
		}
		// A line of text low on the screen, to follow.
		var mark *Text
		for i, t := range s.Texts {
			if t.Visible && t.Y > 500 && t.Y < 700 && len([]rune(t.Text)) > 12 {
				mark = &s.Texts[i]
				break
			}
		}
		if mark == nil {
			return errors.New("no line of text low on the rules screen to follow")
		}
		if err := r.swipe(PhoneW/2, 650, 300); err != nil {
			return err
		}
		if _, err := r.waitFor("the rules scrolled", 5*time.Second, func(s Snapshot) bool {
			for _, t := range s.Texts {
				if t.Text == mark.Text && t.Y < mark.Y-100 {
					return true
				}
			}
			return false
		}); err != nil {
			return err
		}
		_, _ = r.shot("rules-scrolled")
		// The phone's Back button: one screen back, still on the page.
		var origin float64
		if err := r.eval(`performance.timeOrigin`, &origin); err != nil {
			return err
		}
		if err := r.eval(`(history.back(), true)`, new(bool)); err != nil {
			return err
		}
		if _, err = r.waitFor("the home screen after Back", 10*time.Second, func(s Snapshot) bool { return s.has("Hunt Chess") && s.has("Play") }); err != nil {
			return err
		}
		var now float64
		if err := r.eval(`performance.timeOrigin`, &now); err != nil || now != origin {
			return fmt.Errorf("Back left the page (%v)", err)
		}
		return nil
	})

	var human string       // the side the player plays
	var afterAnswer string // the position after the AI answered
	var playedMoves []string
	r.step("a game against Master by taps: a move, the AI answers", []string{"cold start: first frame drawn, not blank"}, func() error {
		// Wolf Carries the Pig, its table not served yet (pigServed): no
		// table or strategy of it, so Master searches (Beat the Wolf's first card: its strategy
		// answers the wolf's every move at once, with no search).
		if err := r.tapPlayOf("Wolf Carries the Pig"); err != nil {
			return err
		}
		if err := r.tapText("Master", 10*time.Second); err != nil {
			return err
		}
		if err := r.tapText("Start", 10*time.Second); err != nil {
			return err
		}
		s, err := r.waitFor("the board, the player to move", 30*time.Second, func(s Snapshot) bool {
			return len(s.Boards) == 1 && !s.Boards[0].ReadOnly && len(s.Boards[0].Moves) > 0
		})
		if err != nil {
			return err
		}
		b := s.Boards[0]
		human = b.ToMove
		if len(b.Moves[0].Taps) == 0 {
			return fmt.Errorf("no taps for %s", b.Moves[0].Move)
		}
		before := b.Position
		mv := b.Moves[0]
		var t0 float64
		if err := r.eval(`(huntchessSearch.yields = huntchessSearch.resumed = 0, huntchessSearch.runs = [], performance.now())`, &t0); err != nil {
			return err
		}
		for _, p := range mv.Taps {
			if err := r.tap(p[0], p[1]); err != nil {
				return err
			}
		}
		// Polled cheaply (positions only, every 50 ms), so that the test
		// itself takes little of the page's time while Master thinks.
		var t1, t2 float64
		for deadline := time.Now().Add(15 * waitSlack * time.Second); ; {
			var raw string
			if err := r.eval(`huntchessTest.position()`, &raw); err != nil {
				return err
			}
			var bs []Board
			if err := json.Unmarshal([]byte(raw), &bs); err != nil {
				return err
			}
			if len(bs) == 1 && bs[0].Position != before {
				if t1 == 0 {
					_ = r.eval(`performance.now()`, &t1)
				}
				if bs[0].ToMove == human && !bs[0].ReadOnly {
					_ = r.eval(`performance.now()`, &t2)
					afterAnswer = bs[0].Position
					break
				}
			}
			if time.Now().After(deadline) {
				if t1 == 0 {
					return fmt.Errorf("the move %s, tapped at %v, was not played", mv.Move, mv.Taps)
				}
				return fmt.Errorf("Master did not answer within %d s", 15*waitSlack)
			}
			time.Sleep(50 * time.Millisecond)
		}
		playedMoves = []string{mv.Move}
		var think struct {
			Yields, First, Last float64
			Runs                []float64
		}
		if err := r.eval(`huntchessSearch`, &think); err != nil {
			return err
		}
		if think.Yields < 2 {
			return fmt.Errorf("the search gave the browser %v turns: it did not think, or does not yield", think.Yields)
		}
		maxGap := func(a, b float64) float64 {
			var g float64
			_ = r.eval(fmt.Sprintf(`huntchessPage.maxGap(%f, %f)`, a, b), &g)
			return g
		}
		// Frames while the search ran: from its first turn to 30 ms after (it yields every 25 ms)
		// its last. Until the player's move is on the board (t1) the board
		// is animating it, and on this machine (SwiftShader, software GL)
		// those frames take up to ~170 ms to draw with no search at all (as
		// the second after the answer shows): the search's own share is
		// judged once the animation is over.
		whole := maxGap(think.First, think.Last+30)
		afterAnim := maxGap(max(think.First, t1), think.Last+30)
		time.Sleep(time.Second)
		var t3 float64
		_ = r.eval(`performance.now()`, &t3)
		noSearch := maxGap(t2, t3)
		var long []float64
		_ = r.eval(fmt.Sprintf(`(() => { const out = []; let prev = -1; for (const t of huntchessPage.frames) { if (t < %f || t > %f) continue; if (prev >= 0 && t - prev > 60) out.push(Math.round(prev - %f), Math.round(t - prev)); prev = t; } return out; })()`, t0, t3, t0), &long)
		r.t.Logf("frame gaps over 60 ms (ms after the tap, length): %v", long)
		thought := (think.Last - think.First + 30) / 1000
		r.figure("%s played by taps, on the board (animation over) %.0f ms after the first tap; Master (against the %s) thought from %.0f to %.0f ms (%.2f s), its move on the board %.2f s after the tap",
			mv.Move, t1-t0, human, think.First-t0, think.Last-t0, thought, (t2-t0)/1000)
		runs := slices.Clone(think.Runs)
		slices.Sort(runs)
		if len(runs) == 0 {
			return errors.New("the search noted no run between two turns")
		}
		pct := func(p float64) float64 { return runs[min(len(runs)-1, int(p*float64(len(runs))))] }
		over := len(runs) - sort.SearchFloat64s(runs, 50.0001)
		r.figure("longest frame gap while Master thought: %.0f ms once the move's animation was over, %.0f ms over the whole think; with no search, the second after the answer: %.0f ms",
			afterAnim, whole, noSearch)
		r.figure("the search gave the browser %v turns; it ran between two: median %.0f ms, 95th percentile %.0f ms, longest %.0f ms (%d over 50 ms)",
			think.Yields, pct(0.5), pct(0.95), runs[len(runs)-1], over)
		_, _ = r.shot("game")
		// The budgets below are of wall time: a busy machine (this one is
		// shared: load 4 to 11 seen) holds the whole browser back now and
		// then, and a frame gap of 450 ms with 383 ms with no search at all
		// was seen at load 11. They are judged on a machine that is not
		// busy: one that draws a frame within 100 ms with no search and has
		// no more work waiting than cores; on a busy one what is over its
		// budget is reported (NOTE), not failed.
		load := loadPerCore()
		busy := noSearch > 100 || load > 1
		judge := func(over bool, format string, args ...any) error {
			switch {
			case !over:
				return nil
			case busy:
				r.figure("NOTE: over its budget on a busy machine (load %.1f a core, %.0f ms without a frame with no search): "+format,
					append([]any{load, noSearch}, args...)...)
				return nil
			}
			return fmt.Errorf(format, args...)
		}
		if err := judge(thought > 3, "Master thought %.2f s (want ≤ 3 s)", thought); err != nil {
			return err
		}
		// The search yields every 25 ms (the median says it does). A search
		// that stopped yielding somewhere would show in the tail; but the
		// system also holds the whole browser back now and then (one run in
		// six went over 50 ms at load 11). So the tail is judged at 100 ms,
		// and the runs over 50 ms are reported.
		if err := judge(pct(0.95) > 100 || pct(0.5) > 35, "the search ran %.0f ms (median) / %.0f ms (95th percentile) between the browser's turns (want ≤ 35 / 100 ms)", pct(0.5), pct(0.95)); err != nil {
			return err
		}
		if afterAnim > 100 {
			if noSearch < afterAnim {
				return judge(true, "the page went %.0f ms without a frame while Master thought (want ≤ 100 ms; %.0f ms with no search)", afterAnim, noSearch)
			}
			// The page drew no faster with no search at all: this machine is
			// too slow (or too busy) at drawing to judge the search by frames.
			r.figure("NOTE: frame gaps over 100 ms here come from drawing, not from the search: %.0f ms while it thought, %.0f ms with none", afterAnim, noSearch)
		}
		return nil
	})

	r.step("a drag on the board moves a piece; the AI answers", []string{"a game against Master by taps: a move, the AI answers"}, func() error {
		s, err := r.snapshot()
		if err != nil {
			return err
		}
		if len(s.Boards) != 1 {
			return fmt.Errorf("%d boards on screen", len(s.Boards))
		}
		b := s.Boards[0]
		var mv *Move
		for i := range b.Moves {
			if len(b.Moves[i].Taps) == 2 {
				mv = &b.Moves[i]
				break
			}
		}
		if mv == nil {
			return errors.New("no legal move from one point to another")
		}
		from, to := mv.Taps[0], mv.Taps[1]
		if err := r.drag(from[0], from[1], to[0], to[1], 10, 20*time.Millisecond); err != nil {
			return err
		}
		s, err = r.waitFor("the dragged move played and the AI's answer", 15*time.Second, func(s Snapshot) bool {
			return len(s.Boards) == 1 && s.Boards[0].Position != b.Position && s.Boards[0].ToMove == human && !s.Boards[0].ReadOnly
		})
		if err != nil {
			return fmt.Errorf("the move %s, dragged from %v to %v: %v", mv.Move, from, to, err)
		}
		afterAnswer = s.Boards[0].Position
		playedMoves = append(playedMoves, mv.Move)
		for _, m := range playedMoves {
			if !s.has(m) {
				return fmt.Errorf("the move list does not show %s", m)
			}
		}
		_, err = r.shot("game-dragged")
		return err
	})

	r.step("a reload offers to resume the same game", []string{"a drag on the board moves a piece; the AI answers"}, func() error {
		ff, err := r.load(url, true)
		if err != nil {
			return err
		}
		r.figure("reload (from the service worker's cache): first frame at %.0f ms", ff)
		s, err := r.waitFor("the offer to resume", 8*time.Second, func(s Snapshot) bool {
			return s.has("Unfinished game") || s.has("Continue")
		})
		if err != nil {
			_, _ = r.shot("reload")
			return fmt.Errorf("after a reload the app offers no game to resume (every completed move is saved to the browser's storage): %v", err)
		}
		_, _ = r.shot("resume")
		// The offer's Continue (the home screen has one too, under the dialog).
		if t := s.findTop("Continue"); t != nil {
			if err := r.tap(t.X, t.Y); err != nil {
				return err
			}
		}
		s, err = r.waitFor("the resumed board", 10*time.Second, func(s Snapshot) bool { return len(s.Boards) == 1 })
		if err != nil {
			return err
		}
		if got := s.Boards[0].Position; got != afterAnswer {
			return fmt.Errorf("resumed at %s, want %s (after %v and the AI's answer)", got, afterAnswer, playedMoves)
		}
		return nil
	})

	r.step("offline: the second load starts with the server gone", []string{"viewport meta, manifest, service worker"}, func() error {
		served := handler.Requests.Load()
		srv.Close()
		ff, err := r.load(url, false)
		if err != nil {
			return err
		}
		r.figure("offline load: first frame at %.0f ms (the server had served %d requests, then stopped)", ff, served)
		if _, err := r.waitFor("the home screen", 20*time.Second, func(s Snapshot) bool { return s.has("Hunt Chess") || s.has("Unfinished game") }); err != nil {
			return err
		}
		time.Sleep(300 * time.Millisecond)
		buf, err := r.shot("offline")
		if err != nil {
			return err
		}
		return notBlank(buf)
	})

	r.step("a new build replaces the cached one", []string{"offline: the second load starts with the server gone"}, func() error {
		if build.Build == "" {
			return errors.New("build.json gives no build ID")
		}
		// The same site as a new build (its ID changed), on the same address.
		next := build.Build + "-next"
		upd := t.TempDir()
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		var copyDir func(from, to string, es []os.DirEntry) error
		copyDir = func(from, to string, es []os.DirEntry) error {
			for _, e := range es {
				src, dst := filepath.Join(from, e.Name()), filepath.Join(to, e.Name())
				if e.IsDir() {
					sub, err := os.ReadDir(src)
					if err != nil {
						return err
					}
					if err := os.MkdirAll(dst, 0o755); err != nil {
						return err
					}
					if err := copyDir(src, dst, sub); err != nil {
						return err
					}
					continue
				}
				b, err := os.ReadFile(src)
				if err != nil {
					return err
				}
				if e.Name() == "sw.js" || e.Name() == "start.js" {
					b = bytes.ReplaceAll(b, []byte("'"+build.Build+"'"), []byte("'"+next+"'"))
				}
				if err := os.WriteFile(dst, b, 0o644); err != nil {
					return err
				}
			}
			return nil
		}
		if err := copyDir(dir, upd, entries); err != nil {
			return err
		}
		nsrv, _, err := Serve(strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/"), &Handler{Dir: upd}) // the same origin
		if err != nil {
			return err
		}
		r.cleanup = append(r.cleanup, func() { nsrv.Close() })
		// This load still runs the cached build and finds the new worker.
		if _, err := r.load(url, true); err != nil {
			return err
		}
		if err := r.waitPage("the new build's cache, the old one gone",
			fmt.Sprintf(`caches.keys().then(k => k.length === 1 && k[0] === 'huntchess-%s')`, next), 60*time.Second); err != nil {
			var keys []string
			_ = r.eval(`caches.keys()`, &keys)
			return fmt.Errorf("%v (caches %v)", err, keys)
		}
		if _, err := r.load(url, true); err != nil {
			return err
		}
		var got string
		if err := r.eval(`huntchessPage.build`, &got); err != nil {
			return err
		}
		if got != next {
			return fmt.Errorf("after the update the page runs build %q, want %q", got, next)
		}
		r.figure("update: build %s replaced by %s on the second load after it was served", build.Build, next)
		return nil
	})

	r.step("perfect play: the shipped tables download (the lion's, the deer's, Beat the Wolf's), and the hint plays from them", []string{"a new build replaces the cached one"}, func() error {
		start := time.Now()
		if _, err := r.load(url+"?HUNTCHESS_SCREEN=game&HUNTCHESS_GAME=surround-the-lion&HUNTCHESS_MODE=two-players", false); err != nil {
			return err
		}
		if _, err := r.waitFor("the table ready", 90*time.Second, func(s Snapshot) bool {
			return s.shows("play every position perfectly")
		}); err != nil {
			return err
		}
		r.figure("the lion's table (tables/surround-the-lion.hctb) downloaded and read %.1f s after the page was opened", time.Since(start).Seconds())
		if err := r.tapText("Hint", 10*time.Second); err != nil {
			return err
		}
		// Only a proof says "with perfect play": the search's hints never do.
		if _, err := r.waitFor("the table's hint", 20*time.Second, func(s Snapshot) bool {
			return s.shows("With perfect play")
		}); err != nil {
			return err
		}
		if _, err := r.shot("lion-table"); err != nil {
			return err
		}
		// Every game with a shipped table (tables.ShippedGames) downloads
		// its own the first time it is played.
		for _, g := range []struct{ id, line, files string }{
			// the whole game: its placement phase's values too
			{"deer-chess", "Solved: Master and the hints play every position perfectly.", "tables/deer-chess.hctb"},
			// its endgames and its proven win from the start
			{"beat-the-wolf", "Solved from the start: a win for the dogs; perfect play on its line and in the endgames.", "tables/beat-the-wolf.hctb and .hcst"},
		} {
			start := time.Now()
			if _, err := r.load(url+"?HUNTCHESS_SCREEN=game&HUNTCHESS_GAME="+g.id+"&HUNTCHESS_MODE=two-players", false); err != nil {
				return err
			}
			if _, err := r.waitFor(g.id+"'s table ready", 90*time.Second, func(s Snapshot) bool { return s.shows(g.line) }); err != nil {
				return err
			}
			r.figure("%s's tables (%s) downloaded and read %.1f s after the page was opened", g.id, g.files, time.Since(start).Seconds())
		}
		for _, file := range []string{"surround-the-lion.hctb", "deer-chess.hctb", "beat-the-wolf.hctb", "beat-the-wolf.hcst"} {
			if err := r.keptByWorker("tables/" + file); err != nil {
				return err
			}
		}
		_, err := r.load(url, false) // back to the plain page: no developer settings
		return err
	})

	r.step("Wolf Carries the Pig from its shipped table: Master's answers, the hint", []string{"perfect play: the shipped tables download (the lion's, the deer's, Beat the Wolf's), and the hint plays from them"}, func() error {
		pigServed.Store(true)
		start := time.Now()
		// The person plays the pigs, who move first; Master the wolves. Six
		// moves from the start cannot end the game (seven captures win).
		if _, err := r.load(url+"?HUNTCHESS_SCREEN=game&HUNTCHESS_GAME=wolf-carries-pig&HUNTCHESS_MODE=vs-ai-prey&HUNTCHESS_LEVEL=master", false); err != nil {
			return err
		}
		if _, err := r.waitFor("the pigs' table ready", 120*time.Second, func(s Snapshot) bool {
			return s.shows("play every position perfectly")
		}); err != nil {
			return err
		}
		r.figure("Wolf Carries the Pig's table (tables/wolf-carries-pig.hctb, 14.9 MB) downloaded and read %.1f s after the page was opened", time.Since(start).Seconds())
		var answers, thinks []float64
		for len(answers) < 6 {
			s, err := r.waitFor("the pigs to move", 60*time.Second, func(s Snapshot) bool {
				return len(s.Boards) == 1 && !s.Boards[0].ReadOnly && len(s.Boards[0].Moves) > 0
			})
			if err != nil {
				return err
			}
			b := s.Boards[0]
			mv := b.Moves[len(answers)%len(b.Moves)]
			var t0 float64
			if err := r.eval(`performance.now()`, &t0); err != nil {
				return err
			}
			for _, p := range mv.Taps {
				if err := r.tap(p[0], p[1]); err != nil {
					return err
				}
			}
			var t1, t2 float64
			for deadline := time.Now().Add(20 * waitSlack * time.Second); ; {
				var raw string
				if err := r.eval(`huntchessTest.position()`, &raw); err != nil {
					return err
				}
				var bs []Board
				if err := json.Unmarshal([]byte(raw), &bs); err != nil {
					return err
				}
				if len(bs) == 1 && bs[0].Position != b.Position && t1 == 0 {
					_ = r.eval(`performance.now()`, &t1) // the pigs' move on the board
				}
				if len(bs) == 1 && bs[0].Position != b.Position && bs[0].ToMove == b.ToMove && !bs[0].ReadOnly {
					_ = r.eval(`performance.now()`, &t2)
					break
				}
				if time.Now().After(deadline) {
					return fmt.Errorf("Master did not answer %s within %d s", mv.Move, 20*waitSlack)
				}
				time.Sleep(50 * time.Millisecond)
			}
			answers = append(answers, (t2-t0)/1000)
			thinks = append(thinks, (t2-t1)/1000)
		}
		sorted := slices.Clone(answers)
		slices.Sort(sorted)
		r.figure("Master's wolves answered the pigs' %d moves, each on the board this long after the tap (the pigs' move's animation included): %v s; median %.2f s, longest %.2f s",
			len(answers), roundAll(answers), sorted[len(sorted)/2], sorted[len(sorted)-1])
		sorted = slices.Clone(thinks)
		slices.Sort(sorted)
		r.figure("… from the pigs' move on the board to the wolves' answer there (Master's think, its move's animation and the polling's 50 ms): %v s; median %.2f s, longest %.2f s",
			roundAll(thinks), sorted[len(sorted)/2], sorted[len(sorted)-1])
		if err := r.tapText("Hint", 10*time.Second); err != nil {
			return err
		}
		if _, err := r.waitFor("the table's hint", 30*time.Second, func(s Snapshot) bool { return s.shows("With perfect play") }); err != nil {
			return err
		}
		if _, err := r.shot("pig-table"); err != nil {
			return err
		}
		if err := r.keptByWorker("tables/wolf-carries-pig.hctb"); err != nil {
			return err
		}
		_, err = r.load(url, false) // back to the plain page: no developer settings
		return err
	})

	r.step("switching to Chinese shows Chinese, kept after a reload", []string{"cold start: first frame drawn, not blank"}, func() error {
		// A dialog (the offer to resume) may stand in front of the home
		// screen: it is closed by keeping the game.
		if s, err := r.snapshot(); err == nil && s.has("Unfinished game") {
			if t := s.findTop("Continue"); t != nil { // the dialog's, not the home screen's
				_ = r.tap(t.X, t.Y)
			}
		}
		if s, err := r.snapshot(); err == nil && len(s.Boards) > 0 {
			// Back home from a resumed game (it stays saved).
			if err := r.tapText("Back", 5*time.Second); err != nil {
				return err
			}
			if s, err := r.waitFor("home, or the question on leaving", 5*time.Second, func(s Snapshot) bool {
				return s.has("Leave") || s.has("English")
			}); err == nil && s.has("Leave") {
				if err := r.tapText("Leave", 5*time.Second); err != nil {
					return err
				}
			}
		}
		// The language control names the language in use and offers the
		// three in a menu: English / 简体 / 繁體.
		if err := r.tapText("English", 10*time.Second); err != nil {
			return err
		}
		if err := r.tapText("简体", 10*time.Second); err != nil {
			return err
		}
		s, err := r.waitFor("Chinese texts", 10*time.Second, func(s Snapshot) bool {
			han, all := 0, 0
			for _, t := range s.Texts {
				if !t.Visible {
					continue
				}
				all++
				if strings.IndexFunc(t.Text, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0 {
					han++
				}
			}
			// The games' English names stay as subtitles.
			return all > 5 && han*10 >= all*6 && !s.has("Play") && !s.has("Settings")
		})
		if err != nil {
			return err
		}
		_ = s
		time.Sleep(300 * time.Millisecond)
		buf, err := r.shot("home-zh")
		if err != nil {
			return err
		}
		if err := notBlank(buf); err != nil {
			return err
		}
		// The setting is kept: a reload starts in Chinese.
		if _, err := r.load(url, true); err != nil {
			return err
		}
		_, err = r.waitFor("Chinese after a reload", 20*time.Second, func(s Snapshot) bool {
			return s.has("围猎棋") && !s.has("Play") && !s.has("Settings")
		})
		return err
	})

	// Traditional Chinese is another font family (Noto Sans TC): a switch to
	// it, as a change of text size or theme, gives Fyne a new theme at run
	// time, and Fyne's browser driver then frees the text drawn in the old
	// faces. It did so with no WebGL context current and the app died
	// ("syscall/js: call of Value.Call on null"; app/webgl_js.go).
	r.step("繁體中文 from the language menu, the games' names in Traditional characters", []string{"switching to Chinese shows Chinese, kept after a reload"}, func() error {
		// The reload's offer to resume stands in front: keep the game, and
		// come back home from it.
		if s, err := r.snapshot(); err == nil && s.has("有未下完的对局，第 7 回合") {
			if t := s.findTop("继续对局"); t != nil { // the dialog's, not the card's
				_ = r.tap(t.X, t.Y)
			}
		}
		if s, err := r.waitFor("the game or home", 5*time.Second, func(s Snapshot) bool { return len(s.Boards) > 0 || s.has("简体") }); err == nil && len(s.Boards) > 0 {
			if err := r.tapText("返回", 5*time.Second); err != nil {
				return err
			}
			if s, err := r.waitFor("home, or the question on leaving", 5*time.Second, func(s Snapshot) bool {
				return s.has("离开") || s.has("简体")
			}); err == nil && s.has("离开") {
				if err := r.tapText("离开", 5*time.Second); err != nil {
					return err
				}
			}
		}
		if err := r.tapText("简体", 10*time.Second); err != nil {
			return err
		}
		if err := r.tapText("繁體", 10*time.Second); err != nil {
			return err
		}
		if _, err := r.waitFor("Traditional texts", 10*time.Second, func(s Snapshot) bool {
			return s.has("圍獵棋") && s.has("狼背豬") && s.has("圍獅棋") && !s.has("围猎棋")
		}); err != nil {
			return err
		}
		time.Sleep(300 * time.Millisecond)
		buf, err := r.shot("home-zh-hant")
		if err != nil {
			return err
		}
		return notBlank(buf)
	})

	r.step("a game in Traditional Chinese after a reload: the hint from the lion's table", []string{"繁體中文 from the language menu, the games' names in Traditional characters"}, func() error {
		// The language is kept; the developer settings open the game (two
		// players: the move timer an earlier step may have set passes the
		// turn, so the hint is asked for as soon as the table is read).
		if _, err := r.load(url+"?HUNTCHESS_SCREEN=game&HUNTCHESS_GAME=surround-the-lion&HUNTCHESS_MODE=two-players", false); err != nil {
			return err
		}
		if _, err := r.waitFor("the lion's table read, in Traditional characters", 90*time.Second, func(s Snapshot) bool {
			return len(s.Boards) == 1 && s.shows("已解出")
		}); err != nil {
			return err
		}
		if err := r.tapText("提示", 10*time.Second); err != nil {
			return err
		}
		// A Chinese paragraph wraps anywhere: its lines are joined as they are.
		if _, err := r.waitFor("the table's hint in Traditional characters", 20*time.Second, func(s Snapshot) bool {
			var all strings.Builder
			for _, t := range s.Texts {
				if t.Visible {
					all.WriteString(t.Text)
				}
			}
			return strings.Contains(all.String(), "雙方走法完美時")
		}); err != nil {
			return err
		}
		time.Sleep(300 * time.Millisecond)
		buf, err := r.shot("game-zh-hant")
		if err != nil {
			return err
		}
		return notBlank(buf)
	})

	r.step("theme and text size changed in Settings, in Traditional Chinese", []string{"繁體中文 from the language menu, the games' names in Traditional characters"}, func() error {
		if _, err := r.load(url+"?HUNTCHESS_SCREEN=settings", false); err != nil {
			return err
		}
		// Each choice is a new theme at run time: the app must live on and
		// draw the screen again in its new look.
		for _, c := range []struct{ field, from, to string }{
			{"外觀", "跟隨系統", "深色"},
			{"文字大小", "標準", "大"},
		} {
			// The field's value nearest its label (the language's field may
			// read 跟隨系統 too).
			var at *Text
			if _, err := r.waitFor("the settings, "+c.field, 20*time.Second, func(s Snapshot) bool {
				at = nil
				if l := s.find(c.field); l != nil {
					for i, t := range s.Texts {
						if t.Visible && t.Text == c.from && t.Y >= l.Y-20 && t.Y < float64(PhoneH) && (at == nil || t.Y < at.Y) {
							at = &s.Texts[i]
						}
					}
				}
				return at != nil
			}); err != nil {
				return err
			}
			if err := r.tap(at.X, at.Y); err != nil {
				return err
			}
			s, err := r.waitFor("the choices of "+c.field, 10*time.Second, func(s Snapshot) bool { return s.findTop(c.to) != nil })
			if err != nil {
				return err
			}
			t := s.findTop(c.to)
			if err := r.tap(t.X, t.Y); err != nil {
				return err
			}
			if _, err := r.waitFor(c.field+": "+c.to, 10*time.Second, func(s Snapshot) bool {
				return s.has(c.to) && s.has("對局設定")
			}); err != nil {
				return err
			}
		}
		time.Sleep(300 * time.Millisecond)
		buf, err := r.shot("settings-zh-hant-dark-large")
		if err != nil {
			return err
		}
		if err := notBlank(buf); err != nil {
			return err
		}
		// Still running: the screen answers, and a reload keeps the choices.
		if _, err := r.load(url+"?HUNTCHESS_SCREEN=settings", false); err != nil {
			return err
		}
		_, err = r.waitFor("dark and large text after a reload", 20*time.Second, func(s Snapshot) bool {
			return s.has("深色") && s.has("大") && s.has("對局設定")
		})
		return err
	})

	r.step("no uncaught error in the console", nil, func() error {
		r.con.mu.Lock()
		defer r.con.mu.Unlock()
		r.figure("console: %d uncaught exceptions, %d errors, %d glScissor warnings, %d Fyne error lines", len(r.con.exceptions), len(r.con.errors), r.con.scissor, len(r.con.fyneErrors))
		for _, e := range r.con.fyneErrors {
			r.t.Logf("Fyne: %s", firstLine(e))
		}
		var errs []string
		errs = append(errs, r.con.exceptions...)
		errs = append(errs, r.con.errors...)
		var pageErrs []string
		_ = r.eval(`huntchessPage.errors`, &pageErrs)
		errs = append(errs, pageErrs...)
		// The offline load's own requests to the stopped server are not the
		// page's errors; nothing else is forgiven.
		if len(errs) > 0 {
			for i := range errs {
				errs[i] = firstLine(errs[i])
			}
			return fmt.Errorf("%d error(s): %q", len(errs), errs)
		}
		return nil
	})

	for _, f := range r.cleanup {
		f()
	}
	fmt.Println()
	fmt.Println("browser test (Chromium, 390x844 at scale 2, touch, Android user agent):")
	for _, l := range r.report {
		fmt.Println("  " + l)
	}
	for _, f := range r.figures {
		fmt.Println("  figure: " + f)
	}
	fmt.Printf("  screenshots in %s; %.0f s in the browser\n", shots, time.Since(started).Seconds())
	fmt.Printf("webtest: %d passed, %d failed, %d skipped\n", r.counts[pass], r.counts[fail], r.counts[skip])
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var lineEnd = regexp.MustCompile(`\r?\n`)

func firstLine(s string) string {
	l := lineEnd.Split(s, 2)[0]
	if len(l) > 200 {
		l = l[:200] + "…"
	}
	return l
}
