//go:build !js

// Command webexplore measures the explorer in the browser (issue 45: the
// list of moves with their values within 300 ms of a tap, from a shipped
// table, and nothing blocking drawing while a search or a download runs).
// It serves a developer's site (build/web-dev: WEB_DEV=1 scripts/web.sh,
// as make test-web builds it) on 127.0.0.1 and opens it in Debian's
// headless Chromium as the browser test's phone (390×844 CSS pixels,
// deviceScaleFactor 2, touch, an Android user agent; WebGL by
// SwiftShader), with the developer log on (?HUNTCHESS_LOG=1). A benchmark,
// not a test: it prints figures and fails only when the page does not do
// what it is told.
//
//	make bench-web-explore    (scripts/bench-web-explore.sh)
//	go run ./cmd/webexplore -dir build/web-dev -runs 3
//
// How it knows the list is on screen: the explorer tells the developer log
// each time it has shown a position's values ("huntchess: log: explore
// moves=N proven=N judged=N searching=B line=…", app.Control.OnExplored,
// written on the UI goroutine right after the list is refreshed), which
// Go's wasm_exec.js writes with console.log. A script the benchmark puts
// in the page before its own (CDP's addScriptToEvaluateOnNewDocument)
// notes, in the page's clock (performance.now):
//
//	tap      each finger's touchend (a tap plays on release)
//	mark     each explorer line of the log, as console.log is called
//	drawn    the end of the page's turn that made the first WebGL draw call
//	         after the mark (a microtask queued from inside that call runs
//	         once Go hands the browser back its thread): the frame that
//	         shows the list is painted
//
// The figure is drawn − tap of the first mark after the tap whose moves
// all have a proven value (or, judged by search, once the search is done).
// The page's requestAnimationFrame timestamps (window.huntchessPage.frames,
// web/start.js) give the longest time without a frame over each interval.
//
// Each run is a fresh browser with an empty profile (nothing cached):
//
//  1. Surround the Lion's Explore on the home card: the table is not in
//     the page yet, so this is the download of its shipped table (2.2 MB)
//     and its first read; the frames' longest gap says whether the
//     download blocks drawing.
//  2. PLIES moves played by taps on the board (a fixed choice among the
//     legal moves, the same in every run): each position read from the
//     table for the first time in the page (cold).
//  3. Previous back to the start, then Next to the end: the same positions
//     again (warm: their blocks were read).
//  4. Beat the Wolf's Explore, then a move off its proven line (one the
//     strategy does not play): the search judges every move there, as it
//     does with no proof; while it thinks, Previous is tapped and timed
//     (the page answers a tap), the frames' longest gap is read, and how
//     often the search gave the browser a turn (window.huntchessSearch,
//     ai/search_js.go).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"huntchess/webtest"
)

// probe is put in the page before its own scripts: it notes the taps, the
// explorer's log lines and the first draw after each (see the package
// comment).
const probe = `(() => {
  const b = window.huntchessBench = { taps: [], marks: [], pending: null };
  window.addEventListener('touchend', () => b.taps.push(performance.now()), { capture: true });
  const log = console.log;
  console.log = function (...args) {
    const s = String(args[0]);
    for (const line of s.split('\n')) {
      const i = line.indexOf('huntchess: log: explore ');
      if (i >= 0) {
        const m = { t: performance.now(), line: line.slice(i + 24), drawn: 0 };
        b.marks.push(m);
        b.pending = m;
      }
    }
    return log.apply(this, args);
  };
  for (const proto of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!proto) continue;
    for (const fn of ['drawArrays', 'drawElements']) {
      const orig = proto.prototype[fn];
      proto.prototype[fn] = function () {
        const m = b.pending;
        if (m) {
          b.pending = null;
          queueMicrotask(() => { m.drawn = performance.now(); });
        }
        return orig.apply(this, arguments);
      };
    }
  }
})();`

// mark is one explorer line of the log, parsed.
type mark struct {
	T, Drawn              float64
	Line                  string // the log line after "explore "
	Moves, Proven, Judged int
	Searching             bool
	Took                  float64 // ms, the app's work: the position shown to its values on the list
	Position              string
}

var markRE = regexp.MustCompile(`^moves=(\d+) proven=(\d+) judged=(\d+) searching=(true|false) took=([0-9.]+)ms line=(.*)$`)

