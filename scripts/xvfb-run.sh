#!/usr/bin/env bash
# Run a command inside a private Xvfb server; the server is stopped afterwards.
#
#   scripts/xvfb-run.sh [-s WxHxD] COMMAND [ARGS...]
#
# Prints the DISPLAY it uses, so another shell can take a screenshot:
#   DISPLAY=:N /usr/bin/import -window root shot.png
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

size="${XVFB_SIZE:-1280x800x24}"
if [ "${1:-}" = "-s" ]; then size="$2"; shift 2; fi
[ $# -ge 1 ] || { echo "usage: $0 [-s WxHxD] COMMAND [ARGS...]" >&2; exit 2; }

xvfb_start "$size"
echo "xvfb-run: screenshot with:  DISPLAY=$DISPLAY /usr/bin/import -window root shot.png" >&2
rc=0
"$@" || rc=$?
exit "$rc"
