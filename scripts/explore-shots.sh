#!/usr/bin/env bash
# The explorer's and the position editor's screenshots (issue 45) into
# docs/screenshots/, one batch through scripts/shot.sh (the developer
# harness's HUNTCHESS_SCREEN=explore, setup, setup-refused and
# HUNTCHESS_EDIT): the simulated phone (-tags mobile, 390x844 at scale 2)
# and the desktop (1280x800), in English and Simplified Chinese.
#
# Usage: scripts/explore-shots.sh [NAME-GLOB]   (e.g. 'explore-setup-*')
# Builds build/huntchess and build/huntchess-mobile once (NOBUILD=1 keeps
# the ones there). Needs Xvfb, xdotool and ImageMagick.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"
cd "$root"
out="$root/docs/screenshots"
only="${1:-*}"

if [ -z "${NOBUILD:-}" ]; then
  go build -tags "$(app_tags dev)" -o build/huntchess .
  go build -tags "$(app_tags dev mobile)" -o build/huntchess-mobile .
fi

# name form lang wait VAR=value…   (form: phone | desktop)
shoot() {
  local name=$1 form=$2 lang=$3 wait=$4
  shift 4
  # shellcheck disable=SC2053 # the glob matches
  [[ "$name" == $only ]] || return 0
  local lang_var=en
  [ "$lang" = zh ] && lang_var=zh-Hans
  if [ "$form" = phone ]; then
    NOBUILD=1 bash scripts/shot.sh -p -w "$wait" "$out/$name.png" 390x844 HUNTCHESS_LANG="$lang_var" "$@"
  else
    NOBUILD=1 bash scripts/shot.sh -w "$wait" "$out/$name.png" 1280x800 HUNTCHESS_LANG="$lang_var" "$@"
  fi
}

# SHOT_WAIT: seconds more to wait for each picture (a loaded machine).
more=${SHOT_WAIT:-0}

# The editor refusing a position the rules cannot reach: a dog on a trap;
# a dog off its start point while dogs are still in hand.
for form in phone desktop; do
  shoot "explore-setup-refused-en-$form" "$form" en $((4 + more)) HUNTCHESS_GAME=surround-the-lion HUNTCHESS_SCREEN=setup-refused HUNTCHESS_EDIT="prey@N"
  shoot "explore-setup-refused-zh-$form" "$form" zh $((4 + more)) HUNTCHESS_GAME=deer-chess HUNTCHESS_SCREEN=setup-refused HUNTCHESS_EDIT="hand=11 prey@a1 prey@e1 empty@c4"
done
# The editor on deer chess with dogs in hand.
shoot explore-setup-deer-en-phone phone en $((4 + more)) HUNTCHESS_GAME=deer-chess HUNTCHESS_SCREEN=setup HUNTCHESS_PLIES=7
shoot explore-setup-deer-zh-desktop desktop zh $((4 + more)) HUNTCHESS_GAME=deer-chess HUNTCHESS_SCREEN=setup HUNTCHESS_PLIES=7
# The explorer on each game from what proves its positions: Surround the
# Lion, Wolf Carries the Pig and deer chess (dogs in hand) from their
# shipped tables; Beat the Wolf on the dogs' proven line (the dogs having
# played the set strategy's moves, the wolf to move: every move a loss
# from the strategy); and Beat the Wolf off that line (a quick search's
# dogs), where no table or strategy covers the moves and the search
# judges them. Then a position line pasted and explored (HUNTCHESS_LINE:
# the harness's Surround the Lion position, four dogs taken), and one
# refused with its reason.
wolf_line="d4-d5 c3-c4 d5-e5 c2-c3 e5-f4 a4-b4 f4-e4 c1-c2"
for lang in en zh; do
  for form in phone desktop; do
    shoot "explore-lion-$lang-$form" "$form" "$lang" $((10 + more)) HUNTCHESS_GAME=surround-the-lion HUNTCHESS_SCREEN=explore HUNTCHESS_PLIES=2
    shoot "explore-pig-$lang-$form" "$form" "$lang" $((10 + more)) HUNTCHESS_GAME=wolf-carries-pig HUNTCHESS_SCREEN=explore HUNTCHESS_PLIES=6
    shoot "explore-deer-$lang-$form" "$form" "$lang" $((10 + more)) HUNTCHESS_GAME=deer-chess HUNTCHESS_SCREEN=explore HUNTCHESS_PLIES=9
    shoot "explore-wolf-$lang-$form" "$form" "$lang" $((12 + more)) HUNTCHESS_GAME=beat-the-wolf HUNTCHESS_SCREEN=explore HUNTCHESS_MOVES="$wolf_line"
    shoot "explore-wolf-search-$lang-$form" "$form" "$lang" $((15 + more)) HUNTCHESS_GAME=beat-the-wolf HUNTCHESS_SCREEN=explore HUNTCHESS_PLIES=9
    shoot "explore-paste-$lang-$form" "$form" "$lang" $((10 + more)) HUNTCHESS_GAME=surround-the-lion HUNTCHESS_SCREEN=explore-paste
    shoot "explore-paste-error-$lang-$form" "$form" "$lang" $((6 + more)) HUNTCHESS_GAME=surround-the-lion HUNTCHESS_SCREEN=explore-paste-error
  done
done
