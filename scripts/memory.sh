#!/usr/bin/env bash
# Memory of the real desktop app (GLFW driver) at each stage of use, against
# the budgets of README "Memory" (`make memory`). Each stage starts the app
# under a private Xvfb with fresh private settings and storage (XDG_* in a
# new folder), opens it through the developer variables of app/devharness and
# app/devharness/mem.go, samples VmHWM and VmRSS from /proc/PID/status, and at its
# end asks the app (SIGUSR1) for the Go runtime's own figures and a heap
# profile. A table is printed at the end and written to build/memory.md.
#
#   scripts/memory.sh [-check] [STAGE ...]
#
#   -check   exit 1 when a figure is over its budget (without it the script
#            only reports: the table-memory work lands separately)
#   STAGE    idle | lion | lion-shipped | deer | deer-shipped | master |
#            pig-master | whole-master (default: all eight)
#
#   idle     the home screen, IDLE_SECS (15) after the window shows
#   lion     Surround the Lion in watch mode at Master, without the tables
#            shipped in the app (HUNTCHESS_SHIPPED=off): the peak while its
#            table is solved on first use (until tables/surround-the-lion.hctb
#            appears in the app's storage and the app reports it loaded;
#            watch mode waits, paused, meanwhile: HUNTCHESS_WATCH_WAIT), then
#            the RSS after PLAY_MOVES (100) moves played from the table (and
#            the peak since it loaded, in the notes)
#   lion-shipped  the same game with the shipped table (embedded, read on
#            demand): the RSS after PLAY_MOVES moves played from it
#   deer, deer-shipped  the same for Twenty-Dog Deer Chess (its moving
#            phase's table)
#   master   MASTER_MOVES (200) moves of Master against itself in watch mode
#            (MASTER_GAME, default beat-the-wolf: its shipped strategy, the
#            dogs' proven 140-ply win against the longest resistance; search
#            and the shipped endgames where it does not reach), game after game
#   pig-master  MASTER_MOVES moves of Master against itself in Wolf Carries
#            the Pig, from its shipped table of values (the tiers of 4 to 6
#            pigs captured without plies; ai/convert.go), game after game
#   whole-master  MASTER_MOVES moves of Master against itself in Beat the
#            Wolf from its whole table (every tier, 6 to 17 dogs: the pack's
#            beat-the-wolf.hctb, made from the tier files of make solve-whole
#            by scripts/device-convert.sh) in the developer folder
#            WHOLE_TABLE_DIR (default build/whole); skipped where it is not there
#
# Environment: MEMORY_BIN (a binary to measure instead of building
# build/huntchess), MEMORY_SCALE (the AI's time scale, HUNTCHESS_THINK_SCALE,
# default 0.1: Master thinks 0.3 s a move, with the same table sizes),
# MEMORY_OUT (the report, default build/memory.md), KEEP=1 (keep each
# stage's folder: log, heap profiles in prof/, the table cache).
#
# "GL" is the part of the RSS in the GL driver's mappings (Mesa's llvmpipe
# under Xvfb: libLLVM, *_dri.so, libgallium), which a phone does not have;
# "Go" is what the Go runtime holds (/memory/classes/total, less what it has
# released to the system). Needs Xvfb and xdotool (scripts/deps.sh gui
# screenshots).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"

check=""
stages=()
for a in "$@"; do
  case "$a" in
    -check) check=1 ;;
    idle | lion | lion-shipped | deer | deer-shipped | master | pig-master | whole-master) stages+=("$a") ;;
    *) echo "usage: $0 [-check] [idle|lion|lion-shipped|deer|deer-shipped|master|pig-master|whole-master ...]" >&2; exit 2 ;;
  esac