func (m *mark) parse() error {
	f := markRE.FindStringSubmatch(m.Line)
	if f == nil {
		return fmt.Errorf("an explorer line not understood: %q", m.Line)
	}
	m.Moves, _ = strconv.Atoi(f[1])
	m.Proven, _ = strconv.Atoi(f[2])
	m.Judged, _ = strconv.Atoi(f[3])
	m.Searching = f[4] == "true"
	m.Took, _ = strconv.ParseFloat(f[5], 64)
	m.Position = f[6]
	return nil
}

// complete: every move has its value (proven, or the search is done).
func (m mark) complete() bool { return !m.Searching && m.Proven+m.Judged == m.Moves }

// timing is one tap measured.
type timing struct {
	What  string
	Tap   float64 // the page's clock, ms
	First float64 // the first list after the tap drawn, ms after the tap
	Done  float64 // the complete list drawn (proven, or the search done), ms after the tap
	Gap   float64 // the longest time without a frame from the tap to Done, ms
	Mark  mark
	Load  string
	CPU   cpuTime // the browser's CPU time from the tap to the complete list seen drawn, ms
}

// snapshot is what webhook's huntchessTest.snapshot() gives (the fields
// used here).
type snapshot struct {
	Ready bool
	Texts []struct {
		Text    string
		X, Y    float64
		Visible bool
	}
	Boards []struct {
		Position string
		Moves    []struct {
			Move string
			Taps [][2]float64
		}
	}
}

type bench struct {
	ctx context.Context
	// cpuAtTap is the browser's CPU time as the last tap was released.
	cpuAtTap cpuTime
}

// cpuTime is CPU time in ns: the page's main thread (the renderer's: Go's
// one thread, Fyne's layout, the WebGL calls) and all the browser's
// processes (the GPU process's SwiftShader drawing among them).
type cpuTime struct{ Main, All float64 }

// cpu reads the CPU time the browser's processes have had
// (/proc/PID/task/TID/schedstat: ns on a CPU). On a busy machine the wall
// time from a tap to the list drawn is mostly time waiting for a CPU; the
// CPU time is what the same work takes where the page has a core.
func (b *bench) cpu() cpuTime {
	var c cpuTime
	br := chromedp.FromContext(b.ctx).Browser
	if br == nil || br.Process() == nil {
		return c
	}
	root := br.Process().Pid
	parent := map[int]int{}
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		st, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(st[strings.LastIndexByte(string(st), ')')+1:]))
		if len(f) > 1 {
			parent[pid], _ = strconv.Atoi(f[1])
		}
	}
	for pid := range parent {
		p, ok := pid, false
		for i := 0; i < 6 && p > 1; i++ {
			if p == root {
				ok = true
				break
			}
			p = parent[p]
		}
		if !ok {
			continue
		}
		cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		renderer := strings.Contains(string(cmd), "--type=renderer")
		tasks, _ := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
		for _, t := range tasks {
			dir := fmt.Sprintf("/proc/%d/task/%s/", pid, t.Name())
			ss, err := os.ReadFile(dir + "schedstat")
			if err != nil {
				continue
			}
			f := strings.Fields(string(ss))
			if len(f) == 0 {
				continue
			}
			ns, _ := strconv.ParseFloat(f[0], 64)
			c.All += ns
			// a renderer's main thread (its thread ID the process's; Chromium
			// leaves it the program's name, not CrRendererMain)
			if renderer && t.Name() == strconv.Itoa(pid) {
				c.Main += ns
			}
		}
	}
	return c
}

