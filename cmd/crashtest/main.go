// Command crashtest is make crash-test: it runs the real desktop binary
// (build/huntchess, under the Xvfb of scripts/crash-test.sh), lets it play
// games of all four games — the engine against itself (watch mode) or
// against random moves played for the person (HUNTCHESS_AUTOPLAY) — and
// kills it with SIGKILL at random moments: at random times, within a few
// milliseconds of a save being handed to its writer (so while it is being
// written), right after a result is counted, and while Surround the Lion's
// endgame table is being solved on first use (with the tables shipped in
// the app turned off, HUNTCHESS_SHIPPED=off; once it is cached, half the
// lion's runs are without them too, and must take it from the cache, the
// other half from the shipped table). After every kill it starts
// the app again and checks, from the developer log (HUNTCHESS_LOG=1), that
// each game's unfinished game on offer holds every move whose save was
// written before the kill (the move in flight at most missing; a game
// keeps its unfinished game while the others are played), and that the
// settings, statistics and progress read are the last ones written or
// newer.
//
// Then it damages the stored files (each game's saved-game.GAME.json, settings.json,
// statistics.json, progress.json, their .prev.json copies, Fyne's
// preferences.json) — truncated, or a byte garbled, at random offsets; a
// case now and then damages every copy of one thing — starts the app on
// each, and checks that it starts (its window, still running), that what
// had an undamaged copy is back, and that what could not be recovered is
// said on stderr ("huntchess: recovery: …"), never silently reset.
//
// It prints "N kills, M damaged files, L lost" and exits 1 on any loss.
//
//	crashtest -kills 100 -damage 100 -seed 1 [-bin build/huntchess] [-dir build/crashtest]
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

type harness struct {
	bin, dir string
	home     string // XDG_CONFIG_HOME etc. live under it
	rng      *rand.Rand
	verbose  bool

	runs int
	logM sync.Mutex
	log  *os.File

	lost     int
	problems []string
	tablesOK map[string]bool // tables already opened, by name, size and time
	sums     map[string]bool // "group.json sum": values read or written at some time
}

// storage is the app's storage folder: Fyne's, under XDG_CONFIG_HOME.
func (h *harness) storage() string {
	return filepath.Join(h.home, "config", "fyne", "io.github.huntchess")
}

func (h *harness) baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "HUNTCHESS_") || strings.HasPrefix(kv, "XDG_CONFIG_HOME=") ||
			strings.HasPrefix(kv, "XDG_DATA_HOME=") || strings.HasPrefix(kv, "XDG_CACHE_HOME=") {
			continue
		}
		env = append(env, kv)
	}
	return append(env,
		"XDG_CONFIG_HOME="+filepath.Join(h.home, "config"),
		"XDG_DATA_HOME="+filepath.Join(h.home, "data"),
		"XDG_CACHE_HOME="+filepath.Join(h.home, "cache"),
		"HUNTCHESS_WATCH_MS=60",
	)
}

func (h *harness) logLine(run int, line string) {
	h.logM.Lock()
	fmt.Fprintf(h.log, "%d: %s\n", run, line)
	switch ev := parse(line); ev.kind {
	case "read":
		h.sums[ev.file+".json "+ev.val] = true
	case "put", "wrote":
		h.sums[ev.file+" "+ev.val] = true
	}
	h.logM.Unlock()
}

// loss counts a loss and says what it was, with the run's last lines.
func (h *harness) loss(r *appRun, format string, args ...any) {
	h.lost++
	msg := fmt.Sprintf(format, args...)
	if r != nil {
		msg = fmt.Sprintf("run %d (%s): %s", r.n, r.label, msg)
	}
	h.problems = append(h.problems, msg)
	fmt.Fprintf(os.Stderr, "crashtest: LOST: %s\n", msg)
	if r != nil && h.verbose {
		fmt.Fprintf(os.Stderr, "--- run %d output ---\n%s\n---\n", r.n, r.tail(15))
	}
}

func (h *harness) notef(format string, args ...any) {
	fmt.Printf("crashtest: "+format+"\n", args...)
}

func main() {
	kills := flag.Int("kills", 100, "SIGKILLs of the playing app")
	damage := flag.Int("damage", 100, "starts on damaged files")
	seed := flag.Uint64("seed", 0, "random seed (0: from the time)")
	bin := flag.String("bin", "build/huntchess", "the desktop binary")
	dir := flag.String("dir", "build/crashtest", "work folder (emptied first)")
	solveKills := flag.Int("solve-kills", 3, "kills while Surround the Lion's table is solved on first use (HUNTCHESS_SHIPPED=off)")
	solveFinish := flag.Bool("solve-finish", true, "then let the solve finish, and check the table is taken from the cache")
	verbose := flag.Bool("v", false, "show the app's last lines with each loss")
	flag.Parse()
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	if os.Getenv("DISPLAY") == "" {
		fmt.Fprintln(os.Stderr, "crashtest: DISPLAY is not set (run it through scripts/crash-test.sh, which starts an Xvfb)")
		os.Exit(2)
	}
	absBin, err := filepath.Abs(*bin)
	if err == nil {
		_, err = os.Stat(absBin)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "crashtest: %v (go build -tags dev,no_emoji -o %s .: the developer harness drives the app)\n", err, *bin)
		os.Exit(2)
	}
	absDir, _ := filepath.Abs(*dir)
	_ = os.RemoveAll(absDir)
	if err := os.MkdirAll(absDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "crashtest:", err)
		os.Exit(2)
	}
	logf, err := os.Create(filepath.Join(absDir, "crashtest.log"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "crashtest:", err)
		os.Exit(2)
	}
	h := &harness{bin: absBin, dir: absDir, home: filepath.Join(absDir, "home"), rng: rand.New(rand.NewPCG(*seed, 0x5eed)),
		log: logf, verbose: *verbose, tablesOK: map[string]bool{}, sums: map[string]bool{}}
	h.notef("seed %d; %d kills, %d damaged starts; work folder %s (the app's output: crashtest.log)", *seed, *kills, *damage, absDir)
	t0 := time.Now()

	if err := h.setup(); err != nil {
		fmt.Fprintln(os.Stderr, "crashtest: setup:", err)
		os.Exit(2)
	}
	nk := h.killPhase(*kills, *solveKills, *solveFinish)
	tk := time.Since(t0)
	nd := h.damagePhase(*damage)
	logf.Close()

	h.notef("kill phase %s, damage phase %s, %d app starts in all", tk.Round(time.Second), (time.Since(t0) - tk).Round(time.Second), h.runs)
	fmt.Printf("%d kills, %d damaged files, %d lost\n", nk, nd, h.lost)
	if h.lost > 0 {
		for _, p := range h.problems {
			fmt.Println("  lost:", p)
		}
		fmt.Printf("crash-test: FAIL (seed %d; the app's output is in %s)\n", *seed, filepath.Join(absDir, "crashtest.log"))
		os.Exit(1)
	}
	fmt.Printf("crash-test: PASS (%s)\n", time.Since(t0).Round(time.Second))
}
