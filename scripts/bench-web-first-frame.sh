#!/usr/bin/env bash
# The browser version's first frame, measured (make bench-web): a
# developer's site in build/web-dev (or $WEB_DIR; made by WEB_DEV=1
# scripts/web.sh when it is not there: the home screen's texts are read
# through the developer's hook, window.huntchessTest, which a player's
# build does not have; on build/web the benchmark waited three minutes for
# it and failed) in
# Debian's headless Chromium as a phone, $RUNS runs (default 5), each a
# fresh browser: a cold load, then a reload from the service worker's
# cache (cmd/webfirstframe prints what it measures). The figures, with
# the load average beside each, go to the terminal and to
# build/bench-web.txt. A benchmark, not a test: measure on a quiet
# machine, or say how busy it was (docs/browser.md "How fast it starts").
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
DIR=${WEB_DIR:-build/web-dev}
RUNS=${RUNS:-5}
if [ ! -f "$DIR/huntchess.wasm" ]; then
  WEB_DEV=1 WEB_OUT=$DIR GO=$GO bash scripts/web.sh
fi
mkdir -p build
{
  echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, $(chromium --version 2>/dev/null || echo chromium)"
  "$GO" run ./cmd/webfirstframe -dir "$DIR" -runs "$RUNS" ${BENCH_WEB_FLAGS:-}
} 2>&1 | tee build/bench-web.txt