func main() {
	dir := flag.String("dir", "build/web-dev", "a developer's site (WEB_DEV=1 scripts/web.sh; make test-web writes build/web-dev)")
	runs := flag.Int("runs", 3, "runs, each a fresh browser")
	plies := flag.Int("plies", 8, "moves played in Surround the Lion's explorer (cold positions)")
	chrome := flag.String("chromium", "/usr/bin/chromium", "the browser")
	flag.Parse()
	log.SetFlags(0)
	if _, err := os.Stat(filepath.Join(*dir, "huntchess.wasm")); err != nil {
		log.Fatalf("webexplore: %s has no huntchess.wasm: WEB_DEV=1 WEB_OUT=%s scripts/web.sh first", *dir, *dir)
	}
	var build struct {
		Build string
		Wasm  int64
	}
	if b, err := os.ReadFile(filepath.Join(*dir, "build.json")); err == nil {
		_ = json.Unmarshal(b, &build)
	}
	fmt.Printf("site %s, build %s: wasm %.2f MB; %d cores, load %s\n", *dir, build.Build, float64(build.Wasm)/1e6, runtime.NumCPU(), webtest.LoadAvg())

	srv, url, err := webtest.Serve("127.0.0.1:0", &webtest.Handler{Dir: *dir})
	if err != nil {
		log.Fatal(err)
	}
	defer srv.Close()
	url += "?HUNTCHESS_LOG=1&HUNTCHESS_LANG=en"

	var all [][]timing
	for i := 1; i <= *runs; i++ {
		ts, err := run(*chrome, url, *plies)
		for _, t := range ts {
			fmt.Printf("run %d  %-36s first %6.0f ms  complete %6.0f ms  (work %6.1f ms; CPU: page %6.1f ms, browser %6.1f ms)  longest frame gap %5.0f ms  (%d moves: %d proven, %d judged; load %s)\n",
				i, t.What, t.First, t.Done, t.Mark.Took, t.CPU.Main, t.CPU.All, t.Gap, t.Mark.Moves, t.Mark.Proven, t.Mark.Judged, t.Load)
		}
		if err != nil {
			log.Fatalf("webexplore: run %d: %v", i, err)
		}
		all = append(all, ts)
	}
	summary(all)
}

// summary prints, for each kind of tap, the median and the worst over all
// runs.
func summary(all [][]timing) {
	groups := []struct {
		name string
		of   func(string) bool
	}{
		{"open Surround the Lion (the table downloaded)", func(w string) bool { return strings.HasPrefix(w, "open surround") }},
		{"a move played, cold (first read)", func(w string) bool { return strings.HasPrefix(w, "play ") }},
		{"Previous / Next, warm (read before)", func(w string) bool { return strings.HasPrefix(w, "previous (") || strings.HasPrefix(w, "next (") }},
		{"open Beat the Wolf (strategy and table downloaded)", func(w string) bool { return strings.HasPrefix(w, "open beat") }},
		{"Beat the Wolf off its line: the search", func(w string) bool { return strings.HasPrefix(w, "off the line") }},
		{"Next tapped while the search runs", func(w string) bool { return strings.HasPrefix(w, "next while") }},
	}
	fmt.Println("summary (ms, over every run; drawn − tap):")
	for _, g := range groups {
		var first, done, work, gap, cpuMain, cpuAll []float64
		for _, ts := range all {
			for _, t := range ts {
				if g.of(t.What) {
					first, done, gap = append(first, t.First), append(done, t.Done), append(gap, t.Gap)
					work, cpuMain, cpuAll = append(work, t.Mark.Took), append(cpuMain, t.CPU.Main), append(cpuAll, t.CPU.All)
				}
			}
		}
		if len(done) == 0 {
			continue
		}
		fmt.Printf("  %s (n=%d)\n    wall: first list median %.0f worst %.0f · complete median %.0f worst %.0f · the app's work median %.1f worst %.1f · frame gap median %.0f worst %.0f\n",
			g.name, len(done), webtest.Median(first), slices.Max(first), webtest.Median(done), slices.Max(done), webtest.Median(work), slices.Max(work), webtest.Median(gap), slices.Max(gap))
		fmt.Printf("    CPU tap → complete: the page's thread median %.1f worst %.1f · the whole browser median %.1f worst %.1f\n",
			webtest.Median(cpuMain), slices.Max(cpuMain), webtest.Median(cpuAll), slices.Max(cpuAll))
	}
	fmt.Printf("load average %s, %d cores\n", webtest.LoadAvg(), runtime.NumCPU())
}

