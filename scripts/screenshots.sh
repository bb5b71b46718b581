#!/usr/bin/env bash
# Screenshots of every screen of the real app (GLFW driver) under Xvfb, at
# phone (390×844) and desktop (1280×800) size, in English and Chinese:
#   docs/screenshots/app-<screen>-<lang>-<phone|desktop>.png
# Screens: home, newgame, game, gameover, rules, settings.
#
# The app is driven by its hidden developer variables (see app/devharness:
# HUNTCHESS_SCREEN, HUNTCHESS_GAME, HUNTCHESS_LANG, HUNTCHESS_SIZE, …), not by
# clicks, so the pictures are the same on every run. Each shot runs the app
# with fresh, private settings.
#
# Usage: scripts/screenshots.sh [screen...]     (or: make screenshots)
# Needs Xvfb, xdotool and ImageMagick (scripts/deps.sh screenshots).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"
cd "$root"

out="$root/docs/screenshots"
bin="$root/build/huntchess"
mkdir -p "$out" "$root/build"
screens=("$@")
[ ${#screens[@]} -gt 0 ] || screens=(home newgame game gameover rules settings)

echo "screenshots: go build -tags '$(app_tags dev)' -o build/huntchess ."
go build -tags "$(app_tags dev)" -o "$bin" .

xvfb_start 1400x900x24
tmp="$(mktemp -d)"
lib_on_exit "rm -rf '$tmp'"
app=""
lib_on_exit 'if [ -n "${app:-}" ]; then kill "$app" 2>/dev/null || true; fi'

# The game and position each screen shows.
screen_env() {
  case "$1" in
    home | settings) echo "" ;;
    newgame) echo "HUNTCHESS_GAME=wolf-carries-pig" ;;
    rules) echo "HUNTCHESS_GAME=deer-chess" ;;
    game) echo "HUNTCHESS_GAME=deer-chess HUNTCHESS_MODE=vs-ai-predator HUNTCHESS_PLIES=9" ;;
    gameover) echo "HUNTCHESS_GAME=surround-the-lion HUNTCHESS_MODE=two-players HUNTCHESS_MOVES=c3-c2,b1-b2,c2-b1,d1-c1,b1-S" ;;
  esac
}

shoot() { # screen lang form size
  local screen=$1 lang=$2 form=$3 size=$4 file="$out/app-$1-$2-$3.png"
  local home="$tmp/$screen-$lang-$form"
  rm -rf "$home"
  mkdir -p "$home"
  local extra
  extra="$(screen_env "$screen")"
  env XDG_CONFIG_HOME="$home/config" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" \
    HUNTCHESS_SCREEN="$screen" HUNTCHESS_LANG="$lang" HUNTCHESS_SIZE="$size" $extra \
    "$bin" >"$home/log" 2>&1 &
  app=$!
  local win
  # By WM_CLASS: the window is created as "Hunt Chess" (its class), then
  # retitled in its language (围猎棋).
  win="$(timeout 60 xdotool search --sync --onlyvisible --class '^Hunt Chess$' 2>/dev/null | head -n1)" || true
  if [ -z "$win" ]; then
    echo "screenshots: no window for $screen/$lang/$form" >&2
    cat "$home/log" >&2
    return 1
  fi
  xdotool windowmove "$win" 0 0 windowsize "$win" "${size%x*}" "${size#*x}" 2>/dev/null || true
  sleep 2.5 # first frame, fonts, the window resize
  # A frame may not be painted yet (a busy machine): retry a blank picture.
  local i
  for ((i = 0; i < 10; i++)); do
    /usr/bin/import -window "$win" "$file"
    [ "$(png_colours "$file")" -gt 10 ] && break
    sleep 1
  done
  [ "$(png_colours "$file")" -gt 10 ] || { echo "screenshots: $file stays blank" >&2; return 1; }
  kill "$app" 2>/dev/null || true
  wait "$app" 2>/dev/null || true
  app=""
  echo "screenshots: $file ($(/usr/bin/identify -format '%wx%h' "$file"))"
}

for screen in "${screens[@]}"; do
  for lang in en zh-Hans; do
    shoot "$screen" "$lang" phone 390x844
    shoot "$screen" "$lang" desktop 1280x800
  done
done