done
[ ${#stages[@]} -gt 0 ] || stages=(idle lion lion-shipped deer deer-shipped master pig-master whole-master)

IDLE_SECS="${IDLE_SECS:-15}"
PLAY_MOVES="${PLAY_MOVES:-100}"
MASTER_MOVES="${MASTER_MOVES:-200}"
MASTER_GAME="${MASTER_GAME:-beat-the-wolf}"
WHOLE_TABLE_DIR="${WHOLE_TABLE_DIR:-$root/build/whole}"
MEMORY_SCALE="${MEMORY_SCALE:-0.1}"
SOLVE_TIMEOUT="${SOLVE_TIMEOUT:-900}"
MOVES_TIMEOUT="${MOVES_TIMEOUT:-900}"
out="${MEMORY_OUT:-$root/build/memory.md}"

# Budgets in MB (10^6 bytes, as /proc's kB are 1024 bytes: figures are
# printed in MB = kB * 1024 / 10^6).
declare -A BUDGET=(
  [idle]=150 [lion-solve]=450 [lion-play]=220 [lion-shipped]=220 [deer-solve]=700 [deer-play]=300
  [deer-shipped]=300 [master]=300 [pig-master]=300 [whole-master]=300
)
declare -A LABEL=(
  [idle]="idle on the home screen"
  [lion-solve]="Surround the Lion, peak while its table is solved on first use"
  [lion-play]="Surround the Lion, playing with the table ready"
  [lion-shipped]="Surround the Lion, playing from the shipped table"
  [deer-solve]="deer chess moving phase, peak while solving (desktop)"
  [deer-play]="deer chess, playing with the table ready"
  [deer-shipped]="deer chess, playing from the shipped table"
  [master]="after $MASTER_MOVES Master moves ($MASTER_GAME: its shipped strategy, else search and endgames)"
  [pig-master]="after $MASTER_MOVES Master moves (wolf-carries-pig: its shipped table of values)"
  [whole-master]="after $MASTER_MOVES Master moves (beat-the-wolf: its whole table, 6 to 17 dogs)"
)
ROWS=(idle lion-solve lion-play lion-shipped deer-solve deer-play deer-shipped master pig-master whole-master)
declare -A FIG=() HWM=() RSS=() GL=() GOMEM=() NOTE=()

bin="${MEMORY_BIN:-$root/build/huntchess}"
case "$bin" in /*) ;; *) bin="$PWD/$bin" ;; esac
if [ -z "${MEMORY_BIN:-}" ]; then
  echo "memory: go build -tags '$(app_tags dev)' -o build/huntchess . (GLFW driver)"
  (cd "$root" && go build -tags "$(app_tags dev)" -o "$bin" .)
fi
has_prof=""
grep -qa HUNTCHESS_MEMPROFILE "$bin" && has_prof=1
xvfb_start 1280x800x24 2>/dev/null

mb() { echo $(($1 * 1024 / 1000000)); } # kB -> MB
status_kb() { awk -v k="$2:" '$1 == k { print $2 }' "/proc/$1/status" 2>/dev/null || true; }
gl_kb() { # RSS of the GL driver's mappings
  awk '/^[0-9a-f]+-[0-9a-f]+ / { gl = ($6 ~ /(libLLVM|_dri\.so|libgallium|libGLX_mesa|libEGL_mesa|libglapi)/) }
       /^Rss:/ && gl { s += $2 } END { print s + 0 }' "/proc/$1/smaps" 2>/dev/null || echo 0
}
tty=""
[ -t 1 ] && tty=1
progress() { # one line, rewritten in place on a terminal, every 10 s otherwise
  if [ -n "$tty" ]; then
    printf '\r\033[K%s' "$*"
  elif [ $((SECONDS - ${_last_progress:-0})) -ge 10 ]; then
    _last_progress=$SECONDS
    echo "$*"
  fi
}
progress_done() { if [ -n "$tty" ]; then printf '\r\033[K'; fi; }

app="" dir=""
# start NAME VAR=value...: the app in a fresh folder; sets app, dir
start() {
  local name="$1"; shift
  dir="$(mktemp -d "${TMPDIR:-/tmp}/memory-$name.XXXXXX")"
  (cd "$dir" && exec env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data" XDG_CACHE_HOME="$dir/cache" \
    HUNTCHESS_MEMPROFILE="$dir/prof" HUNTCHESS_DEVLOG=1 "$@" "$bin" >"$dir/log" 2>&1 </dev/null) &
  app=$!
  local i
  for ((i = 0; i < 120; i++)); do
    if xdotool search --onlyvisible --class '^Hunt Chess$' >/dev/null 2>&1; then return 0; fi
    kill -0 "$app" 2>/dev/null || { echo "memory: $name: the app exited before showing its window:" >&2; tail "$dir/log" >&2; exit 1; }
    sleep 0.5
  done
  echo "memory: $name: no window after 60 s" >&2; exit 1
}
# gostat: the Go runtime's figures now (SIGUSR1, app/devharness/mem.go), in gofig:
# what it holds less what it has released, in MB; empty from an app without
# HUNTCHESS_MEMPROFILE
gofig=""
gostat() {
  gofig=""
  [ -n "$has_prof" ] || return 0 # SIGUSR1 would end an app without the handler
  kill -0 "$app" 2>/dev/null || return 0
  local n i
  n="$(grep -c '^huntchess-mem:' "$dir/log" || true)"
  kill -USR1 "$app" 2>/dev/null || true
  for ((i = 0; i < 50; i++)); do
    [ "$(grep -c '^huntchess-mem:' "$dir/log" || true)" -gt "$n" ] && break
    sleep 0.1
  done
  gofig="$(grep '^huntchess-mem:' "$dir/log" | tail -1 | sed -n 's/.*released=\([0-9.]*\).*total=\([0-9.]*\).*/\1 \2/p' |
    awk '{ printf "%d", ($2 - $1) * 1048576 / 1000000 }')"
}
# finish: the Go runtime's figures, then stop the app (SIGTERM, SIGKILL after 10 s)
finish() {
  gostat
  if kill -0 "$app" 2>/dev/null; then
    local i
    kill -TERM "$app" 2>/dev/null || true
    for ((i = 0; i < 100; i++)); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$app" 2>/dev/null || true
  fi
  wait "$app" 2>/dev/null || true
  app=""
  if grep -qiE 'panic:|fatal error:' "$dir/log"; then echo "memory: the app failed:" >&2; grep -iE -A5 'panic:|fatal error:' "$dir/log" >&2; exit 1; fi
  if [ -n "${KEEP:-}" ]; then echo "memory: kept $dir"; else rm -rf "$dir"; fi
}
lib_on_exit 'if [ -n "${app:-}" ]; then kill -9 "$app" 2>/dev/null || true; fi'

