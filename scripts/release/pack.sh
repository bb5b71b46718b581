#!/usr/bin/env bash
# The table pack for a release (the workflow's pack job; any Linux machine
# with Go 1.26):
#
#   build/release/hunt-chess-<version>-pack-all.tar
#
# holding pack/manifest.json and the pack's parts (NAME.part-000, …), as
# `make device-tables` writes them into build/device/pack/: the files to
# publish at the pack's address (pack.DefaultURL,
# https://huntchess.github.io/pack/; README "The table pack"), e.g.
# `tar -xf hunt-chess-*-pack-all.tar && cp -r pack/. SITE/`. Not
# compressed: the parts are zstd-compressed tables already.
#
# It needs the solved tables of `make solve-all` in $TABLES_DIR and
# $APP_TABLES_DIR. Where one is missing it runs `make solve-all` first:
# about 2 hours on 2 cores, peak memory 7.2 GiB (Beat the Wolf's 17-dog
# tier), about 3 GB of tables on disk (docs/solved.md). On GitHub's hosted
# runners (public repositories: 4 cores, 16 GB of memory, 14 GB of disk, 6
# hours a job; private ones may have 2 cores and 7 GB, too little memory for
# that tier) it fits; the workflow keeps the two folders in actions/cache
# keyed on a hash of ai/ and core/, so the solve runs again only when the
# rules or the solver change. Then `make device-tables` with DEVICE_EMBED=
# (tables/shipped/ is left as committed; a difference between it and the
# shipped tables the solve gives is reported, not fixed: the release's apps
# embed what is committed).
#
# Usage: scripts/release/pack.sh [--dry-run] [--no-solve | --tables-only]
#   --dry-run      say which tables are there and what would run; run nothing
#   --no-solve     fail where a table is missing, instead of solving
#   --tables-only  solve what is missing, then stop (the workflow saves the
#                  tables in its cache between the two halves)
# Env:   TABLES_DIR (build/tables), APP_TABLES_DIR (build/apptables),
#        MAKE (make), DEVICE_OUT (build/device)
set -euo pipefail
# shellcheck source=scripts/release/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

dry=0
solve=1
tables_only=0
for a in "$@"; do
  case "$a" in
    --dry-run) dry=1 ;;
    --no-solve) solve=0 ;;
    --tables-only) tables_only=1 ;;
    -h | --help) sed -n '2,35p' "$0"; exit 0 ;;
    *) rel_die "usage: $0 [--dry-run] [--no-solve | --tables-only]" ;;
  esac
done
[ "$solve" = 1 ] || [ "$tables_only" = 0 ] || rel_die "--no-solve and --tables-only contradict each other"

MAKE="${MAKE:-make}"
TABLES_DIR="${TABLES_DIR:-build/tables}"
APP_TABLES_DIR="${APP_TABLES_DIR:-build/apptables}"
DEVICE_OUT="${DEVICE_OUT:-build/device}"
out="$(rel_artefact pack all tar)"

# What make device-tables reads (the Makefile's DEVICE_SHIP and DEVICE_PACK).
need=(
  "$TABLES_DIR/surround-the-lion.hctb" "$TABLES_DIR/deer-chess.hctb" "$TABLES_DIR/beat-the-wolf.hctb"
  "$TABLES_DIR/beat-the-wolf.bound.hctb" "$TABLES_DIR/wolf-carries-pig.hctb"
)
missing=()
for f in "${need[@]}"; do
  if [ -s "$f" ]; then
    rel_say "have $f ($(du -h "$f" | cut -f1))"
  else
    rel_say "missing $f"
    missing+=("$f")
  fi
done

make_args=(TABLES_DIR="$TABLES_DIR" APP_TABLES_DIR="$APP_TABLES_DIR")
device_args=("${make_args[@]}" DEVICE_OUT="$DEVICE_OUT" DEVICE_EMBED=)
if [ ${#missing[@]} -gt 0 ]; then
  [ "$solve" = 1 ] || rel_die "${#missing[@]} table(s) missing and --no-solve given"
  if [ "$dry" = 1 ]; then
    rel_say "would run: $MAKE solve-all ${make_args[*]}   (about 2 hours on 2 cores)"
  else
    rel_say "running $MAKE solve-all (about 2 hours on 2 cores)"
    "$MAKE" --no-print-directory solve-all "${make_args[@]}"
  fi
else
  rel_say "every table is there: no solve"
fi
if [ "$tables_only" = 1 ]; then
  rel_say "--tables-only: stopping before make device-tables"
  exit 0
fi
if [ "$dry" = 1 ]; then
  rel_say "would run: $MAKE device-tables ${device_args[*]}"
  rel_say "would write: ${out#"$ROOT"/} (pack/manifest.json and the parts of $DEVICE_OUT/pack/)"
  rel_say "dry run: nothing done"
  exit 0
fi

"$MAKE" --no-print-directory device-tables "${device_args[@]}"

# The shipped tables the solve gives against the ones the apps embed.
for f in "$DEVICE_OUT"/shipped/*.hctb; do
  [ -f "$f" ] || continue
  if ! cmp -s "$f" "tables/shipped/$(basename "$f")"; then
    rel_say "warning: $f differs from tables/shipped/$(basename "$f") (committed, embedded by this release's apps): run make device-tables and commit tables/shipped/"
  fi
done

pack="$DEVICE_OUT/pack"
[ -s "$pack/manifest.json" ] || rel_die "$pack/manifest.json was not written"
parts=0
while IFS= read -r name; do
  [ -s "$pack/$name" ] || rel_die "manifest.json names $name, which is not in $pack/"
  parts=$((parts + 1))
done < <(grep -o '"name": *"[^"]*\.part-[0-9]*"' "$pack/manifest.json" | sed 's/.*"\([^"]*\)"$/\1/')
rel_say "$pack: manifest.json and $parts parts, every one there"

# A tar with the same bytes for the same pack: names sorted, no owners, the
# commit's time.
mtime="$(git log -1 --format=%ct 2>/dev/null || echo 0)"
rm -f "$out"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$mtime" \
  -C "$DEVICE_OUT" -cf "$out" pack
rel_wrote "$out"
