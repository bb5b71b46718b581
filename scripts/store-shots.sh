#!/usr/bin/env bash
# The store screenshots (Google Play / F-Droid, App Store) from the real app:
# the simulated phone (-tags mobile, Fyne's mobile driver and the app's phone
# layout) under a private Xvfb, one run of scripts/shot.sh a picture, each
# opened through the developer variables of app/devharness (the same game
# records every run), rendered at the store's exact pixel size (no crop, no
# resize), in English, Simplified and Traditional Chinese:
#
#   fastlane/metadata/android/{en-US,zh-CN,zh-TW}/images/
#     phoneScreenshots/N_SCREEN.png       540x960 dp at scale 2 = 1080x1920
#     sevenInchScreenshots/N_SCREEN.png   600x960 dp at scale 2 = 1200x1920
#     tenInchScreenshots/N_SCREEN.png     800x1280 dp at scale 2 = 1600x2560
#   fastlane/screenshots/ios/{en-US,zh-Hans,zh-Hant}/
#     N_APP_IPHONE_67_SCREEN.png          430x932 dp at scale 3 = 1290x2796 (6.9" slot)
#     N_APP_IPAD_PRO_3GEN_129_SCREEN.png  1024x1366 dp at scale 2 = 2048x2732 (13" slot)
# and ("art", no screenshot: cmd/storeart, the app's icon, font and boards)
#   fastlane/metadata/android/{en-US,zh-CN,zh-TW}/images/icon.png           512x512
#   fastlane/metadata/android/{en-US,zh-CN,zh-TW}/images/featureGraphic.png 1024x500
#
# Usage: scripts/store-shots.sh [DEVICE...]      (or: make store-shots)
#   DEVICE: art phone seven ten iphone ipad (default: all six)
#   STORE_SCREENS="game hint"  only these screens (default: all, see below)
#   STORE_LANGS="en"           only these languages (default: en zh-Hans zh-Hant)
# A device's folder is emptied of PNGs first when every screen is made.
# Why these sizes, and how the stores read the folders: docs/store-listings.md.
# Needs Xvfb, xdotool and ImageMagick (scripts/deps.sh gui screenshots).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
. "$root/scripts/lib.sh"
cd "$root"

# One group, read whole before it runs: the script may be edited meanwhile.
{
# Builds and screenshots at a lower priority: the machine is shared.
renice -n 10 $$ >/dev/null 2>&1 || true

devices=("$@")
[ ${#devices[@]} -gt 0 ] || devices=(art phone seven ten iphone ipad)

# The icon and the feature graphic: the same pictures in both languages (the
# graphic names the app in both).
if [[ " ${devices[*]} " == *" art "* ]]; then
  art=build/storeart
  mkdir -p "$art"
  LANG=en_US.UTF-8 nice -n 10 go run ./cmd/storeart -icon Icon.png \
    -icon-out "$art/icon.png" -feature-out "$art/featureGraphic.png"
  for loc in en-US zh-CN zh-TW; do
    mkdir -p "fastlane/metadata/android/$loc/images"
    cp "$art/icon.png" "$art/featureGraphic.png" "fastlane/metadata/android/$loc/images/"
  done
  echo "store-shots: fastlane/metadata/android/{en-US,zh-CN,zh-TW}/images/icon.png (512x512), featureGraphic.png (1024x500)"
  rest=()
  for d in "${devices[@]}"; do [ "$d" = art ] || rest+=("$d"); done
  devices=("${rest[@]}")
  [ ${#devices[@]} -gt 0 ] || exit 0
fi

# The simulated phone, its scale read from HUNTCHESS_PHONE_SCALE: Fyne's is
# fixed at 2, an iPhone Pro Max draws at 3 (scripts/lib.sh).
bin=build/huntchess-phone-scaled
echo "store-shots: building $bin (the simulated phone; its scale from HUNTCHESS_PHONE_SCALE)"
phone_scaled_build "$bin"

# The screens, in the stores' order (the first is the one shown first).
# Game records are fixed (commas for spaces), so every run shows the same.
#   game    Beat the Wolf, the person the wolf, two dogs taken, their turn
#   home    the four games with their lessons and puzzles
#   hint    Surround the Lion, the person the dogs, four taken, the hint
#           from the table: a win for the dogs all the same (docs/solved.md's line)
#   deer    deer chess while the dogs enter: three taken, seven in hand
#   review  the review of a Beat the Wolf game at a dogs' mistake
#   lesson  a Wolf Carries the Pig lesson (jump to capture)
all_screens=(game home hint deer review lesson)
BTW_RECORD=d4-c4,f3-f4,c4-c5,b3-b4,c5-c4,a3-b3,c4-d5,g3-f3,d5-e6,f3-g3,e6-e5,f4-e4,e5-f4,d3-d4,f4-f3,d4-d5,f3-d3,e4-f4,d3-d4,d5-e5,d4-e4,e5-f5,e4-d4,e2-e3,d4-e5,e1-e2,e5-d6,e3-f3,d6-c5,d1-e1
screen_env() {
  case "$1" in
    game) echo "HUNTCHESS_SCREEN=game HUNTCHESS_GAME=beat-the-wolf HUNTCHESS_MODE=vs-ai-predator HUNTCHESS_MOVES=$BTW_RECORD,c5-a3,e2-e3,a3-b4,e3-e4,b4-c4,e4-e5" ;;
    home) echo "HUNTCHESS_SCREEN=home" ;;
    hint) echo "HUNTCHESS_SCREEN=hint HUNTCHESS_GAME=surround-the-lion HUNTCHESS_MODE=vs-ai-prey HUNTCHESS_MOVES=c3-c2,b1-b2,c2-b3,d1-c2,b3-c3,d5-d4,c3-b3,b5-c4,b3-c2,c4-d3,c2-b3,c1-c2,b3-c4,c5-d5,c4-b3,c2-c3,b3-a4" ;;
    deer) echo "HUNTCHESS_SCREEN=game HUNTCHESS_GAME=deer-chess HUNTCHESS_MODE=vs-ai-prey HUNTCHESS_MOVES=c5-e3,@c3,e3-c1,@a3,c1-d2,@c5,d2-d4,@d2,d4-e4,@c1,e4-d4" ;;
    review) echo "HUNTCHESS_SCREEN=review HUNTCHESS_GAME=beat-the-wolf HUNTCHESS_MODE=two-players HUNTCHESS_MOVES=$BTW_RECORD" ;;
    lesson) echo "HUNTCHESS_SCREEN=lesson HUNTCHESS_GAME=wolf-carries-pig HUNTCHESS_LESSON=3" ;;
    *) echo "store-shots: no screen '$1'" >&2; return 1 ;;
  esac
}
# Seconds to wait after the window shows: the hint and the review wait for
# the endgame table (shipped: about a second to open) and the search.
screen_wait() {
  case "$1" in
    hint | review) echo 10 ;;
    *) echo 5 ;;
  esac
}