// run is one fresh browser's measures.
func run(chrome, url string, plies int) ([]timing, error) {
	profile, err := os.MkdirTemp("", "webexplore-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(profile)
	ctx, stop, err := webtest.StartPhone(chrome, profile, 10*time.Minute)
	if err != nil {
		return nil, err
	}
	defer stop()
	b := &bench{ctx: ctx}
	if err := chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
			return err
		}),
		chromedp.Navigate(url),
	); err != nil {
		return nil, fmt.Errorf("opening the page as a phone: %v", err)
	}
	var out []timing
	// the home screen
	if _, err := b.waitFor("the home screen", 3*time.Minute, func(s snapshot) bool { return s.find("Play") != nil }); err != nil {
		return out, err
	}
	time.Sleep(2 * time.Second) // the page settles (the service worker is registered a second after the first frame)

	// 1. Surround the Lion's explorer: its table downloaded and first read.
	if err := b.tapExploreOf("Surround the Lion"); err != nil {
		return out, err
	}
	t, err := b.measure("open surround-the-lion", 3*time.Minute, false)
	out = append(out, t)
	if err != nil {
		return out, err
	}
	// 2. Moves played by taps on the board: the first read of each position.
	played := 0
	for i := 0; i < plies; i++ {
		s, err := b.snapshot()
		if err != nil {
			return out, err
		}
		if len(s.Boards) == 0 {
			return out, fmt.Errorf("no board on the explorer's screen")
		}
		bd := s.Boards[0]
		if len(bd.Moves) == 0 {
			break // the game is over
		}
		ms := slices.Clone(bd.Moves)
		slices.SortFunc(ms, func(a, b struct {
			Move string
			Taps [][2]float64
		}) int {
			return strings.Compare(a.Move, b.Move)
		})
		m := ms[(i*7+3)%len(ms)]
		if err := b.tapAll(m.Taps); err != nil {
			return out, err
		}
		t, err := b.measure("play "+m.Move, time.Minute, false)
		out = append(out, t)
		if err != nil {
			return out, err
		}
		played++
	}
	// 3. Back to the start and on to the end again: the same positions.
	for i := 0; i < played; i++ {
		if err := b.tapText("Previous"); err != nil {
			return out, err
		}
		t, err := b.measure(fmt.Sprintf("previous (%d)", played-1-i), time.Minute, false)
		out = append(out, t)
		if err != nil {
			return out, err
		}
	}
	for i := 0; i < played; i++ {
		if err := b.tapText("Next"); err != nil {
			return out, err
		}
		t, err := b.measure(fmt.Sprintf("next (%d)", i+1), time.Minute, false)
		out = append(out, t)
		if err != nil {
			return out, err
		}
	}

	// 4. Beat the Wolf: its explorer, then a move off the proven line.
	if err := b.tapText("Back"); err != nil {
		return out, err
	}
	if _, err := b.waitFor("the home screen", 30*time.Second, func(s snapshot) bool { return s.find("Play") != nil }); err != nil {
		return out, err
	}
	if err := b.tapExploreOf("Beat the Wolf"); err != nil {
		return out, err
	}
	// Its strategy (17.6 MB) and endgame table come down meanwhile; the
	// list is complete once the proofs it has and the search are all in.
	t, err = b.measureUntil("open beat-the-wolf", 5*time.Minute, func(m mark) bool { return m.complete() && m.Proven > 0 })
	out = append(out, t)
	if err != nil {
		return out, err
	}
	// Off the proven line: where the winner is to move (its proof's move
	// listed first, the others judged by search), a move other than the
	// proof's; after it the search judges every move (Proven 0). Where
	// every move is proven (the loser to move: the strategy answers them
	// all), the first listed is played, and so on.
	off := false
	for ply := 0; ply < 6 && !off; ply++ {
		s, err := b.snapshot()
		if err != nil {
			return out, err
		}
		if len(s.Boards) == 0 {
			return out, fmt.Errorf("beat-the-wolf: no board in the explorer")
		}
		best := bestListed(s)
		ms := slices.Clone(s.Boards[0].Moves)
		slices.SortFunc(ms, func(a, b struct {
			Move string
			Taps [][2]float64
		}) int {
			return strings.Compare(a.Move, b.Move)
		})
		var pick [][2]float64
		name := ""
		for _, m := range ms {
			same := strings.ReplaceAll(m.Move, "×", "-") == best
			if len(m.Taps) > 0 && same == (t.Mark.Judged == 0) {
				pick, name = m.Taps, m.Move
				break
			}
		}
		if pick == nil {
			return out, fmt.Errorf("beat-the-wolf: no move to play (best listed %q)", best)
		}
		wasWinner := t.Mark.Judged > 0
		if err := b.tapAll(pick); err != nil {
			return out, err
		}
		t, err = b.measure("off the line: "+name, 3*time.Minute, true)
		if err != nil {
			out = append(out, t)
			return out, err
		}
		if wasWinner && t.Mark.Proven == 0 {
			out = append(out, t)
			off = true
		}
	}
	if !off {
		return out, fmt.Errorf("beat-the-wolf: no move off the proven line found")
	}
	// Previous (the start: the search judges its moves again), and while
	// that search runs, Next: the tap is answered, the list of the
	// position tapped to drawn, before that search would have ended.
	if err := b.tapText("Previous"); err != nil {
		return out, err
	}
	busy, err := b.waitMark(time.Minute, func(m mark) bool { return m.Searching })
	if err != nil {
		return out, fmt.Errorf("beat-the-wolf start: %v", err)
	}
	time.Sleep(300 * time.Millisecond) // the search under way
	if err := b.tapText("Next"); err != nil {
		return out, err
	}
	t, err = b.measureUntil("next while the search runs", time.Minute, func(m mark) bool { return true })
	var ended []mark
	_ = b.eval(fmt.Sprintf(`huntchessBench.marks.filter(m => m.t > %f && m.t < %f && m.line.includes('searching=false'))`, busy.T, t.Tap), &ended)
	if len(ended) > 0 {
		t.What += " (it had ended)"
	}
	out = append(out, t)
	if err != nil {
		return out, err
	}
	var yields struct{ Yields int }
	_ = b.eval(`({yields: window.huntchessSearch ? huntchessSearch.yields : 0})`, &yields)
	if yields.Yields == 0 {
		return out, fmt.Errorf("the search never gave the browser a turn (window.huntchessSearch.yields is 0)")
	}
	return out, nil
}

