#!/usr/bin/env bash
# Crash test of the real desktop binary (cmd/crashtest): builds
# build/huntchess, starts a private Xvfb, and runs the app under SIGKILLs at
# random moments (while saves are written, while Surround the Lion's table is
# solved on first use), then on damaged stored files; it checks after each
# start that nothing completed was lost and that what was reset was said.
# Prints "N kills, M damaged files, L lost" and fails on any loss.
#
# Usage: scripts/crash-test.sh [crashtest flags]     (make crash-test: the full run)
#   e.g. scripts/crash-test.sh -kills 10 -damage 20 -solve-kills 1 -solve-finish=false   (make test)
# Flags: -kills N -damage M -seed S -solve-kills K -solve-finish=BOOL -v (see cmd/crashtest).
# Work folder: build/crashtest (the app's output in build/crashtest/crashtest.log).
# Needs Xvfb and xdotool (scripts/deps.sh test).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"
cd "$root"
export PATH="$PATH:/usr/local/go/bin"

t0=$(date +%s)
tags="$(app_tags dev)"
echo "crash-test: go build -tags '$tags' -o build/huntchess . && go build -o build/bin/crashtest ./cmd/crashtest"
go build -tags "$tags" -o build/huntchess .
go build -o build/bin/crashtest ./cmd/crashtest
echo "crash-test: built in $(( $(date +%s) - t0 ))s"
xvfb_start 1280x800x24
rc=0
build/bin/crashtest -bin build/huntchess -dir build/crashtest "$@" || rc=$?
echo "crash-test: $(( $(date +%s) - t0 ))s in all"
exit "$rc"
