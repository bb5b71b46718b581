#!/usr/bin/env bash
# Run a command inside a private Xvfb server; the server is stopped afterwards.
#
#   scripts/xvfb-run.sh [-s WxHxD] COMMAND [ARGS...]
#
# Once the command's first window is on screen, prints how another shell can
# take a screenshot:   DISPLAY=:N /usr/bin/import -window root shot.png
# (not before: a cold `go run` compiles for minutes first).
#
# Ctrl+C stops the command (the app quits cleanly on SIGINT) and then the
# server; a command stopped that way counts as success (exit 0).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

size="${XVFB_SIZE:-1280x800x24}"
if [ "${1:-}" = "-s" ]; then size="$2"; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [-s WxHxD] COMMAND [ARGS...]" >&2; exit 2; }

xvfb_start "$size"
echo "xvfb-run: DISPLAY=$DISPLAY; waiting for the first window (a cold build takes a few minutes)" >&2
(
  # Any visible, named window: the command's.
  while ! xdotool search --onlyvisible --name '.' >/dev/null 2>&1; do sleep 0.5; done
  echo "xvfb-run: window up; screenshot with:  DISPLAY=$DISPLAY /usr/bin/import -window root shot.png" >&2
) &
hint=$!
lib_on_exit "kill $hint 2>/dev/null || true"

# The terminal's Ctrl+C reaches the command too (same process group; it runs
# in the foreground, as a background job would ignore SIGINT): this shell
# only notes it and goes on once the command has finished.
interrupted=0
trap 'interrupted=1' INT
rc=0
"$@" || rc=$?
if [ "$interrupted" = 1 ]; then
  echo "xvfb-run: stopped by Ctrl+C (the command's exit status: $rc)" >&2
  rc=0
fi
exit "$rc"