moves() { { grep '^huntchess-dev: moves' "$dir/log" 2>/dev/null || true; } | tail -1 | awk '{ print $3 + 0 }'; }
moves=0
# record ROW FIGURE_KB: the row's figure, with the process's HWM, RSS and GL share now
record() {
  local row="$1" fig="$2"
  FIG[$row]=$(mb "$fig")
  HWM[$row]=$(mb "$(status_kb "$app" VmHWM)")
  RSS[$row]=$(mb "$(status_kb "$app" VmRSS)")
  GL[$row]=$(mb "$(gl_kb "$app")")
}
# reset_peak: VmHWM starts again from the RSS now (Linux clear_refs 5)
reset_peak() { echo 5 >"/proc/$app/clear_refs" 2>/dev/null || true; }

stage_idle() {
  start idle
  local t0=$SECONDS
  while [ $((SECONDS - t0)) -lt "$IDLE_SECS" ]; do
    progress "memory: idle: $((SECONDS - t0)) / $IDLE_SECS s, RSS $(mb "$(status_kb "$app" VmRSS)") MB"
    sleep 1
  done
  progress_done
  record idle "$(status_kb "$app" VmRSS)"
  finish
  GOMEM[idle]="$gofig"
}

# stage_table NAME GAME [shipped]: solve on first use (the shipped tables
# off), then play from the table; with shipped, play from the shipped table
# (rows NAME-solve and NAME-play, or NAME-shipped)
stage_table() {
  local name="$1" game="$2" shipped="${3:-}" t0=$SECONDS
  local play="$name-play" ship=off
  if [ -n "$shipped" ]; then play="$name-shipped" ship=on; fi
  start "$name" HUNTCHESS_SCREEN=game HUNTCHESS_GAME="$game" HUNTCHESS_MODE=watch HUNTCHESS_LEVEL=master \
    HUNTCHESS_WATCH_LOOP=1 HUNTCHESS_WATCH_WAIT=1 HUNTCHESS_THINK_SCALE="$MEMORY_SCALE" HUNTCHESS_SHIPPED="$ship"
  local file="$dir/config/fyne/io.github.huntchess/tables/$game.hctb"
  [ -z "$shipped" ] || file="$dir/none" # nothing is written: wait for the log
  # Ready: the app says it loaded the table (or, from an app without the
  # developer log, 3 s after the file appears).
  local seen=""
  while :; do
    if grep -q "^huntchess-dev: table-ready $game" "$dir/log"; then break; fi
    if [ -f "$file" ]; then
      [ -n "$seen" ] || seen=$SECONDS
      [ $((SECONDS - seen)) -lt 3 ] || break
    fi
    kill -0 "$app" 2>/dev/null || { echo "memory: $name: the app exited" >&2; tail "$dir/log" >&2; exit 1; }
    [ $((SECONDS - t0)) -lt "$SOLVE_TIMEOUT" ] || { echo "memory: $name: no table after $SOLVE_TIMEOUT s" >&2; exit 1; }
    progress "memory: $name: $([ -n "$shipped" ] && echo "loading the shipped table" || echo "solving the table"), $((SECONDS - t0)) s, RSS $(mb "$(status_kb "$app" VmRSS)") MB, peak $(mb "$(status_kb "$app" VmHWM)") MB"
    sleep 0.5
  done
  progress_done
  local solve_s=$((SECONDS - t0))
  if [ -z "$shipped" ]; then
    record "$name-solve" "$(status_kb "$app" VmHWM)"
    gostat
    GOMEM[$name-solve]="$gofig"
    NOTE[$name-solve]="ready after $solve_s s"
  fi
  reset_peak
  local m0; m0="$(moves)"; m0="${m0:-0}"
  local t1=$SECONDS
  while :; do
    local m; m="$(moves)"; m="${m:-0}"
    [ $((m - m0)) -lt "$PLAY_MOVES" ] || break
    # An app without the move log (an older build): PLAY_SECS of its play.
    [ -n "$has_prof" ] || [ $((SECONDS - t1)) -lt "${PLAY_SECS:-60}" ] || break
    [ $((SECONDS - t1)) -lt "$MOVES_TIMEOUT" ] || { echo "memory: $name: only $((m - m0)) moves in $MOVES_TIMEOUT s" >&2; break; }
    kill -0 "$app" 2>/dev/null || { echo "memory: $name: the app exited" >&2; tail "$dir/log" >&2; exit 1; }
    progress "memory: $play: playing from the table, $((m - m0)) / $PLAY_MOVES moves, RSS $(mb "$(status_kb "$app" VmRSS)") MB, peak $(mb "$(status_kb "$app" VmHWM)") MB"
    sleep 0.5
  done
  progress_done
  record "$play" "$(status_kb "$app" VmRSS)"
  NOTE[$play]="after $(($(moves) - m0)) moves ($((SECONDS - t1)) s) from the table; peak since it loaded ${HWM[$play]} MB"
  [ -z "$shipped" ] || NOTE[$play]="${NOTE[$play]}; loaded after $solve_s s, nothing solved"
  if [ -n "$shipped" ] && [ -f "$dir/config/fyne/io.github.huntchess/tables/$game.hctb" ]; then
    echo "memory: $name-shipped: the app solved the table although it is shipped" >&2; exit 1
  fi
  finish
  GOMEM[$play]="$gofig"
}

