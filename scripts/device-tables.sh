#!/usr/bin/env bash
# Writes what the app ships and the table pack from the solved tables
# (make device-tables):
#
#   $DEVICE_OUT/shipped/   the tables and strategy files the app embeds,
#                          shipped.json (at most DEVICE_BUDGET_MB in all)
#   $DEVICE_OUT/pack/      the pack's tables as parts of at most 24 MiB
#                          (NAME.part-000, …) and manifest.json, to publish
#                          at the pack's address (pack.DefaultURL)
#   $DEVICE_EMBED/*.hctb   the shipped tables again, byte for byte: the
#                          folder the native builds embed (tables/shipped/,
#                          tables/shipped.go) and scripts/web.sh serves
#
# Inputs (environment; the Makefile passes its variables of the same names):
#   DEVICE_SHIP      tables embedded in the app (default: Surround the Lion)
#   DEVICE_STRATEGY  strategy files embedded as they are (default: none)
#   DEVICE_PACK      tables of the pack (default: Beat the Wolf and Wolf
#                    Carries the Pig where solved; deer chess ships whole);
#                    a folder WHOLE_DIR/beat-the-wolf.tiers (the tier files
#                    of make solve-whole) is Beat the Wolf's whole table,
#                    converted into beat-the-wolf.hctb
#   DEVICE_CONVERT   a command that turns one table into its device form,
#                    run for every table of DEVICE_SHIP and DEVICE_PACK with
#                    {game} (e.g. deer-chess), {dir} (the input's folder),
#                    {name} (its file name, e.g. deer-chess.hctb), {role}
#                    (ship or pack: the same table may take other flags in
#                    each) and {out}
#                    (an empty folder it writes {name} into) put in; e.g.
#                    'build/solve device {game} -dir {dir} -out {out}'.
#                    Empty: the tables are packed as they are.
#   DEVICE_TWICE     1 (default): everything is made a second time into
#                    $DEVICE_OUT.again and must come out byte for byte the
#                    same (sha256 of every file); 0: once.
#   DEVICE_BUDGET_MB the shipped files' budget (default 40)
#   DEVICE_PART_BYTES the most bytes of a pack file's part (default
#                    25165824, 24 MiB: cmd/devicepack's PartSize)
#   DEVICE_EMBED     the embed folder (default tables/shipped; empty: not
#                    copied). Its old *.hctb are replaced; commit the new.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
OUT=${DEVICE_OUT:-build/device}
TWICE=${DEVICE_TWICE:-1}
BUDGET_MB=${DEVICE_BUDGET_MB:-40}
PART_BYTES=${DEVICE_PART_BYTES:-25165824}
EMBED=${DEVICE_EMBED-tables/shipped}
SHIP=${DEVICE_SHIP-build/tables/surround-the-lion.hctb}
STRATEGY=${DEVICE_STRATEGY-}
CONVERT=${DEVICE_CONVERT-}
if [ -z "${DEVICE_PACK+set}" ]; then
  DEVICE_PACK=""
  for f in build/tables/beat-the-wolf.hctb build/tables/wolf-carries-pig.hctb; do
    if [ -f "$f" ]; then DEVICE_PACK="$DEVICE_PACK $f"; else echo "device-tables: $f not solved (make solve-all): not in the pack"; fi
  done
fi
PACK=$DEVICE_PACK

# convert WORK FILE: prints the file to pack for FILE (its device form under
# WORK when DEVICE_CONVERT is set).
convert() {
  local work=$1 in=$2 role=$3
  if [ -z "$CONVERT" ]; then echo "$in"; return; fi
  local name game dir out cmd
  name=$(basename "$in")
  game=${name%%.*}
  dir=$(dirname "$in")
  out="$work/$game.$role.$(printf '%s' "$in" | sha256sum | cut -c1-8)"
  rm -rf "$out" && mkdir -p "$out"
  cmd=${CONVERT//\{game\}/$game}
  cmd=${cmd//\{dir\}/$dir}
  cmd=${cmd//\{name\}/$name}
  cmd=${cmd//\{out\}/$out}
  cmd=${cmd//\{role\}/$role}
  echo "device-tables: $cmd" >&2
  bash -c "$cmd" >&2
  # A folder of tier files (GAME.tiers: the whole game) comes out as GAME.hctb.
  [ "${name%.tiers}" = "$name" ] || name=$game.hctb
  [ -f "$out/$name" ] || { echo "device-tables: $cmd wrote no $out/$name" >&2; exit 1; }
  echo "$out/$name"
}

# make_all DIR: the whole pipeline into DIR.
make_all() {
  local dir=$1 work ship="" pack="" f
  work="$dir.work"
  rm -rf "$work"
  for f in $SHIP; do ship="$ship $(convert "$work" "$f" ship)"; done
  for f in $PACK; do pack="$pack $(convert "$work" "$f" pack)"; done
  "$GO" run ./cmd/devicepack -out "$dir" -ship "$ship" -strategy "$STRATEGY" -pack "$pack" \
    -budget $((BUDGET_MB * 1000000)) -part "$PART_BYTES"
  rm -rf "$work"
}

sums() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }

make_all "$OUT"
if [ "$TWICE" = 1 ]; then
  echo "device-tables: again into $OUT.again, to compare"
  make_all "$OUT.again" >/dev/null
  if ! diff <(sums "$OUT") <(sums "$OUT.again"); then
    echo "device-tables: error: a second run gave other bytes (above)" >&2
    exit 1
  fi
  rm -rf "$OUT.again"
  echo "device-tables: a second run gave the same bytes ($(sums "$OUT" | wc -l) files, sha256)"
fi
sums "$OUT" >"$OUT.sha256"
echo "device-tables: sha256 of every file in $OUT.sha256"

# The shipped tables into the folder the app embeds (the strategies are
# embedded from tables/strategies, where make strategies writes them).
if [ -n "$EMBED" ]; then
  mkdir -p "$EMBED"
  rm -f "$EMBED"/*.hctb
  n=0
  for f in "$OUT"/shipped/*.hctb; do
    [ -f "$f" ] || continue
    cp "$f" "$EMBED/"
    cmp -s "$f" "$EMBED/$(basename "$f")" || { echo "device-tables: error: $EMBED/$(basename "$f") differs after the copy" >&2; exit 1; }
    n=$((n + 1))
  done
  echo "device-tables: $n shipped tables copied into $EMBED/ (the native builds embed them; commit them)"
fi
