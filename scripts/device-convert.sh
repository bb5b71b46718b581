#!/usr/bin/env bash
# One table into its device form (docs/device-tables.md), for make
# device-tables (its DEVICE_CONVERT):
#
#   scripts/device-convert.sh SOLVE GAME DIR NAME OUT
#
# writes OUT/NAME from DIR/NAME with `SOLVE device`. The flags per table are
# the ones measured best in docs/device-tables.md: the side stored is named
# where it is known (the prey in Surround the Lion, deer chess and Wolf Carries
# the Pig; Beat the Wolf's is found by compressing both), Beat
# the Wolf's exact tables and Wolf Carries the Pig take 32 Ki-entry blocks (a
# wolf-to-move probe reads the next tier after a capture: 0.31 ms cold instead
# of 1.48; a wolves-to-move one reads 9 blocks: 0.54 ms instead of 1.98), and
# Beat the Wolf's 17-dog tier is GAME.bound.hctb.
set -euo pipefail
solve=$1 game=$2 dir=$3 name=$4 out=$5
flags=()
case "$name" in
  "$game.bound.hctb") flags+=(-bound-file) ;;
  "$game.hctb") ;;
  *) echo "device-convert: $name: want $game.hctb or $game.bound.hctb" >&2; exit 2 ;;
esac
case "$game:$name" in
  surround-the-lion:* | deer-chess:*) flags+=(-side prey) ;;
  wolf-carries-pig:*) flags+=(-side prey -block 32768) ;;
  beat-the-wolf:beat-the-wolf.hctb) flags+=(-block 32768) ;;
esac
exec "$solve" device "$game" -dir "$dir" -out "$out" "${flags[@]}"