# stage_master [ROW GAME [VAR=VALUE ...]]: MASTER_MOVES moves of Master
# against itself (row master, MASTER_GAME; or ROW of GAME, with the app's
# further variables)
stage_master() {
  local t0=$SECONDS row="${1:-master}" game="${2:-$MASTER_GAME}"
  shift $(($# < 2 ? $# : 2))
  if [ -z "$has_prof" ]; then echo "memory: $row: this build has no watch loop (HUNTCHESS_WATCH_LOOP): skipped"; return 0; fi
  start "$row" HUNTCHESS_SCREEN=game HUNTCHESS_GAME="$game" HUNTCHESS_MODE=watch HUNTCHESS_LEVEL=master \
    HUNTCHESS_WATCH_LOOP=1 HUNTCHESS_THINK_SCALE="$MEMORY_SCALE" "$@"
  while :; do
    local m; m="$(moves)"; m="${m:-0}"
    [ "$m" -lt "$MASTER_MOVES" ] || break
    [ $((SECONDS - t0)) -lt "$MOVES_TIMEOUT" ] || { echo "memory: $row: only $m moves in $MOVES_TIMEOUT s" >&2; break; }
    kill -0 "$app" 2>/dev/null || { echo "memory: $row: the app exited" >&2; tail "$dir/log" >&2; exit 1; }
    progress "memory: $row: $m / $MASTER_MOVES moves, $((SECONDS - t0)) s, RSS $(mb "$(status_kb "$app" VmRSS)") MB, peak $(mb "$(status_kb "$app" VmHWM)") MB"
    sleep 0.5
  done
  progress_done
  record "$row" "$(status_kb "$app" VmRSS)"
  NOTE[$row]="$(moves) moves, $(grep -c '^huntchess-dev: game-over' "$dir/log" || true) games over, in $((SECONDS - t0)) s"
  finish
  GOMEM[$row]="$gofig"
}

for s in "${stages[@]}"; do
  case "$s" in
    idle) stage_idle ;;
    lion) stage_table lion surround-the-lion ;;
    lion-shipped) stage_table lion surround-the-lion shipped ;;
    deer) stage_table deer deer-chess ;;
    deer-shipped) stage_table deer deer-chess shipped ;;
    master) stage_master ;;
    pig-master) stage_master pig-master wolf-carries-pig ;;
    whole-master)
      if [ -f "$WHOLE_TABLE_DIR/beat-the-wolf.hctb" ]; then
        stage_master whole-master beat-the-wolf HUNTCHESS_TABLES="$WHOLE_TABLE_DIR"
      else
        echo "memory: whole-master: no $WHOLE_TABLE_DIR/beat-the-wolf.hctb (Beat the Wolf's whole table): skipped"
      fi ;;
  esac
  echo "memory: $s done"
done

over=0
{
  echo "| stage | measured | budget | | VmHWM | VmRSS | GL | Go | notes |"
  echo "|---|---|---|---|---|---|---|---|---|"
  for r in "${ROWS[@]}"; do
    [ -n "${FIG[$r]:-}" ] || continue
    verdict=pass
    if [ "${FIG[$r]}" -gt "${BUDGET[$r]}" ]; then verdict=OVER; over=1; fi
    echo "| ${LABEL[$r]} | ${FIG[$r]} MB | ≤ ${BUDGET[$r]} MB | $verdict | ${HWM[$r]} MB | ${RSS[$r]} MB | ${GL[$r]} MB | ${GOMEM[$r]:-–}${GOMEM[$r]:+ MB} | ${NOTE[$r]:-} |"
  done
} >"$out.tmp" # not through a pipe: over is set here, not in a subshell
cat "$out.tmp"
mv "$out.tmp" "$out"
echo "memory: measured: peak rows are VmHWM, the others VmRSS; the table is in ${out#"$root"/}"
if [ -n "$check" ] && [ "$over" = 1 ]; then
  echo "memory: over budget" >&2
  exit 1
fi
