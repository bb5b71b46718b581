#!/usr/bin/env bash
# Install the Debian packages a make target needs. Idempotent: does nothing
# when every package is already installed (checked with dpkg -s).
#
#   scripts/deps.sh MODE [MODE...]
#
# Modes:
#   gui          X11/GL and ALSA headers for building and running the desktop app (GLFW, oto)
#   screenshots  Xvfb, ImageMagick (import/identify) and xdotool
#   test         everything `make test` needs: gcc (cgo for -race), gui, screenshots, web
#   fonts        python3-fonttools and fonts-noto-cjk for scripts/fonts.sh
#   web          brotli (make web's .br copies), binaryen (its wasm-opt shrinks the
#                wasm) and chromium (the browser test)
#   windows      the Windows build: mingw-w64 (cgo), wixl and msitools (the
#                installer), faketime (its fixed times), zip, ImageMagick (the icon)
#   wine         running it: Wine (wine64) with Xvfb, xdotool and ImageMagick
#   lint         shellcheck (make lint-workflows: actionlint's shell checks, scripts/release/)
set -euo pipefail

usage() { echo "usage: $0 {test|gui|screenshots|fonts|web|windows|wine|lint}..." >&2; exit 2; }
[ $# -ge 1 ] || usage

gui_pkgs=(pkg-config libgl1-mesa-dev xorg-dev libasound2-dev) # libasound2-dev: ALSA for the sounds (oto)
shot_pkgs=(xvfb x11-utils imagemagick xdotool)
font_pkgs=(python3-fonttools fonts-noto-cjk)
web_pkgs=(brotli binaryen chromium) # make web (.br copies, wasm-opt); the browser test (webtest/)
windows_pkgs=(gcc-mingw-w64-x86-64 wixl msitools faketime zip imagemagick osslsigncode openssl)
wine_pkgs=(wine64 "${shot_pkgs[@]}")

pkgs=()
for mode in "$@"; do
  case "$mode" in
    gui)         pkgs+=("${gui_pkgs[@]}") ;;
    screenshots) pkgs+=("${shot_pkgs[@]}") ;;
    test)        pkgs+=(gcc libc6-dev "${gui_pkgs[@]}" "${shot_pkgs[@]}" "${web_pkgs[@]}") ;;
    fonts)       pkgs+=("${font_pkgs[@]}") ;;
    web)         pkgs+=("${web_pkgs[@]}") ;;
    windows)     pkgs+=("${windows_pkgs[@]}") ;;
    wine)        pkgs+=("${wine_pkgs[@]}") ;;
    lint)        pkgs+=(shellcheck) ;;
    *) usage ;;
  esac
done

# Go itself is not a Debian package here: it lives in /usr/local/go.
if ! command -v go >/dev/null 2>&1; then
  if [ -x /usr/local/go/bin/go ]; then
    echo "deps: note: go is not on PATH; add /usr/local/go/bin to PATH" >&2
  else
    echo "deps: error: Go toolchain not found (expected /usr/local/go/bin/go, Go 1.26)" >&2
    exit 1
  fi
fi

missing=()
for p in "${pkgs[@]}"; do
  # dedupe
  case " ${missing[*]-} " in *" $p "*) continue ;; esac
  if ! dpkg -s "$p" 2>/dev/null | grep -q '^Status: install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "deps($*): all Debian packages present"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "deps: error: missing packages ${missing[*]} and no apt-get; install them by hand" >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "deps: error: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "deps($*): installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt_opts=(-y -q -o DPkg::Lock::Timeout=600 -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=600 update
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install "${apt_opts[@]}" "${missing[@]}" </dev/null
echo "deps($*): done"