// bestListed is the move the explorer lists first (the row at the top,
// "MOVE — value"), as core writes it ("" where none is seen).
func bestListed(s snapshot) string {
	top, y := "", math.Inf(1)
	for _, t := range s.Texts {
		if t.Visible && strings.Contains(t.Text, " — ") && t.Y < y {
			top, y = strings.SplitN(t.Text, " — ", 2)[0], t.Y
		}
	}
	return strings.ReplaceAll(top, "×", "-")
}

// measure waits for the list drawn after the last tap: the first mark
// after it, and the complete one (searched: the search's too).
func (b *bench) measure(what string, timeout time.Duration, searched bool) (timing, error) {
	return b.measureUntil(what, timeout, func(m mark) bool { return m.complete() && (searched || m.Judged == 0) })
}

// measureUntil waits for a mark after the last tap that done accepts,
// drawn.
func (b *bench) measureUntil(what string, timeout time.Duration, done func(mark) bool) (timing, error) {
	t := timing{What: what}
	var taps []float64
	if err := b.eval(`huntchessBench.taps`, &taps); err != nil || len(taps) == 0 {
		return t, fmt.Errorf("%s: no tap noted (%v)", what, err)
	}
	t.Tap = taps[len(taps)-1]
	deadline := time.Now().Add(timeout)
	for {
		var marks []mark
		if err := b.eval(`huntchessBench.marks`, &marks); err != nil {
			return t, err
		}
		for _, m := range marks {
			if m.T < t.Tap || m.Drawn == 0 {
				continue
			}
			if err := m.parse(); err != nil {
				return t, err
			}
			if t.First == 0 {
				t.First = m.Drawn - t.Tap
			}
			if done(m) {
				now := b.cpu()
				t.CPU = cpuTime{Main: (now.Main - b.cpuAtTap.Main) / 1e6, All: (now.All - b.cpuAtTap.All) / 1e6}
				t.Done, t.Mark = m.Drawn-t.Tap, m
				t.Gap, _ = b.maxGap(t.Tap, m.Drawn)
				t.Load = webtest.LoadAvg()
				// The marks read are let go of: the next tap's start clean.
				return t, b.eval(`(huntchessBench.marks = huntchessBench.marks.filter(m => m.t >= `+strconv.FormatFloat(m.T, 'f', 3, 64)+` && !m.drawn), true)`, new(bool))
			}
		}
		if time.Now().After(deadline) {
			var last []string
			for _, m := range marks {
				last = append(last, m.Line)
			}
			return t, fmt.Errorf("%s: no complete list drawn in %v (lines since: %q)", what, timeout, last)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitMark waits for a mark after the last tap that ok accepts.
func (b *bench) waitMark(timeout time.Duration, ok func(mark) bool) (mark, error) {
	var taps []float64
	if err := b.eval(`huntchessBench.taps`, &taps); err != nil || len(taps) == 0 {
		return mark{}, fmt.Errorf("no tap noted (%v)", err)
	}
	tap := taps[len(taps)-1]
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		var marks []mark
		if err := b.eval(`huntchessBench.marks`, &marks); err != nil {
			return mark{}, err
		}
		for _, m := range marks {
			if m.T >= tap && m.parse() == nil && ok(m) {
				return m, nil
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	return mark{}, fmt.Errorf("no such list after %v", timeout)
}

// maxGap is the longest time the page went without a frame over [t0, t1]
// (ms, the page's clock), from its requestAnimationFrame timestamps
// (window.huntchessPage.frames): the gaps between consecutive frames
// that overlap the interval, the one open at t1 counted to now.
func (b *bench) maxGap(t0, t1 float64) (float64, error) {
	var gap float64
	err := b.eval(fmt.Sprintf(`(() => {
	  const f = huntchessPage.frames, t0 = %f, t1 = %f;
	  let worst = 0, prev = -1;
	  for (const t of f) {
	    if (prev >= 0 && t > t0 && prev < t1) worst = Math.max(worst, t - prev);
	    prev = t;
	  }
	  if (prev >= 0 && prev < t1) worst = Math.max(worst, performance.now() - prev);
	  return worst;
	})()`, t0, t1), &gap)
	return gap, err
}

func (b *bench) eval(expr string, out any) error { return webtest.Eval(b.ctx, expr, out) }

func (b *bench) snapshot() (snapshot, error) {
	var s snapshot
	var raw string
	if err := b.eval(`typeof window.huntchessTest === 'object' ? huntchessTest.snapshot() : '{}'`, &raw); err != nil {
		return s, err
	}
	err := json.Unmarshal([]byte(raw), &s)
	return s, err
}

func (s snapshot) find(text string) *[2]float64 {
	for _, t := range s.Texts {
		if t.Visible && t.Text == text && t.Y > 0 && t.Y < webtest.PhoneH {
			return &[2]float64{t.X, t.Y}
		}
	}
	return nil
}

// waitFor polls the screen until cond holds.
func (b *bench) waitFor(what string, timeout time.Duration, cond func(snapshot) bool) (snapshot, error) {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		s, err := b.snapshot()
		if err == nil && s.Ready && cond(s) {
			return s, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return snapshot{}, fmt.Errorf("no %s after %v", what, timeout)
}

// tap is a finger's tap at (x, y) in CSS pixels; the browser's CPU time
// is read as the finger is lifted.
func (b *bench) tap(x, y float64) error {
	if err := chromedp.Do(b.ctx, webtest.Touch(input.DispatchTouchEventTypeTouchStart, x, y)); err != nil {
		return err
	}
	time.Sleep(60 * time.Millisecond)
	b.cpuAtTap = b.cpu()
	return chromedp.Do(b.ctx, webtest.Touch(input.DispatchTouchEventTypeTouchEnd, x, y))
}

// tapAll taps the points one after the other (a move on the board: its
// piece, then where it goes).
func (b *bench) tapAll(pts [][2]float64) error {
	for i, p := range pts {
		if i > 0 {
			time.Sleep(250 * time.Millisecond)
		}
		if err := b.tap(p[0], p[1]); err != nil {
			return err
		}
	}
	return nil
}

// tapText taps a visible text (a button's label).
func (b *bench) tapText(text string) error {
	s, err := b.waitFor(fmt.Sprintf("%q on screen", text), 30*time.Second, func(s snapshot) bool { return s.find(text) != nil })
	if err != nil {
		return err
	}
	p := s.find(text)
	return b.tap(p[0], p[1])
}

// tapExploreOf taps the Explore button of a game's card on the home
// screen, swiping up until it is on screen.
func (b *bench) tapExploreOf(title string) error {
	for range 8 {
		s, err := b.waitFor("the home screen", 30*time.Second, func(s snapshot) bool { return s.find("Play") != nil })
		if err != nil {
			return err
		}
		var ty float64 = -1
		for _, t := range s.Texts {
			if t.Visible && t.Text == title {
				ty = t.Y
			}
		}
		if ty >= 0 {
			best := -1
			for i, t := range s.Texts {
				if t.Visible && t.Text == "Explore" && t.Y > ty && (best < 0 || t.Y < s.Texts[best].Y) {
					best = i
				}
			}
			if best >= 0 && s.Texts[best].Y < webtest.PhoneH-40 {
				return b.tap(s.Texts[best].X, s.Texts[best].Y)
			}
		}
		if err := webtest.Swipe(b.ctx, webtest.PhoneW/2, 600, 300); err != nil { // up
			return err
		}
		time.Sleep(600 * time.Millisecond)
	}
	return fmt.Errorf("no Explore button of %q on the home screen", title)
}
