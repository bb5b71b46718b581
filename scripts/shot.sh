#!/usr/bin/env bash
# One screenshot of the real app (GLFW driver) under a private Xvfb, with
# fresh private settings, opened through the developer variables of
# app/devharness (HUNTCHESS_SCREEN, HUNTCHESS_GAME, HUNTCHESS_MODE, …):
#
#   scripts/shot.sh [-w SECS] [-s SAVE.json]… [-f] OUT.png WxH [VAR=value ...]
#
#   -w SECS       wait this long after the window appears (default 3)
#   -s SAVE.json  start with this saved game (copied into the app's storage:
#                 a file named saved-game.GAME.json as that game's, any other
#                 as the older versions' saved-game.json); may be repeated
#   -f            the app's storage is a small tmpfs (needs root), filled up
#                 before the start: its writes fail with ENOSPC, as on a full
#                 phone (the save-failed notice; VAR HUNTCHESS_STATS=… makes
#                 a write at the start)
#   -k KEYS       then type these keys (xdotool key names, e.g. "Tab Tab")
#   -m N          then turn the mouse wheel N clicks down over the window's middle
#   -c X,Y        then click at X,Y in the window (pixels); "X,Y X,Y …": one
#                 click after the other
#   -p            the simulated phone (-tags mobile, build/huntchess-mobile): WxH
#                 is in dp, the window renders at scale 2 (390x844 -> 780x1688)
#   -S SCALE      the simulated phone at this scale instead (430x932 at 3 ->
#                 1290x2796): build/huntchess-phone-scaled, built by
#                 phone_scaled_build (scripts/lib.sh) with HUNTCHESS_PHONE_SCALE
#
# e.g. scripts/shot.sh /tmp/a.png 1024x720 HUNTCHESS_SCREEN=game HUNTCHESS_LANG=zh-Hans
# Builds build/huntchess first when it is missing (set NOBUILD=1 to skip
# rebuilding an existing one). SHOT_LOG=FILE keeps the app's stderr (e.g.
# the HUNTCHESS_LOG=1 lines) up to the screenshot in FILE. Needs Xvfb, xdotool and ImageMagick.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"

wait=3 saves=() keys="" wheel=0 phone="" click="" scale="" full=""
while [ $# -gt 0 ]; do
  case "$1" in
    -p) phone=1; shift ;;
    -S) phone=1 scale="$2"; shift 2 ;;
    -c) click="$2"; shift 2 ;;
    -w) wait="$2"; shift 2 ;;
    -s) saves+=("$2"); shift 2 ;;
    -f) full=1; shift ;;
    -k) keys="$2"; shift 2 ;;
    -m) wheel="$2"; shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || { echo "usage: $0 [-w SECS] [-s SAVE.json]… [-f] [-k KEYS] [-m N] [-c X,Y] [-p] [-S SCALE] OUT.png WxH [VAR=value ...]" >&2; exit 2; }
out="$1" size="$2"; shift 2

bin="$root/build/huntchess" tags="$(app_tags dev)"
if [ -n "$phone" ]; then
  bin="$root/build/huntchess-mobile" tags="$(app_tags dev mobile)"
fi
if [ -n "$scale" ]; then
  bin="$root/build/huntchess-phone-scaled"
  if [ ! -x "$bin" ] || [ -z "${NOBUILD:-}" ]; then
    (cd "$root" && phone_scaled_build "$bin")
  fi
  set -- HUNTCHESS_PHONE_SCALE="$scale" "$@"
elif [ ! -x "$bin" ] || [ -z "${NOBUILD:-}" ]; then
  (cd "$root" && go build -tags "$tags" -o "$bin" .)
fi
scale="${scale:-2}"

screen=1400x1000x24
if [ -n "$phone" ]; then
  # The phone window is 1688 high at 390x844; larger ones get a larger screen.
  pw="$(awk -v n="${size%x*}" -v s="$scale" 'BEGIN { printf "%d", n * s + 0.5 }')"
  ph="$(awk -v n="${size#*x}" -v s="$scale" 'BEGIN { printf "%d", n * s + 0.5 }')"
  screen="$((pw + 64 > 1600 ? pw + 64 : 1600))x$((ph + 64 > 1800 ? ph + 64 : 1800))x24"
fi
xvfb_start "$screen" 2>/dev/null
tmp="$(mktemp -d)"
lib_on_exit "rm -rf '$tmp'"
# Each run has its own data: the desktop keeps it under XDG_CONFIG_HOME, the
# simulated phone in a fixed fyne-test folder under the temporary directory
# (whatever XDG_* says), so the app gets its own TMPDIR too.
mkdir -p "$tmp/tmp"
store="$tmp/config/fyne/io.github.huntchess"
[ -z "$phone" ] || store="$tmp/tmp/fyne-test/io.github.huntchess"
mkdir -p "$store"
if [ -n "$full" ]; then
  mount -t tmpfs -o size=256k tmpfs "$store"
  lib_on_exit "umount -l '$store' 2>/dev/null || true"
fi
for save in "${saves[@]}"; do
  case "$(basename "$save")" in
    saved-game.*.json) cp "$save" "$store/" ;;
    *) cp "$save" "$store/saved-game.json" ;;
  esac
done
if [ -n "$full" ]; then
  dd if=/dev/zero of="$store/.filler" bs=4k 2>/dev/null || true
fi
app=""
# SIGTERM (the simulated phone too saves and exits on it: app/signal.go),
# then SIGKILL after 5 s.
lib_on_exit 'if [ -n "${app:-}" ]; then kill "$app" 2>/dev/null || true; for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$app" 2>/dev/null || break; sleep 0.5; done; kill -9 "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true; fi'
(cd "$tmp" && exec env XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" \
  TMPDIR="$tmp/tmp" HUNTCHESS_SIZE="$size" "$@" "$bin" >"$tmp/log" 2>&1) &
app=$!
if [ -n "$phone" ]; then
  # The simulated phone's window is titled "App" with no class: find it by
  # its title, and give it the phone's size at its scale.
  win="$(timeout 60 xdotool search --sync --onlyvisible --name '^App$' 2>/dev/null | head -n1)" || true
  size="${pw}x${ph}"
else
  win="$(timeout 60 xdotool search --sync --onlyvisible --class '^Hunt Chess$' 2>/dev/null | head -n1)" || true
fi
[ -n "$win" ] || { echo "shot: no window" >&2; cat "$tmp/log" >&2; exit 1; }
xdotool windowmove "$win" 0 0 windowsize "$win" "${size%x*}" "${size#*x}" 2>/dev/null || true
sleep "$wait"
if [ -n "$keys" ]; then
  # shellcheck disable=SC2086 # one key name per word
  xdotool key --window "$win" $keys
  sleep 1
fi
for xy in $click; do
  xdotool mousemove --window "$win" "${xy%,*}" "${xy#*,}" click 1
  sleep 2
done
if [ "$wheel" -gt 0 ]; then
  xdotool mousemove --window "$win" "$((${size%x*} / 2))" "$((${size#*x} / 2))" click --repeat "$wheel" --delay 30 5
  sleep 1
fi
mkdir -p "$(dirname "$out")"
for ((i = 0; i < 10; i++)); do
  /usr/bin/import -window "$win" "$out"
  [ "$(png_colours "$out")" -gt 10 ] && break
  sleep 1
done
[ -z "${SHOT_LOG:-}" ] || cp "$tmp/log" "$SHOT_LOG"
echo "shot: $out ($(/usr/bin/identify -format '%wx%h' "$out"))"
