# Hunt Chess · 围猎棋 — developer entry points. See README.md.
# Every target installs the Debian packages it needs (scripts/deps.sh; a no-op
# when they are already there), so each works on a fresh Debian 12 machine
# with Go 1.26 in /usr/local/go.

SHELL := /bin/bash
export PATH := $(PATH):/usr/local/go/bin

GO          ?= go
# Tags of every build of the app: without Fyne's colour emoji font (the
# texts have none; it costs about 19 MB of heap: README "Memory"). The
# scripts read the same variable (scripts/lib.sh app_tags).
APP_TAGS    ?= no_emoji
export APP_TAGS
comma       := ,
empty       :=
space       := $(empty) $(empty)
# A developer's build adds dev: the developer harness (app/devharness, its
# HUNTCHESS_* variables; dev.go) and, in the browser, the test's hook
# (webhook). make run, the simulated phone and the scripts that drive the
# app build with it; a player's build (package, windows, web, release) never
# does (docs/build-tags.md).
DEV_TAGS    := $(subst $(space),$(comma),$(strip dev $(APP_TAGS)))
MOBILE_TAGS := $(subst $(space),$(comma),$(strip mobile dev $(APP_TAGS)))
DEPS        := bash scripts/deps.sh
# Packages that hold benchmarks / fuzz targets.
BENCH_PKGS  ?= ./core/ ./ai/
BENCH       ?= .
FUZZTIME    ?= 30s
FUZZ_PKGS   ?= ./...
# Passed to each fuzz run: a new input's minimizing is cut short (the
# table and strategy seeds are KBs, and 60 s of minimizing each left little
# time to fuzz). On a shared machine: FUZZ_FLAGS='-fuzzminimizetime=10s
# -parallel 1' and `nice -n 19 make fuzz`. docs/testing.md "Fuzzing".
FUZZ_FLAGS  ?= -fuzzminimizetime=10s
# Flags for the AI arena; `-game all` is always passed.
ARENA_FLAGS ?=
FYNE_TOOL   ?= fyne.io/tools/cmd/fyne@v1.7.4
# Endgame tables: see the tables / solve-all targets.
TABLES_DIR  ?= build/tables
TABLE_GAMES ?= surround-the-lion deer-chess
ALL_GAMES   := surround-the-lion deer-chess wolf-carries-pig beat-the-wolf
SOLVE       := build/solve
# The tables the app itself solves (tables/owner.go: appPlan): Surround the Lion whole,
# deer chess's moving phase (the desktop); cmd/arena -tables plays with these.
APP_TABLES_DIR ?= build/apptables
# make device-tables (scripts/device-tables.sh): what the app embeds and the
# table pack, from the solved tables, each in its device form
# (scripts/device-convert.sh; DEVICE_CONVERT= packs them as they are). Shipped:
# Surround the Lion, deer chess whole (the placement phase's values, the moving
# phase's codes), Beat the Wolf's table (from the whole game's tier files where
# WHOLE_DIR holds them: codes of 6 to 12 dogs, values of 13 and 17; else the
# 6- to 10-dog endgames), Wolf
# Carries the Pig's values (its full codes where 0 to 3 pigs are captured) and
# the proven strategies, Beat the Wolf's set strategy among them (66.6 MB);
# the pack: Beat the Wolf's 17-dog tier, its whole table where make solve-whole
# has solved every tier into WHOLE_DIR (scripts/device-convert.sh), and Wolf Carries the
# Pig with all its plies (those that make solve-all wrote), each as parts of at most 24 MiB
# (DEVICE_PART_BYTES) for any static host.
# The shipped tables are copied, byte for byte, into DEVICE_EMBED
# (tables/shipped/), the folder the native builds embed and scripts/web.sh
# serves: commit them there.
DEVICE_OUT       ?= build/device
DEVICE_EMBED     ?= tables/shipped
DEVICE_SHIP      ?= $(TABLES_DIR)/surround-the-lion.hctb $(TABLES_DIR)/deer-chess.hctb \
                    $(if $(wildcard $(WHOLE_DIR)/beat-the-wolf.tiers/captured-00.tier),$(WHOLE_DIR)/beat-the-wolf.tiers,$(wildcard $(TABLES_DIR)/beat-the-wolf.hctb)) \
                    $(wildcard $(TABLES_DIR)/wolf-carries-pig.hctb)
