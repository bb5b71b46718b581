// Command solve builds, checks and reads the endgame tables of Hunt Chess
// (package ai/tablebase).
//
//	go run ./cmd/solve build GAME [-dir DIR] [-tiers LIST|none] [-bound N] [-threads N]
//	go run ./cmd/solve tiers GAME [-dir DIR] [-tiers LIST] [-threads N] [-write]
//	go run ./cmd/solve probe GAME [-dir DIR]      < positions > JSON lines
//	go run ./cmd/solve verify GAME [-dir DIR] [-bound-file] [-samples N] [-depth D] [-stride N]
//	go run ./cmd/solve report [-dir DIR] [-out docs/solved.md]
//	go run ./cmd/solve mem GAME [-probes N] [-cache BYTES] [-close=false] [-memprofile FILE]
//	go run ./cmd/solve line GAME [-dir DIR] [-n N] [-from POSITION]
//	go run ./cmd/solve strategy GAME [-dir DIR] [-out DIR] [-cache BYTES]
//	go run ./cmd/solve strategy-check GAME [-out DIR] [-games N]
//	go run ./cmd/solve strategy-mem GAME [-out DIR] [-games N]
//	go run ./cmd/solve device GAME [-dir DIR] [-out DIR] [-bound-file] [-codec zstd|flate] [-block N] [-side auto|prey|predator] [-values-tiers LIST] [-value-block N] [-long-wins TIER:PLIES] [-threads N]
//	go run ./cmd/solve device-check GAME [-full DIR] [-device DIR] [-bound-file] [-random N] [-threads N]
//	go run ./cmd/solve device-mem GAME [-device DIR] [-probes N] [-cache BYTES]
//	go run ./cmd/solve device-layouts GAME [-dir DIR] [-bound-file] [-block N] [-threads N] [-out DIR]
//	go run ./cmd/solve device GAME -tiers-dir DIR [-tiers LIST] [-out DIR] [device's other flags]
//	go run ./cmd/solve device-check GAME -tiers-dir DIR [-tiers LIST] [-device DIR] [-stride N] [-threads N]
//	go run ./cmd/solve device-layouts GAME -tiers-dir DIR [-tiers LIST] [-block N] [-sample N] [-order all] [-side prey|predator] [-out DIR]
//	go run ./cmd/solve device-probe GAME [-device DIR] [-probes N] [-latency D]
//
// GAME is a game ID (surround-the-lion, deer-chess, wolf-carries-pig,
// beat-the-wolf). Tables go to DIR (default build/tables) as GAME.hctb, with
// GAME.build.json (times, memory, sizes) and, after verify, GAME.verify.json.
// A build of a bound tier alone (-tiers none -bound N) goes to GAME.bound.hctb
// (GAME.bound.build.json, GAME.bound.verify.json) beside the game's exact
// tables, which the app and the probe read without it; verify -bound-file checks
// that file, and report reads both. strategy writes the winner's proven
// strategy from the start (strategybuild.BuildStrategy) as DIR/GAME.hcst
// (default tables/strategies, which the app embeds), from GAME.hctb or,
// where that does not prove the start, GAME.bound.hctb; strategy-check
// replays every defence against it by core's rules.
// device writes the device table
// (docs/device-tables.md) of DIR/GAME.hctb as OUT/GAME.hctb (default
// build/devtables), device-check compares it with the full table, and
// device-mem measures the memory of probing it,
// device-layouts what other layouts would take; with -tiers-dir, device,
// device-check and device-layouts read the compact solver's tier files
// (solve tiers) instead of a table file, and device-probe times probes of
// a device table, warm and cold.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

