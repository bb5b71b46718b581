#!/usr/bin/env bash
# Smoke test of the real desktop binary (GLFW driver, not the test driver):
# build it, start it under Xvfb, wait for its window, check it stays up,
# screenshot it to build/smoke.png, check the picture is not blank, close it.
#
# Environment (all optional):
#   APP_DIR      directory to build in            (default: repo root)
#   APP_PKG      package to build, from APP_DIR   (default: .)
#   SMOKE_BIN    output binary                    (default: build/huntchess)
#   SMOKE_NAME   window title or WM_CLASS regex to wait for (default: Hunt Chess;
#                the app is created as "Hunt Chess", which GLFW makes its
#                WM_CLASS, then retitled in its language, e.g. 围猎棋)
#   SMOKE_CLASS  the WM_CLASS the window must have (default: Hunt Chess, as the
#                .desktop entry's StartupWMClass; empty: not checked)
#   SMOKE_SIZE   Xvfb screen                      (default: 1280x800x24)
#   SMOKE_WAIT   seconds to wait for the window   (default: 60)
#   SMOKE_ALIVE  seconds the app must stay up     (default: 5)
#   SMOKE_MIN_COLOURS  screenshot must have more unique colours (default: 10)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"

APP_DIR="${APP_DIR:-$root}"
APP_PKG="${APP_PKG:-.}"
SMOKE_BIN="${SMOKE_BIN:-$root/build/huntchess}"
SMOKE_NAME="${SMOKE_NAME:-Hunt Chess}"
SMOKE_CLASS="${SMOKE_CLASS-Hunt Chess}"
SMOKE_SIZE="${SMOKE_SIZE:-1280x800x24}"
SMOKE_WAIT="${SMOKE_WAIT:-60}"
SMOKE_ALIVE="${SMOKE_ALIVE:-5}"
SMOKE_MIN_COLOURS="${SMOKE_MIN_COLOURS:-10}"
case "$SMOKE_BIN" in /*) ;; *) SMOKE_BIN="$root/$SMOKE_BIN" ;; esac
outdir="$(dirname "$SMOKE_BIN")"
shot="$outdir/smoke.png"
log="$outdir/smoke.log"
mkdir -p "$outdir"

fail() { echo "smoke: FAIL: $*" >&2; if [ -s "$log" ]; then echo "--- app output ($log) ---" >&2; tail -n 40 "$log" >&2; fi; exit 1; }

cd "$APP_DIR"
if [ "$(go list -f '{{.Name}}' "$APP_PKG" 2>/dev/null)" != main ]; then
  fail "no main package at '$APP_PKG' in $APP_DIR (go list -f '{{.Name}}' $APP_PKG)"
fi

t0=$(date +%s)
echo "smoke: go build -tags '$(app_tags dev)' -o $SMOKE_BIN $APP_PKG (GLFW driver; first build takes a few minutes)"
go build -tags "$(app_tags dev)" -o "$SMOKE_BIN" "$APP_PKG"
echo "smoke: built in $(( $(date +%s) - t0 ))s"

xvfb_start "$SMOKE_SIZE"

# Keep the app's settings/storage out of the user's home.
export XDG_CONFIG_HOME="$outdir/smoke-home/config" XDG_DATA_HOME="$outdir/smoke-home/data" XDG_CACHE_HOME="$outdir/smoke-home/cache"
rm -rf "$outdir/smoke-home"
"$SMOKE_BIN" >"$log" 2>&1 </dev/null &
app=$!
lib_on_exit 'if [ -n "${app:-}" ]; then kill -9 "$app" 2>/dev/null || true; fi'

alive() { kill -0 "$app" 2>/dev/null; }

# Wait for the window, watching that the app does not die meanwhile.
win=""
for ((i = 0; i < SMOKE_WAIT * 2; i++)); do
  win="$(xdotool search --onlyvisible --name --class "$SMOKE_NAME" 2>/dev/null | head -n1 || true)"
  [ -n "$win" ] && break
  alive || { wait "$app" || rc=$?; fail "app exited (code ${rc:-0}) before showing a window"; }
  sleep 0.5
done
[ -n "$win" ] || fail "no visible window titled or classed /$SMOKE_NAME/ after ${SMOKE_WAIT}s"
echo "smoke: window $win \"$(xdotool getwindowname "$win" 2>/dev/null)\" after $(( $(date +%s) - t0 ))s (incl. build)"
if [ -n "$SMOKE_CLASS" ] && command -v xprop >/dev/null; then
  wmclass="$(xprop -id "$win" WM_CLASS 2>/dev/null || true)"
  echo "smoke: $wmclass"
  [[ "$wmclass" == *"\"$SMOKE_CLASS\""* ]] || fail "WM_CLASS is not \"$SMOKE_CLASS\" (the .desktop entry's StartupWMClass): $wmclass"
fi

for ((i = 0; i < SMOKE_ALIVE; i++)); do
  sleep 1
  alive || { wait "$app" || rc=$?; fail "app exited (code ${rc:-0}) within ${SMOKE_ALIVE}s of showing its window"; }
done

rm -f "$shot"
xvfb_screenshot "$shot" "$win" || fail "screenshot failed"
colours="$(png_colours "$shot")"
echo "smoke: screenshot $shot: $(/usr/bin/identify -format '%wx%h' "$shot" 2>/dev/null || true), $colours unique colours"
[ "$colours" -gt "$SMOKE_MIN_COLOURS" ] 2>/dev/null || fail "screenshot looks blank ($colours unique colours, need > $SMOKE_MIN_COLOURS)"

# Close it. There is no window manager under Xvfb, so nothing delivers
# WM_DELETE_WINDOW (and `xdotool windowclose` destroys the window under the
# app, which then dies with a GLX BadWindow error); first try the app's own
# Ctrl+Q shortcut, then SIGTERM,
# which Fyne's desktop driver catches and turns into a clean app.Quit().
wait_exit() { # secs -> 0 if the app exited
  local n=$(( $1 * 10 ))
  for ((i = 0; i < n; i++)); do alive || return 0; sleep 0.1; done
  return 1
}
how=""
timeout 5 xdotool windowfocus "$win" key --clearmodifiers ctrl+q 2>/dev/null || true
if wait_exit 3; then
  how="ctrl+q"
else
  kill -TERM "$app" 2>/dev/null || true
  if wait_exit 15; then how="SIGTERM"; else
    kill -9 "$app" 2>/dev/null || true
    fail "app did not exit within 15s of SIGTERM"
  fi
fi
rc=0; wait "$app" || rc=$?
app=""
case "$rc" in
  0|143) echo "smoke: closed by $how, exit code $rc" ;;
  *) fail "app exited with code $rc after $how" ;;
esac
if grep -qiE 'panic:|fatal error:|data race' "$log"; then fail "app log shows a panic/fatal error"; fi
echo "smoke: ok"
