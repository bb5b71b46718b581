#!/usr/bin/env bash
# Measures the app's package sizes (make package-size), to compare before
# and after tables are embedded (the package may grow by at most 40 MB):
#
#   linux  `fyne package -os linux -release` (scripts/package.sh): the
#          .tar.xz and the binary in it
#   web    the browser build (scripts/web.sh): huntchess.wasm, its .gz and
#          .br (what a browser downloads), and the tables the site serves
#   device build/device/shipped/ (make device-tables), if made
#
# Android and iOS need their SDKs (not on this machine); their package holds
# the same Go code built for ARM plus the same embedded files, so the
# embedded bytes (device) are the growth to expect there too.
#
# Prints a table and writes it to build/package-size.md. PACKAGE_SIZE_SKIP
# may name "linux" and/or "web" to leave one out.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
SKIP=${PACKAGE_SIZE_SKIP:-}
rev=$(git rev-parse --short HEAD 2>/dev/null || echo "?")
rows=()
row() { rows+=("| $1 | $2 | $(awk -v b="$2" 'BEGIN { printf "%.1f", b / 1e6 }') |"); }
size() { stat -c %s "$1"; }

if [[ $SKIP != *linux* ]]; then
  GO=$GO bash scripts/package.sh
  pkg=$(ls -t build/hunt-chess-*-linux-*.tar.xz | head -n1)
  row "linux: $(basename "$pkg")" "$(size "$pkg")"
  tmp=$(mktemp -d)
  tar -xJf "$pkg" -C "$tmp"
  bin=$(find "$tmp" -type f -name huntchess | head -n1)
  row "linux: the binary in it (unpacked)" "$(size "$bin")"
  rm -rf "$tmp"
fi
if [[ $SKIP != *web* ]]; then
  out=build/web-size
  WEB_OUT=$out GO=$GO bash scripts/web.sh >/dev/null
  for f in huntchess.wasm huntchess.wasm.gz huntchess.wasm.br; do
    [ -f "$out/$f" ] && row "web: $f" "$(size "$out/$f")"
  done
  row "web: tables/ (served, fetched per game)" "$(du -cb "$out"/tables/* | tail -n1 | cut -f1)"
  rm -rf "$out"
fi
if [ -d build/device/shipped ]; then
  row "device: build/device/shipped/ (embedded)" "$(du -cb build/device/shipped/* | tail -n1 | cut -f1)"
fi
if [ -f build/device/pack/manifest.json ]; then
  row "device: build/device/pack/ (the pack, downloaded)" "$(du -cb build/device/pack/* | tail -n1 | cut -f1)"
fi

{
  echo "Package sizes at $rev ($(date -u +%F), scripts/package-size.sh)"
  echo
  echo "| what | bytes | MB |"
  echo "|---|---:|---:|"
  printf '%s\n' "${rows[@]}"
} | tee build/package-size.md
