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
cp -f "$src" "$out"
rel_wrote "$out"