DEVICE_STRATEGY  ?= $(wildcard tables/strategies/*.hcst tables/shipped/*.hcst)
DEVICE_PACK      ?= $(wildcard $(TABLES_DIR)/beat-the-wolf.bound.hctb \
                    $(TABLES_DIR)/wolf-carries-pig.hctb) \
                    $(if $(wildcard $(WHOLE_DIR)/beat-the-wolf.tiers/captured-00.tier),$(WHOLE_DIR)/beat-the-wolf.tiers)
DEVICE_CONVERT   ?= scripts/device-convert.sh $(SOLVE) {game} {dir} {name} {out} {role}
DEVICE_TWICE     ?= 1
DEVICE_BUDGET_MB ?= 70

.PHONY: help run test test-quick lint lint-workflows staticcheck gofmt vet smoke crash-test bench fuzz arena app-tables fonts zh-hant \
        screenshots package windows test-windows sign-windows release icon mobile-check deps clean tables solve-all solve-whole test-tables puzzles \
        web serve-web test-web bench-web bench-web-explore memory device-tables package-size strategies store-shots arch-figures

help:
	@echo "make run          start the app (desktop, GLFW); installs X11/GL headers"
	@echo "make test         make lint + race tests (headless) + GUI smoke test + crash test + browser test"
	@echo "make test-quick   make lint + race tests (the app's layout tests without -race), no smoke test"
	@echo "make test-short   the quick lane: go test -short without -race (under 2 minutes)"
	@echo "make lint         gofmt check + go vet + staticcheck + lint-workflows"
	@echo "make staticcheck  staticcheck (pinned) in every build of docs/build-tags.md: tests (ci), desktop, browser, phone"
	@echo "make lint-workflows actionlint (with shellcheck) over .github/workflows, shellcheck of the release scripts"
	@echo "make smoke        build the real binary and smoke-test it under Xvfb"
	@echo "make crash-test   SIGKILL the real binary 100 times while it plays, start it on 100 damaged files (cmd/crashtest)"
	@echo "make bench        benchmarks in $(BENCH_PKGS)"
	@echo "make fuzz         every Fuzz* target for FUZZTIME=$(FUZZTIME) each"
	@echo "make arena        AI arena: go run ./cmd/arena -game all \$$ARENA_FLAGS"
	@echo "make fonts        scripts/fonts.sh (font subsetting)"
	@echo "make zh-hant      the Traditional Chinese texts from the Simplified ones (cmd/hantconv; docs/zh-hant-glossary.md), then make fonts"
	@echo "make screenshots  scripts/screenshots.sh"
	@echo "make store-shots  the store listings' screenshots, icon and feature graphic into fastlane/ (scripts/store-shots.sh; about 15 min)"
	@echo "make package      Linux package build/hunt-chess-<version>-linux-<arch>.tar.xz (fyne package)"
	@echo "make windows      the Windows program, its installer (.msi) and a portable .zip into build/release (scripts/windows.sh; mingw-w64, wixl)"
	@echo "make sign-windows Authenticode-sign copies of the Windows build with a throw-away certificate and verify (scripts/sign-windows.sh)"
	@echo "make test-windows the Windows build under Wine in a private Xvfb: install, play a move, save, Chinese, uninstall (scripts/wine-test.sh)"
	@echo "make release      every file of a release that Linux can build, with SHA256SUMS, into build/release (scripts/release.sh)"
	@echo "make icon         redraw Icon.png and docs/screenshots/icon-48.png (cmd/icongen)"
	@echo "make arch-figures count docs/ARCHITECTURE.md's files and lines again (scripts/arch-figures.sh; -c checks)"
	@echo "make mobile-check build the simulated-phone binary (-tags mobile) into build/"
	@echo "make memory       the app's memory at each stage against the budgets (scripts/memory.sh; about 8 min)"
	@echo "make tables       solve Surround the Lion and all of deer chess into $(TABLES_DIR) (cmd/solve; about 30 min, 15 GB)"
	@echo "make app-tables   the tables the app builds on a desktop, into $(APP_TABLES_DIR) (about 3 min; cmd/arena -tables uses them)"
	@echo "make strategies   the proven strategies from the start the app ships (tables/strategies; Beat the Wolf's in tables/shipped), from the tables in $(TABLES_DIR), each checked"
	@echo "make solve-all    every solve of docs/solved.md, verified, and the report (about 4 hours, 60 GB)"
	@echo "make solve-whole  Beat the Wolf whole, tier by tier, resuming after the tiers written (WHOLE_DIR, outside the work tree; hours, 15 GiB, 42 GB), verified, the start's value"
	@echo "make puzzles      choose the puzzles (puzzles/data) from the four tables in $(TABLES_DIR) (cmd/puzzlegen; about 4 min)"
	@echo "make web          the browser version: a static site in build/web (scripts/web.sh)"
	@echo "make serve-web    serve build/web on http://127.0.0.1:8080/ (WEB_ADDR)"
	@echo "make test-web     the browser test: build/web in headless Chromium (webtest/)"
	@echo "make bench-web    the browser version's first frame, cold and reloaded, at a phone's size (scripts/bench-web-first-frame.sh; RUNS=5)"
	@echo "make bench-web-explore the explorer in the browser: tap to the list of moves with their values drawn, cold and warm, and during a search (scripts/bench-web-explore.sh; RUNS=3)"
	@echo "make device-tables what the app embeds and the table pack, into $(DEVICE_OUT)/{shipped,pack} (twice, compared); the shipped tables into $(DEVICE_EMBED)"
	@echo "make package-size the Linux package's and the web build's sizes (scripts/package-size.sh)"
	@echo "make clean        remove build/"

# The app on the user's display. Without a display (DISPLAY unset, or set
# to an X server that does not answer: a stale one) it still starts, inside
# a private Xvfb large enough for the simulated phone too (RUN_XVFB_SIZE),
# and tells how to take a screenshot of it.
RUN_XVFB_SIZE ?= 1920x1800x24
run:
	@$(DEPS) gui
	@if [ -n "$$DISPLAY" ] && bash scripts/display-ok.sh; then \
	  $(GO) run -tags '$(DEV_TAGS)' . ; \
	else \
	  if [ -n "$$DISPLAY" ]; then \
	    echo "make run: DISPLAY is $$DISPLAY, but no X server answers there (a stale DISPLAY, e.g. from an ssh session that has ended)."; \
	  else \
	    echo "make run: DISPLAY is not set, so there is no screen to show the window on."; \
	  fi; \
	  echo "make run: starting the app inside a private Xvfb ($(RUN_XVFB_SIZE)) instead (Ctrl+C to stop)."; \
	  $(DEPS) screenshots && bash scripts/xvfb-run.sh -s $(RUN_XVFB_SIZE) $(GO) run -tags '$(DEV_TAGS)' . ; \
	fi

# Each step says how long it took (the whole must stay under 12 minutes on
# 2 cores: docs/testing.md).
STEP = s=$$(date +%s); trap 'echo "test: $$step: $$(( $$(date +%s) - s )) s"' EXIT;
test:
	@step=deps; $(STEP) $(DEPS) test
	@step=test-quick; $(STEP) $(MAKE) --no-print-directory test-quick
	@step=smoke; $(STEP) bash scripts/smoke.sh
	@step=crash-test; $(STEP) bash scripts/crash-test.sh $(CRASH_SHORT)
	@step=test-web; $(STEP) $(MAKE) --no-print-directory test-web

# The crash test (scripts/crash-test.sh, cmd/crashtest): the real binary
# under Xvfb, killed with SIGKILL at random moments while it plays the four
# games (during saves, during Surround the Lion's first solve), then started
# on truncated or garbled stored files. `make test` runs the short version.
CRASH_FLAGS ?= -kills 100 -damage 100
CRASH_SHORT ?= -kills 10 -damage 20 -solve-kills 1 -solve-finish=false
crash-test:
	@$(DEPS) test
	@bash scripts/crash-test.sh $(CRASH_FLAGS)

# The tests the race detector skips (their first line is layoutOnly(t), the
# app's layout tests, or testkit.PlainOnly(t), long work on one goroutine):
# -race makes them ten to twenty times slower and has nothing to find there.
# test-quick runs them in a second, plain pass, in their packages alone.
PLAIN_FILES = $(shell grep -rlE --include='*_test.go' '^\s(testkit\.PlainOnly|layoutOnly)\(t\)' .)
PLAIN_TESTS = $(shell grep -h -A1 '^func Test' $(PLAIN_FILES) | grep -B1 -E 'PlainOnly\(t\)|layoutOnly\(t\)' \
                | grep -o '^func Test[A-Za-z0-9_]*' | cut -c6- | sort -u | paste -sd'|')
PLAIN_PKGS = $(sort $(dir $(PLAIN_FILES)))
# FYNE_CACHE: Fyne drops a renderer not drawn for 2 s, not a minute (the
# app's tests ask it to after each test app: app/harness_test.go).
# The two passes run side by side: the race pass ends with its longest
# package, the app's, alone on one core, and the plain pass fills the
# other; each test works in folders of its own (t.TempDir). Both must pass.
TEST_ENV = FYNE_CACHE=2s
test-quick: lint test-tables
	@echo "test-quick: the race pass ($(GO) test -race -tags ci -count=1 ./...) beside the plain pass"
	@$(TEST_ENV) $(GO) test -race -tags ci -count=1 ./... & race=$$!; \
	$(TEST_ENV) $(GO) test -tags ci -count=1 -run '^($(PLAIN_TESTS))$$' $(PLAIN_PKGS); plain=$$?; \
	wait $$race; race=$$?; \
	echo "test-quick: race pass exit $$race, plain pass exit $$plain"; \
	[ $$race = 0 ] && [ $$plain = 0 ]

# The developer's quick lane (under 2 minutes): every package's tests
# without -race, the long ones cut down under -short (testing.Short). The
# tests that read the Surround the Lion table skip without it (make
# test-tables builds it).
.PHONY: test-short
test-short:
	$(TEST_ENV) $(GO) test -short -tags ci -count=1 ./...

# The AI's table tests (ai/tb_test.go) read the Surround the Lion table:
# build it when it is missing (about 40 s on 2 cores: 36 s of CPU, without
# -race; other work on the machine stretches it, 90 s at a load of 11).
test-tables: $(SOLVE)
	@[ -f $(TABLES_DIR)/surround-the-lion.hctb ] || $(SOLVE) build surround-the-lion -dir $(TABLES_DIR) -q

# The static checks (docs/development.md): gofmt, go vet, staticcheck and
# the workflows' and release scripts' linters; make test-quick runs them
# first.
lint: gofmt vet staticcheck lint-workflows

# staticcheck (honnef.co/go/tools), pinned, installed into build/bin through
# the Go module proxy (not in go.mod; scripts/lib.sh go_tool). One run checks
# every build (-matrix; docs/build-tags.md): the tests' headless build (ci,
# with the browser test's webtest), the desktop app, the browser (js/wasm)
# and the phone (mobile); code unused in every build is reported once,
# with the builds it shows in. About 10 s once its cache is warm (the
# first run analyses Fyne for each build: a minute and more).
STATICCHECK_VERSION ?= v0.8.2
export STATICCHECK_VERSION
APP_TAGS_FLAG := $(if $(strip $(APP_TAGS)),-tags $(subst $(space),$(comma),$(strip $(APP_TAGS))))
define STATICCHECK_MATRIX
ci: -tags ci,webtest,dev
desktop: $(APP_TAGS_FLAG)
js: GOOS=js GOARCH=wasm $(APP_TAGS_FLAG)
mobile: -tags $(MOBILE_TAGS)
endef
export STATICCHECK_MATRIX
staticcheck:
	@sc="$$(export GO='$(GO)'; . scripts/lib.sh && staticcheck_tool)" && \
	  printf '%s\n' "$$STATICCHECK_MATRIX" | $$sc -matrix ./... && echo "staticcheck: ok"

# The GitHub Actions workflows (.github/workflows; docs/releasing.md):
# actionlint, pinned, run through the Go module proxy (not in go.mod), which
# also runs shellcheck over every `run:` script; then shellcheck over the
# release scripts. shellcheck is Debian's (scripts/deps.sh lint).
ACTIONLINT ?= github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
lint-workflows:
	@$(DEPS) lint
	$(GO) run $(ACTIONLINT) -shellcheck=shellcheck
	shellcheck -x scripts/release/*.sh scripts/release.sh scripts/windows.sh scripts/wine-test.sh scripts/sign-windows.sh
	@echo "lint-workflows: ok"

gofmt:
	@files=$$( { git ls-files -z --cached --others --exclude-standard -- '*.go' 2>/dev/null \
	             || find . -name '*.go' -not -path './build/*' -print0; } \
	           | xargs -0 -r gofmt -l ); \
	if [ -n "$$files" ]; then \
	  echo "gofmt: these files need 'gofmt -w':"; echo "$$files"; exit 1; \
	fi; echo "gofmt: ok"

vet:
	$(GO) vet -tags ci ./...

smoke:
	@$(DEPS) test
	@bash scripts/smoke.sh

bench:
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem $(BENCH_PKGS)

# Runs each fuzz target found by `go test -list` for FUZZTIME (override:
# make fuzz FUZZTIME=5m). New crashers land in testdata/fuzz/ — commit them.
fuzz:
	@set -e; n=0; \
	for pkg in $$($(GO) list -tags ci $(FUZZ_PKGS)); do \
	  for f in $$($(GO) test -tags ci -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "fuzz: $$pkg $$f ($(FUZZTIME))"; n=$$((n+1)); \
	    $(GO) test -tags ci -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $(FUZZ_FLAGS) $$pkg; \
	  done; \
	done; echo "fuzz: $$n target(s) run"

# The AI arena (cmd/arena): the level ladder (medium–easy, hard–medium,
# master–hard) in every game at a reduced time scale, written to
# docs/ai-strength.md, then a short run at full time scale appended (think
# times per level against their budgets). Takes ~20 minutes on 2 cores.
ARENA_SCALE ?= 0.05
ARENA_N     ?= 60
arena:
	$(GO) build -o build/arena ./cmd/arena
	build/arena -game all -pairs ladder -n $(ARENA_N) -scale $(ARENA_SCALE) -max-plies 300 -parallel 2 \
	  -app -header -title "Level ladder at time scale $(ARENA_SCALE)" -out docs/ai-strength.md $(ARENA_FLAGS)
	build/arena -game all -pairs master:hard,medium:easy -n 2 -scale 1 -parallel 1 -max-plies 30 -random-plies 2 \
	  -app -title "Think time at full time scale (short run)" -out docs/ai-strength.md -append $(ARENA_FLAGS)

# The puzzles of the four games, from their solved tables (make solve-all
# builds them all; the deer table needs about 5 GB while choosing). Commit
# puzzles/data after running it; the tests prove every puzzle by search.
puzzles:
	@for g in $(ALL_GAMES); do [ -f $(TABLES_DIR)/$$g.hctb ] || { echo "make puzzles: $(TABLES_DIR)/$$g.hctb is missing (make solve-all)"; exit 1; }; done
	$(GO) run ./cmd/puzzlegen -tables $(TABLES_DIR) -out puzzles/data

fonts:
	@$(DEPS) fonts
	bash scripts/fonts.sh

zh-hant:
	$(GO) run ./cmd/hantconv

screenshots:
	@$(DEPS) gui screenshots
	bash scripts/screenshots.sh

# The store listings (docs/store-listings.md): every screenshot of
# fastlane/metadata/android/*/images and fastlane/screenshots/ios from the
# real app (the simulated phone at the stores' pixel sizes, English and
# Chinese), the Play icon and the feature graphic (cmd/storeart). Commit
# what it writes after a change to the screens. STORE_DEVICES= a subset of
# art phone seven ten iphone ipad; STORE_SCREENS, STORE_LANGS: see the script.
STORE_DEVICES ?=
store-shots:
	@$(DEPS) gui screenshots
	bash scripts/store-shots.sh $(STORE_DEVICES)

# Installable Linux archive (Makefile + usr/ tree) via fyne.io/tools v1.7.4,
# installed into build/bin; see scripts/package.sh and README "Packaging".
package:
	GO=$(GO) FYNE_TOOL_VERSION=$(word 2,$(subst @, ,$(FYNE_TOOL))) bash scripts/package.sh

# Windows (docs/platforms.md): cross-built here with Debian's mingw-w64, the
# installer written by wixl; make test-windows installs it in Wine under a
# private Xvfb and plays it (the first cross-build takes about 20 minutes, so
# it is not part of make test). make release writes what Linux can build of
# a release (Linux, Windows, web, the pack when its tables are here) with
# SHA256SUMS; RELEASE_TWICE=1 builds it all twice and compares the bytes.
windows:
	GO=$(GO) bash scripts/windows.sh

test-windows:
	GO=$(GO) bash scripts/wine-test.sh

# Authenticode: copies of the built program and installer signed with a
# throw-away certificate, and osslsigncode's verdict (a release signs the
# real ones inside make windows when WINDOWS_SIGN_PFX(_BASE64) is set).
sign-windows:
	@[ -f "build/windows/Hunt Chess.exe" ] || GO=$(GO) bash scripts/windows.sh
	rm -rf build/sign-test && mkdir -p build/sign-test
	cp "build/windows/Hunt Chess.exe" build/release/hunt-chess-*-windows-amd64.msi build/sign-test/
	bash scripts/sign-windows.sh --self-signed build/sign-test/*

release:
	GO=$(GO) bash scripts/release.sh

# The app icon is drawn by code; commit both outputs after changing it.
icon:
	$(GO) run ./cmd/icongen -o Icon.png -preview docs/screenshots/icon-48.png

# docs/ARCHITECTURE.md's "files / lines" of every package, counted again.
arch-figures:
	bash scripts/arch-figures.sh

# Compile the phone build: -tags mobile runs the desktop GLFW driver as a
# simulated phone (run build/huntchess-mobile to try it).
mobile-check:
	@$(DEPS) gui
	$(GO) build -tags '$(MOBILE_TAGS)' -o build/huntchess-mobile .
	$(GO) vet -tags '$(MOBILE_TAGS)' .

# The app's memory at each stage of use (idle, a table solved on first use
# and played from, 200 Master moves) against the budgets of README "Memory":
# the real binary under Xvfb, VmHWM/VmRSS from /proc. MEMORY_FLAGS=-check
# fails when over budget; stages can be named, e.g. MEMORY_FLAGS=idle.
MEMORY_FLAGS ?=
memory:
	@$(DEPS) gui screenshots
	bash scripts/memory.sh $(MEMORY_FLAGS)

deps:
	@$(DEPS) test

clean:
	rm -rf build/

# AI search speed: nodes per second per game (ai/bench_test.go).
.PHONY: bench-ai
bench-ai:
	$(GO) test -run '^$$' -bench . -benchmem ./ai/

# Endgame tables (ai/tablebase, cmd/solve). `make tables` builds what the app
# uses; `make solve-all` runs every solve (long ones included), verifies each
# table against core's moves and a plain search, and writes docs/solved.md.
# Only the Surround the Lion table (40 s) is part of `make test`. The machine
# has 2 cores: run nothing else beside the long solves.

$(SOLVE): $(wildcard cmd/solve/*.go ai/tablebase/*.go ai/tablebase/solver/*.go core/*.go)
	$(GO) build -o $(SOLVE) ./cmd/solve

tables: $(SOLVE)
	@for g in $(TABLE_GAMES); do $(SOLVE) build $$g -dir $(TABLES_DIR) || exit 1; done

# What the app builds on the device (about 2.5 minutes): the whole of
# Surround the Lion and deer chess's moving phase, for the arena.
app-tables: $(SOLVE)
	@test -f $(APP_TABLES_DIR)/surround-the-lion.hctb || $(SOLVE) build surround-the-lion -dir $(APP_TABLES_DIR)
	@test -f $(APP_TABLES_DIR)/deer-chess.hctb || $(SOLVE) build deer-chess -tiers 6,5,4,3,2,1,0 -dir $(APP_TABLES_DIR)

solve-all: $(SOLVE) app-tables
	@set -e; for g in $(filter-out beat-the-wolf,$(ALL_GAMES)); do \
	  $(SOLVE) build $$g -dir $(TABLES_DIR); \
	  $(SOLVE) verify $$g -dir $(TABLES_DIR); \
	done
	$(MAKE) --no-print-directory solve-whole WHOLE_DIR=$(TABLES_DIR)
	@# The endgames the app ships (6 to 10 dogs) as a table file, for make device-tables and the
	@# report (the whole game's table file is not written: docs/beat-the-wolf-whole.md).
	$(SOLVE) build beat-the-wolf -tiers 11,10,9,8,7 -dir $(TABLES_DIR)
	$(SOLVE) verify beat-the-wolf -dir $(TABLES_DIR)
	$(SOLVE) build beat-the-wolf -tiers none -bound 0 -dir $(TABLES_DIR)
	$(SOLVE) verify beat-the-wolf -bound-file -stride 10 -samples 500 -dir $(TABLES_DIR)
	$(SOLVE) report -dir $(TABLES_DIR) -tiers-dir $(TABLES_DIR) -app $(APP_TABLES_DIR) -out docs/solved.md

# Beat the Wolf whole (docs/solved.md): every tier from 6 to 17 dogs on the
# board with the compact solver (a byte an entry: ai/tablebase/solver
# compact.go), each tier written to $(WHOLE_DIR)/beat-the-wolf.tiers/ the
# moment it is solved, and the tier in progress into its part file every
# 10 minutes and on SIGTERM/SIGINT; run again after a stop (a session's end,
# a kill), it resumes after the last tier written, from the part of the tier
# in progress. Then the tier files' verification (solve tiers -verify: every
# WHOLE_STRIDE-th position against its children, samples against a plain
# search) and the start's value and line of best play (solve tiers -start).
# The table file of the whole game is not written (some 27 GB in the full
# table's format); the pack's device table is made from the tier files
# (scripts/device-convert.sh, a GAME.tiers folder). Hours on 2 cores
# (measured: the 6- to 14-dog tiers 30-40 minutes, the 15-, 16- and 17-dog
# tiers about an hour each): peak memory about 15 GiB, 42 GB of disk for the
# tier files. Put WHOLE_DIR outside the work tree, where the machine keeps
# it when the tree is laid anew (docs/beat-the-wolf-whole.md).
WHOLE_DIR    ?= $(TABLES_DIR)
WHOLE_STRIDE ?= 100
solve-whole: $(SOLVE)
	$(SOLVE) tiers beat-the-wolf -dir $(WHOLE_DIR)
	$(SOLVE) tiers beat-the-wolf -dir $(WHOLE_DIR) -verify -stride $(WHOLE_STRIDE) -samples 300
	$(SOLVE) tiers beat-the-wolf -dir $(WHOLE_DIR) -start
	@# Beat the Wolf's section of docs/solved.md from the tier files.
	$(SOLVE) report -game beat-the-wolf -tiers-dir $(WHOLE_DIR) -out docs/solved.md

# The proven strategies from the start: the winner's move in every position
# its win reaches (-passes: deer chess's also after every pass of the deer while the
# dogs are placed, Beat the Wolf's also from the start after the wolf's first
# move passed), from the tables of make solve-all in $(TABLES_DIR) (a game
# without its table is passed over), each then replayed against every
# defence by core's rules. The lion's and the deer's go to tables/strategies
# (the app embeds them, every build); Beat the Wolf's, millions of positions,
# as a set strategy (format 2: the wolf-to-move positions alone, read block
# by block; ai/tablebase/strategy/strategyset.go) to tables/shipped, which the native
# builds embed and scripts/web.sh serves (about 15 minutes, peak RSS 9.8 GB;
# checked in 6.5 minutes).
SHIPPED_STRATEGIES := surround-the-lion deer-chess
strategies: $(SOLVE)
	@set -e; for g in $(SHIPPED_STRATEGIES) beat-the-wolf; do \
	  out=tables/strategies; [ $$g = beat-the-wolf ] && out=tables/shipped; \
	  passes=; [ $$g = surround-the-lion ] || passes=-passes; \
	  if [ -f $(TABLES_DIR)/$$g.hctb ] || [ -f $(TABLES_DIR)/$$g.bound.hctb ]; then \
	    $(SOLVE) strategy $$g -dir $(TABLES_DIR) -out $$out $$passes; \
	    $(SOLVE) strategy-check $$g -out $$out; \
	  else echo "strategies: no table of $$g in $(TABLES_DIR): passed over"; fi; \
	done

# The browser version (README "Play in the browser"): build/web is a static
# site; serve-web serves it on loopback for trying it.
# What the app embeds (DEVICE_SHIP, DEVICE_STRATEGY; at most DEVICE_BUDGET_MB)
# and the table pack (DEVICE_PACK) with its manifest, byte for byte the same
# on every run: made twice and compared unless DEVICE_TWICE=0.
device-tables: $(SOLVE)
	GO=$(GO) DEVICE_OUT='$(DEVICE_OUT)' DEVICE_EMBED='$(DEVICE_EMBED)' DEVICE_SHIP='$(strip $(DEVICE_SHIP))' DEVICE_STRATEGY='$(strip $(DEVICE_STRATEGY))' \
	  DEVICE_PACK='$(strip $(DEVICE_PACK))' DEVICE_CONVERT='$(DEVICE_CONVERT)' DEVICE_TWICE=$(DEVICE_TWICE) \
	  DEVICE_BUDGET_MB=$(DEVICE_BUDGET_MB) bash scripts/device-tables.sh

# The package sizes to report before/after embedding tables: the Linux
# package (fyne package) and the browser build, into build/package-size.md.
package-size:
	GO=$(GO) FYNE_TOOL_VERSION=$(word 2,$(subst @, ,$(FYNE_TOOL))) bash scripts/package-size.sh

WEB_ADDR ?= 127.0.0.1:8080
web:
	@$(DEPS) web
	GO=$(GO) bash scripts/web.sh

serve-web:
	@[ -f build/web/huntchess.wasm ] || $(MAKE) --no-print-directory web
	$(GO) run ./cmd/webserve -dir build/web -addr $(WEB_ADDR)

# The browser version's start measured (scripts/bench-web-first-frame.sh,
# cmd/webfirstframe): RUNS fresh browsers as a phone, each a cold load and a
# reload; build/web made first when it is not there.
bench-web:
	@$(DEPS) web
	GO=$(GO) bash scripts/bench-web-first-frame.sh

# The explorer in the browser measured (scripts/bench-web-explore.sh,
# cmd/webexplore): RUNS fresh browsers as a phone, each Surround the
# Lion's explorer (its table downloaded, moves played, stepped back and
# forth) and Beat the Wolf's off its proven line (the search); a
# developer's site, build/web-dev, made first when it is not there.
bench-web-explore:
	@$(DEPS) web
	GO=$(GO) bash scripts/bench-web-explore.sh

# The browser test (webtest/browser_test.go, build tag webtest): builds the
# site once (brotli -q 9: quicker to make than the -q 11 of make web) and
# drives it in Debian's headless Chromium at a phone's size.
test-web:
	@$(DEPS) web
	GO=$(GO) BROTLI_Q=9 WEB_BOUND_DIR= WEB_DEV=1 WEB_OUT=build/web-dev bash scripts/web.sh
	$(GO) vet -tags webtest ./webtest
	GOOS=js GOARCH=wasm $(GO) vet -tags dev . ./webhook ./ai
	$(GO) test -tags webtest -count=1 -v -run 'TestBrowser' -timeout 10m ./webtest
