#!/usr/bin/env bash
# One table into its device form (docs/device-tables.md), for make
# device-tables (its DEVICE_CONVERT):
#
#   scripts/device-convert.sh SOLVE GAME DIR NAME OUT [ROLE]
#
# writes OUT/NAME from DIR/NAME with `SOLVE device`; ROLE is ship (a table
# the app embeds) or pack (one of the table pack, the default). The flags per table are
# the ones measured best in docs/device-tables.md: the side stored is named
# where it is known (the prey in Surround the Lion, deer chess and Wolf Carries
# the Pig; Beat the Wolf's is found by compressing both), Beat
# the Wolf's exact tables take 32 Ki-entry blocks (a
# wolf-to-move probe reads the next tier after a capture: 0.31 ms cold instead
# of 1.48), the others the default 128 Ki, and
# Beat the Wolf's 17-dog tier is GAME.bound.hctb. Wolf Carries the Pig as
# shipped (docs/device-tables.md, "Values without plies") keeps its codes in
# the tiers of 0 to 3 pigs captured and only the values in those of 4 to 6,
# in blocks of 4 Mi entries, with the moves of its long wins (six pigs
# captured, the end 17 plies away or more: "Long wins"): 14,974,281 bytes
# for its 2.0 × 10^9 positions; the pack's (role pack) keeps every code, in
# the slot order: 57,914,899 bytes. Beat the Wolf's 17-dog tier (the
# pack's) takes 64 Ki-entry blocks: 212,193,744 bytes, 0.364 bits a
# position (189,433,312 in 256 Ki, chosen while the pack had to come under
# 0.3 bits a position; beside the whole game's table the pack has room, and
# Master's moves that read the bound tier unpack a quarter as much: 0.15 s
# instead of 0.43, and 1.9–2.3 s instead of 7.0–9.4 for the slowest of the
# values tier's, docs/beat-the-wolf-whole.md). Deer
# chess ships whole (either role): the placement phase's values alone, the
# moving phase's codes, 16,452,669 bytes for 2.8 × 10^9 positions. Every table but Wolf Carries the Pig's shipped one is
# stored in the slot order "far" (-order all: the prey ranked over the points
# farthest from the predators first; docs/device-tables.md, "The slot
# order"): Beat the Wolf's endgames in 40 % of the bytes, Surround the Lion and
# deer chess in about four fifths. Three wolves leave no
# far corner: the pig's values-only tiers came out 10 % larger so (its
# codes 7 % smaller: the pack's file takes the order, the shipped one not).
set -euo pipefail
solve=$1 game=$2 dir=$3 name=$4 out=$5 role=${6:-pack}
flags=()
case "$name" in
  "$game.bound.hctb") flags+=(-bound-file) ;;
  "$game.hctb") ;;
  "$game.tiers")
    # The compact solver's tier files of the whole game (make solve-whole:
    # DIR/beat-the-wolf.tiers/captured-NN.tier), written as OUT/GAME.hctb
    # straight from them (the table file from all of them would take tens of
    # GB): the wolf stored, the codes of 6 to 14 dogs in 64 Ki-entry blocks,
    # the values alone of 15 to 17 dogs (WHOLE_VALUES_TIERS, the captured
    # counts) in 256 Ki-entry blocks: about 436.6 MB (the 14-dog tier's
    # codes 263,304,699 bytes in place of its values' 35,908,199: every
    # win with 14 dogs or fewer converted in the table's plies, the pack
    # 0.179 bits a position; with the values of 14 dogs too, 209,188,943
    # bytes; in 256 Ki and 4 Mi, 191,657,120, but a Master move in a 13-dog
    # draw took up to 3.5 s and a folded cold probe from the site read up
    # to 991 KB): docs/beat-the-wolf-whole.md, "In the pack".
    #
    # Shipped (role ship): the most useful 15 MB the app may grow by
    # (docs/beat-the-wolf-whole.md, "What ships"): the codes of 6 to 12
    # dogs in 32 Ki-entry blocks (the endgames' cold probes, as before),
    # the values alone of 13 dogs and of 17 (every position of the tier
    # every game starts in: 0.3 MB) in 256 Ki-entry blocks (in 4 Mi, 1.1 MB
    # fewer, a drawn 13-dog position's move took up to 2 s: its draw traps
    # unpack a block for each folded probe); 15,235,988 bytes.
    [ "$game" = beat-the-wolf ] || { echo "device-convert: $name: only Beat the Wolf is solved into tier files" >&2; exit 2; }
    if [ "$role" = ship ]; then
      exec "$solve" device "$game" -tiers-dir "$dir" -out "$out" -tiers "${SHIP_TIERS-11,10,9,8,7,6,5,4,0}" \
        -side predator -order all -block 32768 -values-tiers "${SHIP_VALUES_TIERS-4,0}" -value-block 262144
    fi
    exec "$solve" device "$game" -tiers-dir "$dir" -out "$out" -side predator -order all -block 65536 \
      -values-tiers "${WHOLE_VALUES_TIERS-0,1,2}" -value-block 262144 ;;
  *) echo "device-convert: $name: want $game.hctb, $game.bound.hctb or $game.tiers" >&2; exit 2 ;;
esac
case "$game:$name" in
  surround-the-lion:*) flags+=(-side prey -order all) ;;
  deer-chess:*)
    # The whole table, shipped: the placement phase's values alone (every
    # placement is progress), the moving phase's codes, in the slot order.
    flags+=(-side prey -values-tiers placing -value-block 4194304 -order all) ;;
  wolf-carries-pig:*)
    if [ "$role" = ship ]; then flags+=(-side prey -values-tiers 4,5,6 -value-block 4194304 -long-wins 6:17)
    else flags+=(-side prey -order all); fi ;;
  beat-the-wolf:beat-the-wolf.hctb) flags+=(-block 32768 -order all) ;;
  beat-the-wolf:beat-the-wolf.bound.hctb) flags+=(-side predator -order all -block 65536) ;;
esac
exec "$solve" device "$game" -dir "$dir" -out "$out" "${flags[@]}"
