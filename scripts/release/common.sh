# Shared by the release scripts in scripts/release/ (one a platform). Source
# it, after `set -euo pipefail`:
#
#   . "$(dirname "${BASH_SOURCE[0]}")/common.sh"
#
# It cds to the repository root and sets
#
#   ROOT          the repository root
#   GO            the go command (env GO, default go; /usr/local/go/bin added to PATH)
#   VERSION       [Details] Version of FyneApp.toml, e.g. 0.1.0
#   BUILD         [Details] Build of FyneApp.toml (the Android versionCode,
#                 the iOS/macOS CFBundleVersion)
#   APP_NAME      [Details] Name ("Hunt Chess"); APP_ID [Details] ID
#   RELEASE_DIR   where every artefact goes: build/release (env RELEASE_DIR),
#                 as an absolute path
#   FYNE          build/bin/fyne, the fyne tool (rel_fyne_tool installs it)
#   FYNE_TOOL_VERSION  v1.7.4 unless set (the Makefile's FYNE_TOOL)
#   TAGS          the build tags of every build of the app (scripts/lib.sh
#                 app_tags: APP_TAGS, default no_emoji)
#
# and gives, besides scripts/lib.sh's lib_on_exit and app_tags:
#
#   rel_say MSG...             "release(<script>): MSG"
#   rel_die MSG...             the same on stderr, exit 1
#   rel_artefact PLATFORM ARCH EXT   prints RELEASE_DIR/hunt-chess-VERSION-PLATFORM-ARCH.EXT
#   rel_fyne_tool              installs fyne.io/tools/cmd/fyne@FYNE_TOOL_VERSION
#                              into build/bin unless that version is there
#   rel_keep_metadata          FyneApp.toml is put back as it was at exit
#                              (`fyne package`/`release` add 1 to its Build)
#   rel_wrote FILE...          "wrote FILE (size)" for each, and fails on a
#                              missing or empty one
#   rel_need CMD...            fails, naming them, where a command is missing
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT" || exit 1
# shellcheck source=scripts/lib.sh
. "$ROOT/scripts/lib.sh"

case ":$PATH:" in *:/usr/local/go/bin:*) ;; *) [ -d /usr/local/go/bin ] && PATH="$PATH:/usr/local/go/bin" ;; esac
export PATH
GO="${GO:-go}"
# shellcheck disable=SC2119,SC2034 # no tags besides APP_TAGS; used by the scripts that source this
TAGS="$(app_tags)"
FYNE_TOOL_VERSION="${FYNE_TOOL_VERSION:-v1.7.4}"
FYNE="$ROOT/build/bin/fyne"
RELEASE_DIR="${RELEASE_DIR:-build/release}"
case "$RELEASE_DIR" in /*) ;; *) RELEASE_DIR="$ROOT/$RELEASE_DIR" ;; esac
_REL_SCRIPT="$(basename "$0" .sh)"

rel_say() { echo "release($_REL_SCRIPT): $*"; }
rel_die() {
  echo "release($_REL_SCRIPT): error: $*" >&2
  exit 1
}

# _rel_details KEY: the value of KEY in FyneApp.toml's [Details] table
# (quotes taken off).
_rel_details() {
  awk -v key="$1" '
    /^[[:space:]]*\[/ { in_details = ($0 ~ /^[[:space:]]*\[Details\][[:space:]]*$/); next }
    in_details && $0 ~ "^[[:space:]]*" key "[[:space:]]*=" {
      sub(/^[^=]*=[[:space:]]*/, ""); sub(/[[:space:]]*(#.*)?$/, ""); gsub(/^"|"$/, ""); print; exit
    }' FyneApp.toml
}

VERSION="$(_rel_details Version)"
BUILD="$(_rel_details Build)"
APP_NAME="$(_rel_details Name)"
APP_ID="$(_rel_details ID)"
[[ "$VERSION" =~ ^[0-9]+(\.[0-9]+){0,2}$ ]] || rel_die "FyneApp.toml [Details] Version '$VERSION' is not x.y.z"
[[ "$BUILD" =~ ^[0-9]+$ ]] || rel_die "FyneApp.toml [Details] Build '$BUILD' is not a number"
if [ -z "$APP_NAME" ] || [ -z "$APP_ID" ]; then rel_die "FyneApp.toml lacks [Details] Name or ID"; fi
export VERSION BUILD APP_NAME APP_ID

rel_artefact() {
  [ $# -eq 3 ] || rel_die "rel_artefact PLATFORM ARCH EXT"
  echo "$RELEASE_DIR/hunt-chess-$VERSION-$1-$2.$3"
}

# shellcheck disable=SC2034 # FYNE is for the scripts that source this
rel_fyne_tool() { FYNE="$(fyne_tool)"; } # scripts/lib.sh: the same build/bin/fyne

rel_keep_metadata() {
  local saved
  saved="$(mktemp "${TMPDIR:-/tmp}/FyneApp.toml.XXXXXX")"
  cp FyneApp.toml "$saved"
  lib_on_exit "cp '$saved' '$ROOT/FyneApp.toml'; rm -f '$saved'"
}

rel_wrote() {
  local f
  for f in "$@"; do
    [ -s "$f" ] || rel_die "$f was not written"
    rel_say "wrote ${f#"$ROOT"/} ($(du -h "$f" | cut -f1), $(wc -c <"$f" | tr -d ' ') bytes)"
  done
}

rel_need() {
  local c missing=()
  for c in "$@"; do command -v "$c" >/dev/null 2>&1 || missing+=("$c"); done
  [ ${#missing[@]} -eq 0 ] || rel_die "missing command(s): ${missing[*]}"
}

mkdir -p "$RELEASE_DIR"