# device: dp size, scale, pixel size, folder for a language, file name.
device_size() {
  case "$1" in
    phone) echo "540x960 2 1080x1920" ;;
    seven) echo "600x960 2 1200x1920" ;;
    ten) echo "800x1280 2 1600x2560" ;;
    iphone) echo "430x932 3 1290x2796" ;;
    ipad) echo "1024x1366 2 2048x2732" ;;
    *) echo "store-shots: no device '$1' (art phone seven ten iphone ipad)" >&2; return 1 ;;
  esac
}
device_dir() { # device lang
  local android=en-US ios=en-US
  case "$2" in
    zh-Hans) android=zh-CN ios=zh-Hans ;;
    zh-Hant) android=zh-TW ios=zh-Hant ;;
  esac
  case "$1" in
    phone) echo "fastlane/metadata/android/$android/images/phoneScreenshots" ;;
    seven) echo "fastlane/metadata/android/$android/images/sevenInchScreenshots" ;;
    ten) echo "fastlane/metadata/android/$android/images/tenInchScreenshots" ;;
    iphone | ipad) echo "fastlane/screenshots/ios/$ios" ;;
  esac
}
device_file() { # device n screen
  case "$1" in
    iphone) echo "$2_APP_IPHONE_67_$3.png" ;;
    # deliver takes 2048x2732 for the 12.9" iPad Pro (2nd generation)
    # unless the name says IPAD_PRO_3GEN_129: the 13" slot.
    ipad) echo "$2_APP_IPAD_PRO_3GEN_129_$3.png" ;;
    *) echo "$2_$3.png" ;;
  esac
}

read -r -a screens <<<"${STORE_SCREENS:-${all_screens[*]}}"
read -r -a langs <<<"${STORE_LANGS:-en zh-Hans zh-Hant}"
for d in "${devices[@]}"; do device_size "$d" >/dev/null; done
for s in "${screens[@]}"; do screen_env "$s" >/dev/null; done

made=0
for d in "${devices[@]}"; do
  read -r dp scale px <<<"$(device_size "$d")"
  for lang in "${langs[@]}"; do
    dir="$(device_dir "$d" "$lang")"
    mkdir -p "$dir"
    if [ -z "${STORE_SCREENS:-}" ]; then
      # Every screen is made again: what is no longer made goes.
      case "$d" in
        iphone) rm -f "$dir"/*_APP_IPHONE_67_*.png ;;
        ipad) rm -f "$dir"/*_APP_IPAD_PRO_3GEN_129_*.png ;;
        *) rm -f "$dir"/*.png ;;
      esac
    fi
    for s in "${screens[@]}"; do
      n=0
      for ((i = 0; i < ${#all_screens[@]}; i++)); do [ "${all_screens[i]}" != "$s" ] || n=$((i + 1)); done
      out="$dir/$(device_file "$d" "$n" "$s")"
      # shellcheck disable=SC2046 # one VAR=value a word
      NOBUILD=1 nice -n 10 bash scripts/shot.sh -w "$(screen_wait "$s")" -S "$scale" "$out.raw.png" "$dp" \
        HUNTCHESS_LANG="$lang" $(screen_env "$s") >/dev/null
      # No alpha (the App Store refuses it), no metadata, best zlib level.
      /usr/bin/convert "$out.raw.png" -strip -alpha off -define png:compression-level=9 "PNG24:$out"
      rm -f "$out.raw.png"
      got="$(/usr/bin/identify -format '%wx%h' "$out")"
      [ "$got" = "$px" ] || { echo "store-shots: $out is $got, not $px" >&2; exit 1; }
      [ "$(png_colours "$out")" -gt 100 ] || { echo "store-shots: $out looks blank" >&2; exit 1; }
      echo "store-shots: $out ($got, $(($(stat -c %s "$out") / 1024)) KB)"
      made=$((made + 1))
    done
  done
done
echo "store-shots: $made screenshots"
exit 0
}