func usage() {
	fmt.Fprint(os.Stderr, `usage:
  solve build GAME [-dir DIR] [-tiers LIST|none] [-bound N] [-threads N]
  solve tiers GAME [-dir DIR] [-tiers LIST] [-threads N] [-write]
                                     the compact solver (a byte an entry), tier by tier into DIR/GAME.tiers/, resuming
                                     from the tiers written; -write: then DIR/GAME.hctb from them (default: every tier)
  solve tiers GAME [-dir DIR] -list | -start [-from POSITION] [-n N] | -verify [-stride N] [-samples N] [-depth D]
                                     the tiers written (a Markdown table); the start's value and best line from them; their check
  solve probe GAME [-dir DIR]        positions on stdin, one JSON object per line on stdout
  solve verify GAME [-dir DIR] [-bound-file] [-samples N] [-depth D] [-stride N]
  solve report [-dir DIR] [-app DIR] [-out FILE] [-game GAME]   (-game: that game's section alone, replaced in FILE)
  solve mem GAME [-probes N] [-cache BYTES] [-close=false] [-memprofile FILE]   the app's first use of a table: memory after each step
  solve line GAME [-dir DIR] [-n N] [-from POSITION]   the report's best line from the start (or POSITION), every move, and how it ends
  solve strategy GAME [-dir DIR] [-out DIR] [-cache BYTES]   the winner's strategy from the start, to DIR/GAME.hcst (default tables/strategies); Beat the Wolf: a set strategy (format 2) to tables/shipped [-format 1 or 2]
  solve strategy-check GAME [-out DIR] [-games N]   replays every defence against it by core's rules
  solve strategy-mem GAME [-out DIR] [-games N]   a set strategy's memory and move time: games from the start, the loser at random
  solve device GAME [-dir DIR] [-out DIR] [-bound-file] [-codec zstd|flate] [-block N] [-side auto|prey|predator] [-values-tiers LIST] [-value-block N] [-long-wins TIER:PLIES] [-threads N]
                                     write the device table of DIR/GAME.hctb as OUT/GAME.hctb
  solve device-check GAME [-full DIR] [-device DIR] [-bound-file] [-random N] [-threads N] [-cache BYTES] [-device-cache BYTES]
                                     compare a device table with its full table (every position, or N random ones)
  solve device-mem GAME [-device DIR] [-probes N] [-cache BYTES]   memory of probing a device table
  solve device-layouts GAME [-dir DIR] [-bound-file] [-block N] [-threads N] [-out DIR]
                                     bits a position of each device table layout (nothing written but -out's JSON)
  solve device GAME -tiers-dir DIR [-tiers LIST] ...   the device table of the tier files in DIR/GAME.tiers/ (solve tiers)
  solve device-check GAME -tiers-dir DIR [-tiers LIST] [-device DIR] [-stride N]   compare it with the tier files, every N-th entry
  solve device-layouts GAME -tiers-dir DIR [-tiers LIST] [-block N] [-sample N] [-order all] [-side prey|predator] [-out DIR]
                                     each layout's bits a position tier by tier, from the tier files (-sample: every N-th block)
  solve device-probe GAME [-device DIR] [-probes N] [-latency D]   warm and cold probe times of a device table, tier by tier
  any command: -cpuprofile FILE      the run's CPU profile (go tool pprof)
`)
	os.Exit(2)
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cmd, args := os.Args[1], os.Args[2:]
	var game string
	if cmd != "report" {
		if len(args) < 1 || strings.HasPrefix(args[0], "-") {
			usage()
		}
		game, args = args[0], args[1:]
	}
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	dir := fs.String("dir", "build/tables", "table directory")
	threads := fs.Int("threads", runtime.GOMAXPROCS(0), "worker threads")
	tiers := fs.String("tiers", "", "build: captured counts of the moving-phase tiers to solve, comma-separated, or none (default: the game's plan)")
	bound := fs.Int("bound", -1, "build: solve this tier with any capture counting as a predator win (bounds for the prey)")
	samples := fs.Int("samples", 200, "verify: positions per tier checked against a plain search")
	depth := fs.Int("depth", 5, "verify: depth of that search")
	boundFile := fs.Bool("bound-file", false, "verify: check GAME.bound.hctb (a bound tier built alone)")
	stride := fs.Int("stride", 1, "verify: check every stride-th entry only (1: every stored position); device-check with -tiers-dir: compare every stride-th entry of each tier")
	out := fs.String("out", "docs/solved.md", "report: output file; device: output directory (default build/devtables)")
	appDir := fs.String("app", "build/apptables", "report: the app's tables (make app-tables), for the first-use figures")
	reportGame := fs.String("game", "", "report: write this game's section alone into the existing -out, from its tables in -dir")
	writeTable := fs.Bool("write", false, "tiers: once every tier is solved, write DIR/GAME.hctb from the tier files")
	verifyTiers := fs.Bool("verify", false, "tiers: solve nothing; check DIR's tier files as verify checks a table (every -stride-th entry against its children, -samples against a -depth-ply search), the report in DIR/GAME.tiers.verify.json")
	startOnly := fs.Bool("start", false, "tiers: solve nothing; from DIR's tier files (every tier written), the start's value and plies and the line of best play (-n plies at most; -from: another position), checked move by move")
	policy := fs.String("policy", "", "tiers: solve nothing; check this policy of the prey's among its winning moves in DIR's tier files (solver.PolicyNames: "+strings.Join(solver.PolicyNames, ", ")+"): the wins it ends with the values alone and the exceptions the rest need, the report in DIR/GAME.tiers.policy-NAME.json")
	listOnly := fs.Bool("list", false, "tiers: solve nothing; print the tiers in DIR's tier files (and the part of the one in progress) as a Markdown table")
	quiet := fs.Bool("q", false, "build: no progress bar, only the summary lines")
	probes := fs.Int("probes", 1<<16, "mem: random probes once the table is open")
	closeSolver := fs.Bool("close", true, "mem: Solver.Close after Write (false: the solver is merely dropped)")
	memProfile := fs.String("memprofile", "", "mem: write the live heap once the table is written to this file")
	plies := fs.Int("n", pvPlies, "line: the most plies")
	from := fs.String("from", "", "line: the position to start from, in core's notation (default: the game's start)")
	passes := fs.Bool("passes", false, "strategy: format 1, the loser's passes (the turn timer) are replies too, wherever the winner still wins after one; format 2 (a set strategy), the start after the loser's first move passed is a second root")
	format := fs.Int("format", 0, "strategy: 1 (every node's move and plies) or 2 (a set strategy: the loser's nodes; Beat the Wolf's); 0: 2 for Beat the Wolf, 1 elsewhere")
	games := fs.Int("games", 1000, "strategy-check: games played to the end with core.Game against random defences")
	cache := fs.Int64("cache", -1, "mem, device-mem, strategy: the table's cache of unpacked blocks in bytes (-1: its default; strategy: 4 GiB); device-check: the full table's (-1: 2 GiB); device: the full table's while read (-1: its default)")
	devDir := fs.String("device", "build/devtables", "device-check, device-mem: the device tables")
	fullDir := fs.String("full", "build/tables", "device-check: the full tables")
	codec := fs.String("codec", tablebase.CodecZstd, "device: block codec, zstd or flate")
	blockSize := fs.Int("block", tablebase.DeviceBlock, "device: entries a block")
	valuesTiers := fs.String("values-tiers", "", `device: the tiers (captured counts of the moving phase, "4,5,6"; "placing", every tier of the placement phase; or "all") stored with their values alone, without plies (format 2)`)
	valueBlock := fs.Int("value-block", devicebuild.DeviceValueBlock, "device: entries a block of a values-only tier")
	longWins := fs.String("long-wins", "", `device: "TIER:PLIES" (a captured count of a values-only tier, "6:17"): its wins in PLIES or more stored with their moves (the long wins, beyond the reach of the search that plays from values)`)
	storedSide := fs.String("side", "auto", "device: the side to move stored: prey, predator, or auto (the one whose blocks come out smaller)")
	devCache := fs.Int64("device-cache", -1, "device-check: the device table's cache in bytes (-1: as -cache)")
	random := fs.Int64("random", 0, "device-check: compare this many random positions (0: every position)")
	order := fs.String("order", "", `device, device-reencode: the tiers (as -values-tiers) whose stored entries are written in the slot order "far" (the prey ranked over the points farthest from the predators first; format 3)`)
	against := fs.String("against", "", "device-compare: the device tables to compare -device's with")
	derivedEvery := fs.Int64("derived", 64, "device-compare: compare every N-th position with the side not stored to move too (0: none)")
	tiersDir := fs.String("tiers-dir", "", "device, device-check, device-layouts: read the solver's tier files in DIR/GAME.tiers/ (solve tiers) instead of a table file (-tiers: which; default every one there); report: a game whose every tier is there has its section from them (the whole game)")
	sample := fs.Int("sample", 1, "device-layouts with -tiers-dir: compress every N-th block only (the bytes estimated from them)")
	planes := fs.String("planes", "", `device-layouts with -tiers-dir: the planes measured, by name, joined by commas ("codes,values 2 bits"; default every one)`)
	latency := fs.Duration("latency", 0, "device-probe: wait this long before each read of the file (a range request's round trip)")
	cpuProfile := fs.String("cpuprofile", "", "any command: write the run's CPU profile to this file (go tool pprof), also when a solve is stopped part-way")
	fs.Parse(args)
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "solve:", err)
			os.Exit(2)
		}
		defer pprof.StopCPUProfile() // on the way out of main, below, for every command
	}
	outSet := false
	fs.Visit(func(f *flag.Flag) { outSet = outSet || f.Name == "out" })
	if (cmd == "strategy" || cmd == "strategy-check" || cmd == "strategy-mem") && !outSet {
		*out = strategyDir
		if (cmd == "strategy-check" || cmd == "strategy-mem") && game == core.BeatTheWolf.String() {
			*out = setStrategyDir
		}
	}
	// The tables are a few large arrays that live to the end: collect the
	// small garbage around them early instead of letting the heap double.
	debug.SetGCPercent(20)
	var g *core.GameInfo
	if game != "" {
		var err error
		if g, err = core.Lookup(game); err != nil {
			fmt.Fprintln(os.Stderr, "solve:", err)
			os.Exit(2)
		}
	}
	var err error
	switch cmd {
	case "build":
		err = build(g, *dir, *tiers, *bound, *threads, *quiet)
	case "tiers":
		if *listOnly {
			err = listTiers(g, *dir, os.Stdout)
			break
		}
		if *verifyTiers {
			err = runTiersVerify(g, *dir, *tiers, *stride, *samples, *depth, *threads)
			break
		}
		if *policy != "" {
			err = tiersPolicy(g, *dir, *tiers, *policy, *threads, os.Stdout)
			break
		}
		if *startOnly {
			err = tiersStart(g, *dir, *from, *plies, os.Stdout)
			break
		}
		err = compactTiers(g, *dir, *tiers, *threads, *writeTable)
	case "probe":
		err = probe(g, *dir)
	case "verify":
		name := g.Key
		if *boundFile {
			name += boundSuffix
		}
		err = verify(g, *dir, name, *threads, *samples, *depth, *stride)
	case "report":
		if *reportGame != "" {
			err = reportGame1(*reportGame, *dir, *tiersDir, *out)
			break
		}
		err = report(*dir, *tiersDir, *appDir, *out)
	case "mem":
		err = mem(g, *probes, *cache, *closeSolver, *memProfile)
	case "line":
		err = printLine(g, *dir, *from, *plies)
	case "strategy":
		if *cache < 0 {
			*cache = 4 << 30
		}
		if *format == 2 || *format == 0 && g.ID == core.BeatTheWolf {
			if !outSet {
				*out = setStrategyDir
			}
			err = setStrategy(g, *dir, *out, *cache, *passes)
			break
		}
		err = strategy(g, *dir, *out, *cache, *passes)
	case "strategy-check":
		err = strategyCheck(g, *out, *games)
	case "strategy-mem":
		err = strategyMem(g, *out, *games)
	case "device":
		dc := *cache
		if dc < 0 {
			dc = 0 // the default cache: the full table is read in order
		}
		devOut := "build/devtables"
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "out" {
				devOut = *out
			}
		})
		side, ok := map[string]int{"auto": devicebuild.SideAuto, "prey": devicebuild.SidePrey, "predator": devicebuild.SidePredator}[*storedSide]
		if !ok {
			err = fmt.Errorf("-side %q: auto, prey or predator", *storedSide)
			break
		}
		o := devicebuild.DeviceOptions{Codec: *codec, BlockSize: *blockSize, Side: side, Threads: *threads,
			ValueBlockSize: *valueBlock}
		if o.ValuesOnly, err = tierSet("-values-tiers", *valuesTiers); err != nil {
			break
		}
		if o.LongWins, err = longWinsSpec(*longWins); err != nil {
			break
		}
		if o.Order, err = tierSet("-order", *order); err != nil {
			break
		}
		if *tiersDir != "" {
			err = deviceConvertTiers(g, *tiersDir, *tiers, devOut, o)
			break
		}
		err = deviceConvert(g, *dir, devOut, *boundFile, o, dc)
	case "device-reencode":
		o := devicebuild.DeviceOptions{Threads: *threads}
		if o.Order, err = tierSet("-order", *order); err != nil {
			break
		}
		if !outSet {
			err = errors.New("device-reencode needs -out (not the -device directory)")
			break
		}
		err = deviceReencode(g, *devDir, *out, *boundFile, o)
	case "device-compare":
		err = deviceCompare(g, *devDir, *against, *boundFile, *derivedEvery, *threads)
	case "device-check":
		dc := *cache
		if dc == -1 {
			dc = 2 << 30
		}
		ddc := *devCache
		if ddc == -1 {
			ddc = dc
		}
		if *tiersDir != "" {
			if ddc < 0 {
				ddc = 1 << 30
			}
			err = deviceCheckTiers(g, *tiersDir, *tiers, *devDir, int64(*stride), *threads, ddc)
			break
		}
		err = deviceCheck(g, *fullDir, *devDir, *boundFile, *random, *threads, dc, ddc)
	case "device-mem":
		err = deviceMem(g, *devDir, *probes, *cache)
	case "device-probe":
		err = deviceProbe(g, *devDir, *probes, *latency)
	case "device-layouts":
		jsonDir := ""
		if outSet {
			jsonDir = *out
		}
		if *tiersDir != "" {
			o := devicebuild.MeasureOptions{BlockSize: *blockSize, Threads: *threads, Sample: *sample, Far: *order != ""}
			if o.Planes, err = planeList(*planes); err != nil {
				break
			}
			switch *storedSide {
			case "prey":
				o.Sides = []int{1}
			case "predator":
				o.Sides = []int{0}
			default:
				o.Sides = []int{0, 1}
			}
			err = deviceLayoutsTiers(g, *tiersDir, *tiers, jsonDir, o)
			break
		}
		dc := *cache
		if dc < 0 {
			dc = 0
		}
		err = deviceLayouts(g, *dir, jsonDir, *boundFile, *blockSize, *threads, dc)
	default:
		usage()
	}
	if err != nil {
		pprof.StopCPUProfile() // os.Exit skips the deferred stop
		fmt.Fprintln(os.Stderr, "solve:", err)
		os.Exit(1)
	}
}

