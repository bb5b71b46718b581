#!/usr/bin/env bash
# Screenshots of the table pack in the settings (Perfect play: before the
# site is asked, the offer, mid-download, installed), at phone (scripts/shot.sh -p, 390x844 dp) and
# desktop size (1024x720), in English and Chinese, into $SHOTS_OUT
# (default build/pack-shots). The pack is build/device/pack (made with
# make device-tables when missing), served by cmd/packserve on
# 127.0.0.1: slowed down for the mid-download shots.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${SHOTS_OUT:-build/pack-shots}
PACK=${PACK_DIR:-build/device/pack}
mkdir -p "$OUT" build/bin
[ -f "$PACK/manifest.json" ] || make device-tables DEVICE_TWICE=0
go build -o build/bin/packserve ./cmd/packserve
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done' EXIT
build/bin/packserve -dir "$PACK" -addr 127.0.0.1:8091 -for 20m >"$OUT/packserve-fast.log" 2>&1 &
pids+=($!)
build/bin/packserve -dir "$PACK" -addr 127.0.0.1:8092 -rate 1MB -for 20m >"$OUT/packserve-slow.log" 2>&1 &
pids+=($!)
sleep 1
fast=http://127.0.0.1:8091/pack/ slow=http://127.0.0.1:8092/pack/

build=1
for lang in en zh-Hans; do
  for dev in phone desktop; do
    args=() size=1024x720
    if [ $dev = phone ]; then args=(-p) size=390x844; fi
    [ $build = 1 ] || export NOBUILD=1
    scripts/shot.sh "${args[@]}" -w 3 "$OUT/$dev-$lang-look.png" $size \
      HUNTCHESS_SCREEN=settings HUNTCHESS_LANG=$lang HUNTCHESS_PACK_URL=$fast
    scripts/shot.sh "${args[@]}" -w 3 "$OUT/$dev-$lang-offer.png" $size \
      HUNTCHESS_SCREEN=settings HUNTCHESS_LANG=$lang HUNTCHESS_PACK_URL=$fast HUNTCHESS_PACK_CHECK=1
    scripts/shot.sh "${args[@]}" -w 6 "$OUT/$dev-$lang-downloading.png" $size \
      HUNTCHESS_SCREEN=settings HUNTCHESS_LANG=$lang HUNTCHESS_PACK_URL=$slow HUNTCHESS_PACK_START=1
    scripts/shot.sh "${args[@]}" -w 12 "$OUT/$dev-$lang-installed.png" $size \
      HUNTCHESS_SCREEN=settings HUNTCHESS_LANG=$lang HUNTCHESS_PACK_URL=$fast HUNTCHESS_PACK_START=1
  done
  build=0
done
ls -la "$OUT"
