#!/usr/bin/env bash
# The explorer in the browser, measured (make bench-web-explore; issue 45:
# the list of moves with their values within 300 ms of a tap, and nothing
# blocking drawing while a search or a download runs): a developer's site
# (build/web-dev, or $WEB_DIR; made by WEB_DEV=1 scripts/web.sh when it is
# not there: the explorer's lines of the developer log are what the
# benchmark times) in Debian's headless Chromium as a phone, $RUNS runs
# (default 3), each a fresh browser (cmd/webexplore says what it
# measures). The figures, with the load average beside each, go to the
# terminal and to build/bench-web-explore.txt. A benchmark, not a test:
# measure on a quiet machine, or say how busy it was (docs/browser.md
# "How fast the explorer answers").
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
DIR=${WEB_DIR:-build/web-dev}
RUNS=${RUNS:-3}
if [ ! -f "$DIR/huntchess.wasm" ]; then
  WEB_DEV=1 WEB_OUT=$DIR BROTLI_Q=${BROTLI_Q:-9} WEB_BOUND_DIR= GO=$GO bash scripts/web.sh
fi
mkdir -p build
{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, $(chromium --version 2>/dev/null || echo chromium)"
  "$GO" run ./cmd/webexplore -dir "$DIR" -runs "$RUNS" ${BENCH_WEB_EXPLORE_FLAGS:-}
} 2>&1 | tee build/bench-web-explore.txt
