#!/usr/bin/env bash
# The Linux desktop package for a release (the workflow's linux job, on
# ubuntu-latest; any Debian/Ubuntu machine with Go 1.26):
#
#   build/release/hunt-chess-<version>-linux-<arch>.tar.xz
#
# built by scripts/package.sh (make package: fyne package -os linux -release,
# tags no_emoji, the archive's contents checked), for the machine's GOARCH
# (amd64 on the hosted runner). Installs the X11/GL headers itself
# (scripts/deps.sh gui, with sudo when not root).
#
# Usage: scripts/release/linux.sh
set -euo pipefail
# shellcheck source=scripts/release/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case "${1:-}" in
  -h | --help) sed -n '2,13p' "$0"; exit 0 ;;
  "") ;;
  *) rel_die "usage: $0" ;;
esac

ARCH="$("$GO" env GOARCH)"
GO="$GO" FYNE_TOOL_VERSION="$FYNE_TOOL_VERSION" bash scripts/package.sh
src="build/hunt-chess-$VERSION-linux-$ARCH.tar.xz"
[ -s "$src" ] || rel_die "scripts/package.sh did not write $src"
out="$(rel_artefact linux "$ARCH" tar.xz)"
# fyne's archive stamps each entry with the time of the build: the same
# entries again, in name order, with the last commit's time and root's
# ownership, so a second build gives the same bytes.
epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"
stage="$(mktemp -d "$ROOT/build/linux-tar.XXXXXX")"
lib_on_exit "rm -rf '$stage'"
tar -xJf "$src" -C "$stage"
(cd "$stage" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort >"$stage.list" &&
  tar --no-recursion --mtime="@$epoch" --owner=0 --group=0 --numeric-owner --format=gnu \
    -cf - -T "$stage.list" | xz -9 -T1 >"$out")
rm -f "$stage.list"
rel_wrote "$out"
