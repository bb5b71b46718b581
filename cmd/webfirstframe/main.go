//go:build !js

// Command webfirstframe measures how long the browser version takes to
// show its home screen: the site make web wrote (build/web), served on
// 127.0.0.1, opened in Debian's headless Chromium as the browser test's
// phone (390×844 CSS pixels, deviceScaleFactor 2, touch, an Android user
// agent; WebGL by SwiftShader). A benchmark, not a test: it prints figures
// and fails only when the page does not start.
//
//	make bench-web    (scripts/bench-web-first-frame.sh)
//	go run ./cmd/webfirstframe -dir build/web -runs 5
//
// Each run starts a fresh browser with an empty profile and opens the
// page (cold: nothing cached, the wasm downloaded and compiled), then
// reloads it once the service worker has cached the site (reload: the
// wasm from the worker's cache). For each load it reads the page's own
// marks (window.huntchessPage, web/start.js and main_js.go), all in ms
// from the start of navigation:
//
//	received   the wasm's bytes all received
//	compiled   WebAssembly.instantiate done (go.run called)
//	inited     Go's package initialisation done (main's init)
//	first draw the app's first WebGL draw call
//	home       the home screen's texts on screen (window.huntchessTest,
//	           polled every 25 ms: up to 25 ms late)
//
// and prints each run and the median, with the load average, since a busy
// machine's figures are not a quiet one's.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/chromedp/chromedp"

	"huntchess/webtest"
)

// marks are one load's times, ms from the start of navigation.
type marks struct {
	Received, Compiled, Inited, FirstDraw, Home float64
}

func (m marks) String() string {
	return fmt.Sprintf("received %5.0f  compiled %5.0f  inited %5.0f  first draw %5.0f  home %5.0f",
		m.Received, m.Compiled, m.Inited, m.FirstDraw, m.Home)
}

func main() {
	dir := flag.String("dir", "build/web", "the site (make web)")
	runs := flag.Int("runs", 5, "runs, each a fresh browser: a cold load and a reload")
	chrome := flag.String("chromium", "/usr/bin/chromium", "the browser")
	lang := flag.String("lang", "", "HUNTCHESS_LANG for the page (en, zh-Hans, zh-Hant; empty: the browser's, English)")
	flag.Parse()
	log.SetFlags(0)
	if _, err := os.Stat(filepath.Join(*dir, "huntchess.wasm")); err != nil {
		log.Fatalf("webfirstframe: %s has no huntchess.wasm: run make web first", *dir)
	}
	var build struct {
		Build              string
		Wasm, Gzip, Brotli int64
		WasmOpt            string `json:"wasm_opt"`
	}
	if b, err := os.ReadFile(filepath.Join(*dir, "build.json")); err == nil {
		_ = json.Unmarshal(b, &build)
	}
	fmt.Printf("site %s, build %s: wasm %.2f MB, gzip %.2f MB, brotli %.2f MB\n",
		*dir, build.Build, float64(build.Wasm)/1e6, float64(build.Gzip)/1e6, float64(build.Brotli)/1e6)

	srv, url, err := webtest.Serve("127.0.0.1:0", &webtest.Handler{Dir: *dir})
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	if *lang != "" {
		url += "?HUNTCHESS_LANG=" + *lang
	}

	var cold, warm []marks
	for i := 1; i <= *runs; i++ {
		c, w, err := run(*chrome, url)
		if err != nil {
			log.Fatalf("webfirstframe: run %d: %v", i, err)
		}
		cold, warm = append(cold, c), append(warm, w)
		fmt.Printf("run %d cold:   %v   (load %s)\n", i, c, webtest.LoadAvg())
		fmt.Printf("run %d reload: %v   (load %s)\n", i, w, webtest.LoadAvg())
	}
	fmt.Printf("median cold:   %v\n", median(cold))
	fmt.Printf("median reload: %v\n", median(warm))
	fmt.Printf("home screen, cold: %s s (median %.2f); reload: %s s (median %.2f); load average %s, %d cores\n",
		spread(cold), median(cold).Home/1000, spread(warm), median(warm).Home/1000, webtest.LoadAvg(), runtime.NumCPU())
}

