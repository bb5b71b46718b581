# Shared shell helpers. Source it:  . "$(dirname "$0")/lib.sh"
#
#   lib_on_exit CMD...        run CMD at exit (all registered commands run, LIFO)
#   xvfb_start [WxHxD]        start Xvfb on a free display, wait until ready,
#                             export DISPLAY; stopped automatically at exit
#   xvfb_stop                 stop it now
#   xvfb_window_id NAME [SECS] wait (default 60 s) for a visible window whose
#                             title matches NAME; print its id
#   xvfb_screenshot FILE [NAME|ID] PNG of the whole screen, or of one window
#                             (a numeric X window id, or a title regex)
#   xvfb_resize_window ID W H resize a window (a `-tags mobile` simulated phone
#                             window stays black under bare Xvfb until resized)
#   png_colours FILE          number of unique colours in an image
#   app_tags [TAG...]         the -tags value of a build of the app: APP_TAGS
#                             (default no_emoji) and the TAGs, comma-separated;
#                             the scripts that drive the app through its
#                             HUNTCHESS_* variables add dev (the developer
#                             harness; docs/build-tags.md)
#   phone_scaled_build OUT    the simulated phone, its scale read from
#                             HUNTCHESS_PHONE_SCALE (Fyne's is fixed at 2)

# ---- build tags ------------------------------------------------------------
# Every build of the app leaves out Fyne's colour emoji font (tag no_emoji):
# the app's texts have none, and Fyne parses the 4 MB font once for every
# text style it draws (about 19 MB of heap at the home screen; README
# "Memory"). APP_TAGS= (empty) builds with it.
APP_TAGS="${APP_TAGS-no_emoji}"
app_tags() {
  # APP_TAGS may be separated by spaces or commas ("no_emoji dev",
  # "no_emoji,dev"); the result is comma-separated, as go and fyne take it.
  local IFS=$' \t\n,'
  # shellcheck disable=SC2206 # APP_TAGS is a list of words
  local t=($APP_TAGS "$@")
  IFS=,
  echo "${t[*]}"
}