// Build is what GAME.build.json records.
type Build struct {
	Game       string      `json:"game"`
	Date       string      `json:"date"`
	Seconds    float64     `json:"seconds"`
	PeakMemory int64       `json:"peakMemoryBytes"`
	Threads    int         `json:"threads"`
	RawBytes   int64       `json:"rawBytes"`
	FileBytes  int64       `json:"fileBytes"`
	Tiers      []BuildTier `json:"tiers"`
}

// BuildTier is one tier's counts with its solving time (and, from the
// compact solver's tier files, its peak memory).
type BuildTier struct {
	tablebase.TierStats
	Seconds    float64 `json:"seconds"`
	PeakMemory int64   `json:"peakMemoryBytes,omitempty"`
}

func build(g *core.GameInfo, dir, tierList string, bound, threads int, quiet bool) error {
	start := time.Now()
	plan := solver.FullPlan(g.ID)
	if tierList == "none" {
		plan = solver.Plan{Bound: -1}
	} else if tierList != "" {
		plan = solver.Plan{Bound: -1}
		var err error
		if plan.Tiers, err = parseTiers(g, tierList); err != nil {
			return err
		}
	}
	if bound >= 0 {
		plan.Bound = bound
	}
	s := solver.NewSolver(tablebase.ForGame(g.ID))
	s.Threads = threads
	if !quiet {
		s.OnEvent = newPrinter(os.Stderr)
	}
	b := Build{Game: g.Key, Date: time.Now().UTC().Format("2006-01-02"), Threads: threads}
	fmt.Fprintf(os.Stderr, "solve: %s: tiers %v, bound tier %d, placement %v, %d threads\n", g.Key, plan.Tiers, plan.Bound, plan.Placement, threads)
	s.Run(plan, func(st tablebase.TierStats) {
		b.Tiers = append(b.Tiers, BuildTier{TierStats: st, Seconds: st.Seconds})
		if quiet {
			fmt.Fprintf(os.Stderr, "solve: %s %s\n", g.Key, st.Line())
		}
	})
	name := g.Key
	if len(plan.Tiers) == 0 && !plan.Placement && plan.Bound >= 0 {
		name += boundSuffix // a bound tier alone: beside the exact tables, not over them
	}
	path := tablebase.Path(dir, name)
	h, err := s.Write(path)
	if err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	b.Seconds = time.Since(start).Seconds()
	b.PeakMemory = peakMemory()
	b.RawBytes, b.FileBytes = h.Raw, fi.Size()
	if err := writeJSON(filepath.Join(dir, name+".build.json"), b); err != nil {
		return err
	}
	var pos int64
	for _, t := range b.Tiers {
		pos += t.Positions
	}
	fmt.Fprintf(os.Stderr, "solve: %s: %d positions in %.1f s (%.2f M/s per core), peak memory %.2f GiB, tables %.1f MiB raw, %.2f MiB in %s\n",
		g.Key, pos, b.Seconds, float64(pos)/b.Seconds/float64(threads)/1e6, float64(b.PeakMemory)/(1<<30),
		float64(b.RawBytes)/(1<<20), float64(b.FileBytes)/(1<<20), path)
	return nil
}

