#!/usr/bin/env bash
# The simulated phone (-tags mobile) stops on SIGTERM and saves first: start
# build/huntchess-mobile under a private Xvfb with fresh settings on a game in
# progress (two players, a few moves), send SIGTERM, and check that it exits
# with code 0 within PHONE_TERM_SECS seconds (default 3) and that the game
# it showed is in its saved-game.json.
#
#   scripts/phone-sigterm.sh      (NOBUILD=1: use an existing binary)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"
secs="${PHONE_TERM_SECS:-3}"
bin="$root/build/huntchess-mobile"
if [ ! -x "$bin" ] || [ -z "${NOBUILD:-}" ]; then
  echo "phone-sigterm: go build -tags '$(app_tags dev mobile)' -o build/huntchess-mobile ."
  (cd "$root" && go build -tags "$(app_tags dev mobile)" -o "$bin" .)
fi
xvfb_start 1600x1800x24 2>/dev/null
tmp="$(mktemp -d)"
lib_on_exit "rm -rf '$tmp'"
moves="c3-c2,b1-b2"
# The simulated phone keeps its storage in $TMPDIR/fyne-test/<app id> (Fyne's
# internal/app/config_other.go), not under XDG_CONFIG_HOME: a private TMPDIR.
mkdir -p "$tmp/tmpdir"
(cd "$tmp" && exec env TMPDIR="$tmp/tmpdir" XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" \
  HUNTCHESS_SCREEN=game HUNTCHESS_GAME=surround-the-lion HUNTCHESS_MODE=two-players HUNTCHESS_MOVES="$moves" \
  "$bin" >"$tmp/log" 2>&1) &
app=$!
lib_on_exit 'if [ -n "${app:-}" ]; then kill -9 "$app" 2>/dev/null || true; fi'
win="$(timeout 60 xdotool search --sync --onlyvisible --name '^App$' 2>/dev/null | head -n1)" || true
[ -n "$win" ] || { echo "phone-sigterm: FAIL: no window" >&2; cat "$tmp/log" >&2; exit 1; }
xdotool windowsize "$win" 780 1688 2>/dev/null || true
sleep 2
save="$tmp/tmpdir/fyne-test/io.github.huntchess/saved-game.json"
[ ! -e "$save" ] || { echo "phone-sigterm: FAIL: a game was saved before the signal" >&2; exit 1; }
t0=$(date +%s.%N)
kill -TERM "$app"
rc=""
for ((i = 0; i < secs * 10; i++)); do
  if ! kill -0 "$app" 2>/dev/null; then rc=0; wait "$app" || rc=$?; break; fi
  sleep 0.1
done
took="$(echo "$(date +%s.%N) - $t0" | bc)"
if [ -z "$rc" ]; then
  echo "phone-sigterm: FAIL: still running ${secs}s after SIGTERM" >&2; exit 1
fi
app=""
printf 'phone-sigterm: exited %.2f s after SIGTERM, code %s\n' "$took" "$rc"
[ "$rc" = 0 ] || { echo "phone-sigterm: FAIL: exit code $rc" >&2; tail "$tmp/log" >&2; exit 1; }
[ -s "$save" ] || { echo "phone-sigterm: FAIL: no saved game ($save)" >&2; exit 1; }
grep -q '"c3-c2 b1-b2"' "$save" || { echo "phone-sigterm: FAIL: the save does not hold the game: $(cat "$save")" >&2; exit 1; }
echo "phone-sigterm: saved $(cat "$save")"
echo "phone-sigterm: ok"