# ---- exit hooks ------------------------------------------------------------
_LIB_EXIT_CMDS=()
_lib_run_exit() {
  local i
  for ((i = ${#_LIB_EXIT_CMDS[@]} - 1; i >= 0; i--)); do
    eval "${_LIB_EXIT_CMDS[i]}" || true
  done
  _LIB_EXIT_CMDS=()
}
lib_on_exit() {
  _LIB_EXIT_CMDS+=("$*")
  trap _lib_run_exit EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
}

# ---- Xvfb ------------------------------------------------------------------
XVFB_PID=""
xvfb_start() {
  local size="${1:-1280x800x24}"
  command -v Xvfb >/dev/null || { echo "xvfb: Xvfb not installed (scripts/deps.sh screenshots)" >&2; return 1; }
  local dir; dir="$(mktemp -d "${TMPDIR:-/tmp}/xvfb.XXXXXX")"
  # -displayfd makes Xvfb choose a free display number itself and write it
  # to the fd once it is listening: no race with other X servers.
  # setsid: in a session of its own, so a Ctrl+C in the terminal reaches the
  # app but not its X server (the app would die with "XIO: fatal IO error");
  # the exit hook stops the server once the app is gone.
  setsid Xvfb -displayfd 3 -screen 0 "$size" -nolisten tcp -noreset +extension GLX \
    3>"$dir/display" >"$dir/xvfb.log" 2>&1 &
  XVFB_PID=$!
  lib_on_exit "xvfb_stop; rm -rf '$dir'"
  local i
  for ((i = 0; i < 100; i++)); do
    if [ -s "$dir/display" ]; then break; fi
    if ! kill -0 "$XVFB_PID" 2>/dev/null; then
      echo "xvfb: Xvfb exited early:" >&2; cat "$dir/xvfb.log" >&2; return 1
    fi
    sleep 0.1
  done
  [ -s "$dir/display" ] || { echo "xvfb: Xvfb did not report a display in 10 s" >&2; cat "$dir/xvfb.log" >&2; return 1; }
  export DISPLAY=":$(tr -d '[:space:]' <"$dir/display")"
  # Belt and braces: wait until a client can really talk to the server.
  for ((i = 0; i < 100; i++)); do
    if command -v xdpyinfo >/dev/null; then
      xdpyinfo >/dev/null 2>&1 && break
    else
      xdotool getdisplaygeometry >/dev/null 2>&1 && break
    fi
    sleep 0.1
  done
  echo "xvfb: DISPLAY=$DISPLAY ($size, pid $XVFB_PID)" >&2
}

xvfb_stop() {
  [ -n "$XVFB_PID" ] || return 0
  kill "$XVFB_PID" 2>/dev/null || true
  local i
  for ((i = 0; i < 50; i++)); do
    kill -0 "$XVFB_PID" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$XVFB_PID" 2>/dev/null || true
  wait "$XVFB_PID" 2>/dev/null || true
  XVFB_PID=""
}

xvfb_window_id() {
  local name="$1" secs="${2:-60}"
  timeout "$secs" xdotool search --sync --onlyvisible --name "$name" 2>/dev/null | head -n1
}

xvfb_screenshot() {
  local file="$1" name="${2:-}" target=root
  if [[ "$name" =~ ^(0x[0-9a-fA-F]+|[0-9]+)$ ]]; then
    target="$name"
  elif [ -n "$name" ]; then
    target="$(xvfb_window_id "$name" 10)"
    [ -n "$target" ] || { echo "xvfb_screenshot: no window matching '$name'" >&2; return 1; }
  fi
  mkdir -p "$(dirname "$file")"
  # Debian's ImageMagick; a different `import`/`convert` may come first on PATH.
  local import=/usr/bin/import
  [ -x "$import" ] || import=import
  "$import" -window "$target" "$file"
}

xvfb_resize_window() {
  xdotool windowsize "$1" "$2" "$3"
  sleep 1 # let the app redraw at the new size
}

png_colours() {
  local identify=/usr/bin/identify
  [ -x "$identify" ] || identify=identify
  "$identify" -format '%k' "$1"
}

# ---- the app's metadata and the fyne tool ------------------------------------
#   app_version               Details.Version of FyneApp.toml (e.g. 0.1.0)
#   app_build                 Details.Build of FyneApp.toml
#   go_tool PKG VERSION       install the Go command PKG (a package path)
#                             at VERSION of its module into build/bin, through
#                             the module proxy (not in go.mod), once for that
#                             version and Go toolchain; print its path
#   fyne_tool                 go_tool of fyne.io/tools at FYNE_TOOL_VERSION
#                             (default v1.7.4)
#   staticcheck_tool          go_tool of honnef.co/go/tools (staticcheck) at
#                             STATICCHECK_VERSION (default v0.8.2: 2026.2.2)
_lib_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_app_detail() {
  sed -n "/^\[Details\]/,/^\[/s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*\"\{0,1\}\([^\"]*\)\"\{0,1\}.*/\1/p" \
    "$_lib_root/FyneApp.toml" | head -n1
}
app_version() { _app_detail Version; }
app_build() { _app_detail Build; }

go_tool() {
  local pkg="$1" version="$2" bin="$_lib_root/build/bin"
  local tool="$bin/${pkg##*/}" goversion info
  goversion="$("${GO:-go}" env GOVERSION)" || return 1
  mkdir -p "$bin"
  info="$([ -x "$tool" ] && "${GO:-go}" version -m "$tool" 2>/dev/null)" || info=""
  # The module's version, and the Go that built it (staticcheck reads the
  # code with the Go it was built with, and refuses newer code).
  if ! grep -Eq "^[[:space:]]+mod[[:space:]]+[^[:space:]]+[[:space:]]+${version//./\\.}[[:space:]]" <<<"$info" ||
    [ "$(head -n1 <<<"$info" | sed 's/.*: //')" != "$goversion" ]; then
    echo "go_tool: installing $pkg@$version into build/bin" >&2
    GOBIN="$bin" "${GO:-go}" install "$pkg@$version" >&2 || return 1
  fi
  echo "$tool"
}
fyne_tool() { go_tool fyne.io/tools/cmd/fyne "${FYNE_TOOL_VERSION:-v1.7.4}"; }
staticcheck_tool() { go_tool honnef.co/go/tools/cmd/staticcheck "${STATICCHECK_VERSION:-v0.8.2}"; }

# ---- the simulated phone at another scale ----------------------------------
# Fyne's simulated phone (-tags mobile on a desktop) draws at a fixed scale of
# 2 (internal/driver/mobile/device_desktop.go: SystemScaleForWindow returns
# 2; FYNE_SCALE is not read there), where a real phone's driver picks it from
# the screen's density (an iPhone Pro Max: 3). phone_scaled_build OUT builds
# the simulated phone into OUT with that one `return 2` replaced by a function
# that reads HUNTCHESS_PHONE_SCALE (default 2): a window of W×H dp then takes
# W·S × H·S pixels. Go refuses overlays of files in the module cache, so it
# builds against a copy of Fyne's module (hard links, beside OUT, the one file
# changed) through a go.mod of its own there (-modfile, with a replace): the
# repository's go.mod and the module cache stay as they are. It fails, saying
# so, when Fyne's file no longer has that line. Run it from the repository's
# root; the first build compiles Fyne again (a few minutes).
phone_scaled_build() {
  local out="$1" fyne gen copy file
  fyne="$(go list -m -f '{{.Dir}}' fyne.io/fyne/v2)" || return 1
  mkdir -p "$(dirname "$out")"
  gen="$(cd "$(dirname "$out")" && pwd)/phonescale"
  copy="$gen/fyne"
  file="internal/driver/mobile/device_desktop.go"
  if [ ! -f "$copy/.from" ] || [ "$(cat "$copy/.from")" != "$fyne" ]; then
    [ ! -d "$copy" ] || { find "$copy" -type d -exec chmod u+w {} +; rm -rf "$copy"; }
    mkdir -p "$gen"
    cp -rl "$fyne" "$copy" 2>/dev/null || cp -r "$fyne" "$copy"
    # Writable folders (the module cache's are read-only); the linked files
    # themselves are never written, only replaced.
    find "$copy" -type d -exec chmod u+w {} +
    echo "$fyne" >"$copy/.from"
  fi
  rm -f "$copy/$file"
  sed 's|^\([[:space:]]*\)return 2 //.*$|\1return phoneScale()|' "$fyne/$file" >"$copy/$file"
  if ! grep -q 'return phoneScale()' "$copy/$file"; then
    echo "phone_scaled_build: $fyne/$file has no 'return 2 // …' line any more: update scripts/lib.sh" >&2
    return 1
  fi
  cat >"$copy/internal/driver/mobile/zz_phonescale.go" <<'GO'
//go:build !ios && !android && !wayland

package mobile

import (
	"os"
	"strconv"
)

// phoneScale is the simulated phone's scale: HUNTCHESS_PHONE_SCALE, else 2
// (the repository's scripts/lib.sh, phone_scaled_build).
func phoneScale() float32 {
	if s, err := strconv.ParseFloat(os.Getenv("HUNTCHESS_PHONE_SCALE"), 32); err == nil && s >= 1 && s <= 4 {
		return float32(s)
	}
	return 2
}
GO
  cp go.mod "$gen/go.mod"
  cp go.sum "$gen/go.sum"
  printf '\nreplace fyne.io/fyne/v2 => %s\n' "$copy" >>"$gen/go.mod"
  go build -modfile "$gen/go.mod" -tags "$(app_tags dev mobile)" -o "$out" .
}
