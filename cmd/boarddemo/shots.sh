#!/usr/bin/env bash
# Takes the board screenshots docs/screenshots/board-<game>-<start|mid>-<phone|desktop>.png
# with the boarddemo tool under a private Xvfb (display :${SHOTS_DISPLAY:-15}).
#
#   bash cmd/boarddemo/shots.sh [outdir]
set -euo pipefail
cd "$(dirname "$0")/../../.."
out="${1:-docs/screenshots}"
disp="${SHOTS_DISPLAY:-15}"
mkdir -p "$out"
bin="$(mktemp -d)/boarddemo"
go build -o "$bin" ./cmd/boarddemo

Xvfb ":$disp" -screen 0 1280x900x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1
export DISPLAY=":$disp"

# Mid-game records (played from the start) and the point selected in them.
declare -A moves=(
  [beat-the-wolf]="d4-c5 d3-d4 c5-c4 b3-b4 c4-e4 g4-f4"
  [wolf-carries-pig]="c3-c4 d5-d4 b3-b4 c5-c3 a3-a4"
  [surround-the-lion]="c3-c4 a2-b2 c4-c3 e2-d2"
  [deer-chess]="c5-b5 @c5 b5-a5 @e1 a5-b5 @a2"
)
declare -A sel=([beat-the-wolf]=e4 [wolf-carries-pig]=c3 [surround-the-lion]=c3 [deer-chess]=b5)
declare -A sizes=([phone]=390x844 [desktop]=1280x800)

shot() { # name args...
  local name="$1"; shift
  "$bin" -bare "$@" >/dev/null 2>&1 &
  local pid=$!
  local wid
  wid="$(xdotool search --sync --onlyvisible --name 'Hunt Chess board demo' | head -1)"
  sleep 1.5 # first frames and animations
  import -window "$wid" "$out/$name.png"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  echo "$out/$name.png"
}

for g in beat-the-wolf wolf-carries-pig surround-the-lion deer-chess; do
  for s in phone desktop; do
    shot "board-$g-start-$s" -game "$g" -size "${sizes[$s]}"
    shot "board-$g-mid-$s" -game "$g" -size "${sizes[$s]}" -moves "${moves[$g]}" -select "${sel[$g]}"
  done
  shot "board-$g-mid-phone-dark" -game "$g" -size 390x844 -moves "${moves[$g]}" -select "${sel[$g]}" -dark
done
