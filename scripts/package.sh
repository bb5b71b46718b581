#!/usr/bin/env bash
# Builds the installable Linux desktop package of Hunt Chess with the fyne
# tool (fyne.io/tools v1.7.4):
#
#   build/hunt-chess-<version>-linux-<arch>.tar.xz
#
# holding huntchess/Makefile and huntchess/usr/local/{bin/huntchess,
# share/applications/io.github.huntchess.desktop,
# share/pixmaps/io.github.huntchess.png}. Install it with
#   tar -xJf hunt-chess-*.tar.xz && cd huntchess && sudo make install
# (or `make user-install` for ~/.local).
#
# Usage: scripts/package.sh        (or: make package)
# Env:   FYNE_TOOL_VERSION (default v1.7.4), GO (default go).
#
# The fyne tool is installed once into build/bin (a project-local GOBIN) and
# reused; the same binary serves the Android / iOS steps in README.md.
# `fyne package` bumps Details.Build in FyneApp.toml after every run; this
# script puts the file back as it was, so packaging leaves the tree clean.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
GO="${GO:-go}"
FYNE_TOOL_VERSION="${FYNE_TOOL_VERSION:-v1.7.4}"
BIN="$ROOT/build/bin"
FYNE="$BIN/fyne"

# X11/GL headers for the cgo GLFW build.
if [ -f scripts/deps.sh ]; then
	bash scripts/deps.sh gui
fi

mkdir -p "$BIN"
if ! { [ -x "$FYNE" ] && "$GO" version -m "$FYNE" 2>/dev/null |
	grep -Eq "^[[:space:]]+mod[[:space:]]+fyne\.io/tools[[:space:]]+$FYNE_TOOL_VERSION[[:space:]]"; }; then
	echo "package: installing fyne.io/tools/cmd/fyne@$FYNE_TOOL_VERSION into build/bin"
	GOBIN="$BIN" "$GO" install "fyne.io/tools/cmd/fyne@$FYNE_TOOL_VERSION"
fi

# Version and name from FyneApp.toml ([Details] Version = "x.y.z").
VERSION="$(sed -n 's/^[[:space:]]*Version[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' FyneApp.toml | head -n1)"
NAME="$(sed -n 's/^[[:space:]]*Name[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' FyneApp.toml | head -n1)"
[ -n "$VERSION" ] && [ -n "$NAME" ] || {
	echo "package: cannot read Details.Name / Details.Version from FyneApp.toml" >&2
	exit 1
}
ARCH="$("$GO" env GOARCH)"
OUT="build/hunt-chess-$VERSION-linux-$ARCH.tar.xz"

# Work in a scratch directory under build/ (fyne writes its staging tree and
# the archive into the current directory); keep FyneApp.toml untouched.
WORK="$(mktemp -d "$ROOT/build/package.XXXXXX")"
SAVED_META="$WORK/FyneApp.toml.orig"
cp FyneApp.toml "$SAVED_META"
cleanup() {
	cp "$SAVED_META" "$ROOT/FyneApp.toml"
	rm -rf "$WORK"
}
trap cleanup EXIT

# Without Fyne's emoji font, as every build of the app (scripts/lib.sh app_tags).
TAGS="${APP_TAGS-no_emoji}"
echo "package: fyne package -os linux -release -tags '$TAGS' ($NAME $VERSION, $ARCH)"
(cd "$WORK" && "$FYNE" package -os linux -release -tags "$TAGS" -name "$NAME" -src "$ROOT")

mv -f "$WORK/$NAME.tar.xz" "$OUT"

# Check the archive holds what an install needs.
listing="$(tar -tJf "$OUT")"
missing=0
for want in 'usr/(local/)?bin/huntchess$' 'share/applications/io\.github\.huntchess\.desktop$' \
	'share/pixmaps/io\.github\.huntchess\.png$' '/Makefile$'; do
	if ! grep -Eq "$want" <<<"$listing"; then
		echo "package: error: archive lacks $want" >&2
		missing=1
	fi
done
[ "$missing" -eq 0 ] || exit 1

echo "package: wrote $OUT ($(du -h "$OUT" | cut -f1))"