// run starts a fresh browser as the phone, opens url cold, waits for the
// service worker to cache the site, and reloads.
func run(chrome, url string) (cold, warm marks, err error) {
	profile, err := os.MkdirTemp("", "webfirstframe-")
	if err != nil {
		return cold, warm, err
	}
	defer os.RemoveAll(profile)
	ctx, stop, err := webtest.StartPhone(chrome, profile, 5*time.Minute)
	if err != nil {
		return cold, warm, err
	}
	defer stop()
	if cold, err = load(ctx, chromedp.Navigate(url)); err != nil {
		return cold, warm, fmt.Errorf("cold: %v", err)
	}
	// The reload is served by the service worker once its cache holds the
	// wasm.
	if err := poll(ctx, 60*time.Second, 100*time.Millisecond,
		`caches.keys().then(async ks => { for (const k of ks) { if (await (await caches.open(k)).match('huntchess.wasm')) return !!navigator.serviceWorker.controller } return false })`); err != nil {
		return cold, warm, fmt.Errorf("the service worker's cache: %v", err)
	}
	if warm, err = load(ctx, chromedp.Reload()); err != nil {
		return cold, warm, fmt.Errorf("reload: %v", err)
	}
	return cold, warm, nil
}

// load navigates (or reloads) and waits for the home screen; it returns
// the page's marks.
func load(ctx context.Context, nav chromedp.Action[chromedp.Void]) (marks, error) {
	var m marks
	if err := chromedp.Do(ctx, nav); err != nil {
		return m, err
	}
	// The home screen: its Play button (home.play in each language) on
	// screen.
	const home = `(async () => {
	  if (typeof window.huntchessTest !== 'object') return 0;
	  const s = JSON.parse(await huntchessTest.snapshot());
	  if (!s.ready) return 0;
	  const n = s.texts.filter(t => t.visible && /^(Play|开始游戏|開始遊戲)$/.test(t.text)).length;
	  return n > 0 ? performance.now() : 0;
	})()`
	deadline := time.Now().Add(3 * time.Minute)
	for m.Home == 0 {
		if time.Now().After(deadline) {
			var errs []string
			_ = webtest.Eval(ctx, `window.huntchessPage ? huntchessPage.errors : ['no huntchessPage']`, &errs)
			return m, fmt.Errorf("no home screen after 3 minutes (page errors %q)", errs)
		}
		var t float64
		if err := webtest.Eval(ctx, home, &t); err == nil {
			m.Home = t
		}
		if m.Home == 0 {
			time.Sleep(25 * time.Millisecond)
		}
	}
	var p struct{ Downloaded, Started, Inited, FirstFrame float64 }
	if err := webtest.Eval(ctx, `({downloaded: huntchessPage.downloaded, started: huntchessPage.started, inited: huntchessPage.inited || 0, firstFrame: huntchessPage.firstFrame})`, &p); err != nil {
		return m, err
	}
	m.Received, m.Compiled, m.Inited, m.FirstDraw = p.Downloaded, p.Started, p.Inited, p.FirstFrame
	return m, nil
}

// poll evaluates a JavaScript condition until it holds.
func poll(ctx context.Context, timeout, every time.Duration, expr string) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		var ok bool
		if err := webtest.Eval(ctx, expr, &ok); err == nil && ok {
			return nil
		}
		time.Sleep(every)
	}
	return fmt.Errorf("timed out after %v", timeout)
}

// eval evaluates a JavaScript expression (awaiting a promise) into out.
// median is each mark's median over the loads.
func median(ms []marks) marks {
	pick := func(f func(marks) float64) float64 {
		if len(ms) == 0 {
			return 0
		}
		xs := make([]float64, len(ms))
		for i, m := range ms {
			xs[i] = f(m)
		}
		return webtest.Median(xs)
	}
	return marks{
		Received:  pick(func(m marks) float64 { return m.Received }),
		Compiled:  pick(func(m marks) float64 { return m.Compiled }),
		Inited:    pick(func(m marks) float64 { return m.Inited }),
		FirstDraw: pick(func(m marks) float64 { return m.FirstDraw }),
		Home:      pick(func(m marks) float64 { return m.Home }),
	}
}

// spread is the home screen's times, lowest to highest, in seconds.
func spread(ms []marks) string {
	xs := make([]float64, len(ms))
	for i, m := range ms {
		xs[i] = m.Home / 1000
	}
	slices.Sort(xs)
	if len(xs) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f–%.2f", xs[0], xs[len(xs)-1])
}