// peakMemory returns the process's peak resident memory (VmHWM), or what
// the Go runtime got from the system where /proc is missing.
func peakMemory() int64 {
	if p := solver.PeakRSS(); p > 0 {
		return p
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.Sys)
}

// parseTiers reads -tiers: captured counts of g's moving phase, in order.
func parseTiers(g *core.GameInfo, list string) ([]int, error) {
	var tiers []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n >= g.CapturesToWin {
			return nil, fmt.Errorf("-tiers: %q is not a captured count from 0 to %d", f, g.CapturesToWin-1)
		}
		tiers = append(tiers, n)
	}
	return tiers, nil
}

// tiersOrAll reads -tiers as parseTiers does, "" being every tier of the
// moving phase, the most captured first (the order they are solved in).
func tiersOrAll(g *core.GameInfo, list string) ([]int, error) {
	if list != "" {
		return parseTiers(g, list)
	}
	tiers := make([]int, 0, g.CapturesToWin)
	for c := g.CapturesToWin - 1; c >= 0; c-- {
		tiers = append(tiers, c)
	}
	return tiers, nil
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

type probeLine struct {
	Position string `json:"position"`
	Value    string `json:"value,omitempty"`
	Plies    *int   `json:"plies,omitempty"`
	Error    string `json:"error,omitempty"`
}

func probe(g *core.GameInfo, dir string) error {
	t, err := tablebase.Open(tablebase.Path(dir, g.Key))
	if err != nil {
		return err
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<20)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	enc := json.NewEncoder(w)
	for in.Scan() {
		line := in.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		out := probeLine{Position: line}
		p, err := core.ParsePosition(g.Key, line)
		if err != nil {
			out.Error = err.Error()
		} else {
			v, plies, ok, err := t.ProbeErr(p)
			switch {
			case err != nil:
				out.Error = err.Error()
			case !ok:
				out.Value = tablebase.Unknown.String()
			default:
				out.Value = v.String()
				if v != tablebase.Draw {
					out.Plies = &plies
				}
			}
		}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	return in.Err()
}

// boundSuffix names the files of a bound tier built alone.
const boundSuffix = ".bound"

func verify(g *core.GameInfo, dir, name string, threads, samples, depth, stride int) error {
	t, err := tablebase.Open(tablebase.Path(dir, name))
	if err != nil {
		return err
	}
	if t.IsDevice() {
		return fmt.Errorf("%s is a device table: verify checks full tables (device-check compares a device table with its full one)", name)
	}
	t.SetCacheBytes(-1) // the children of every entry: keep every block, as before the cache
	rep := solver.Verify(t, threads, samples, depth, stride, newPrinter(os.Stderr))
	if err := writeJSON(filepath.Join(dir, name+".verify.json"), rep); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "verify: %s: %d positions (every %d. entry) checked against their children, %d against a %d-ply search, %d mismatches, %.1f s\n",
		g.Key, rep.Positions, rep.Stride, rep.Searched, rep.SearchDepth, rep.Mismatches, rep.Seconds)
	for _, e := range rep.Examples {
		fmt.Fprintln(os.Stderr, "  ", e)
	}
	if rep.Mismatches > 0 {
		return fmt.Errorf("%s: %d mismatches", g.Key, rep.Mismatches)
	}
	return nil
}

// printLine writes the report's best line from the start of g (or from)
// to stdout with every move, and the time it took to stderr.
func printLine(g *core.GameInfo, dir, from string, n int) error {
	t, err := tablebase.Open(tablebase.Path(dir, g.Key))
	if err != nil {
		return err
	}
	t.SetCacheBytes(-1)
	p, called := g.Start(), "the start"
	if from != "" {
		if p, err = core.ParsePosition(g.Key, from); err != nil {
			return err
		}
		called = "this position"
	}
	v, d, ok := t.Probe(p)
	if !ok {
		return fmt.Errorf("%s: not covered by %s", p, tablebase.Path(dir, g.Key))
	}
	start := time.Now()
	fmt.Printf("%s: %s (%d)\n\n%s", p, v, d, principalVariation(g, t, p, called, n, n))
	fmt.Fprintf(os.Stderr, "line: %.1f s\n", time.Since(start).Seconds())
	return nil
}
