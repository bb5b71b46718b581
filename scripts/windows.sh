#!/usr/bin/env bash
# Builds Hunt Chess for Windows (x86-64) on Debian, with Debian's mingw-w64
# as the C compiler and the fyne tool (fyne.io/tools v1.7.4):
#
#   build/release/hunt-chess-<version>-windows-amd64.msi   the installer (every user; administrator)
#   build/release/hunt-chess-<version>-windows-amd64-per-user.msi   the installer for one user (no administrator)
#   build/release/hunt-chess-<version>-windows-amd64.zip   the same program, portable
#   build/windows/Hunt Chess.exe                           the program itself
#
# The program is `fyne package -os windows -release`: a GUI program (no
# console window) with the icon, the version and the app's name in its
# resources and Fyne's manifest (DPI-aware), the shipped tables inside. The
# installer (Debian's wixl, scripts/windows/huntchess.wxs) puts it in
# Program Files\Hunt Chess with a Start-menu entry, shows in "Apps &
# features" with the icon, uninstalls cleanly and upgrades an older version
# in place. The zip holds the program alone, for players who would rather
# not install.
#
# Usage: scripts/windows.sh        (or: make windows)
# Env:   GO (default go), FYNE_TOOL_VERSION (default v1.7.4),
#        WINDOWS_OUT (default RELEASE_DIR, else build/release), WINDOWS_STAGE (where the
#        program is put, default build/windows), SOURCE_DATE_EPOCH (the zip's
#        file times; default the last commit's time).
#
# The same sources give the same bytes on a second run: the Go build is
# -trimpath, the installer's codes are derived from the version and the
# program's bytes, the zip's times are fixed (checked by make release).
# The first cross-build compiles GLFW and go-gl for Windows: about 20
# minutes on a 2-core machine; later builds take a minute or two.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
. scripts/lib.sh
GO="${GO:-go}"
OUT="${WINDOWS_OUT:-${RELEASE_DIR:-build/release}}"
case "$OUT" in /*) ;; *) OUT="$ROOT/$OUT" ;; esac
STAGE="${WINDOWS_STAGE:-$ROOT/build/windows}"
case "$STAGE" in /*) ;; *) STAGE="$ROOT/$STAGE" ;; esac

say() { echo "windows: $*"; }

bash scripts/deps.sh windows

FYNE="$(fyne_tool)"
VERSION="$(app_version)"
BUILD="$(app_build)"
BASE="hunt-chess-$VERSION-windows-amd64"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"

mkdir -p "$OUT" "$STAGE"
WORK="$(mktemp -d "$ROOT/build/windows.XXXXXX")"
cp FyneApp.toml "$WORK/FyneApp.toml.orig"
cleanup() {
	# fyne package bumps Details.Build after a release build and leaves
	# its generated files in the source folder if it is stopped.
	cp "$WORK/FyneApp.toml.orig" "$ROOT/FyneApp.toml"
	rm -f "$ROOT/fyne.syso" "$ROOT/fyne_metadata_init.go" "$ROOT/huntchess.exe" "$ROOT/huntchess.exe.manifest"
	rm -rf "$WORK"
}
trap cleanup EXIT

# ---- the program ------------------------------------------------------------
# shellcheck disable=SC2119 # no tags besides APP_TAGS
TAGS="$(app_tags)"
t0=$(date +%s)
# fyne package takes the manifest beside the program it builds when there is
# one: ours declares Windows 10/11 (scripts/windows/huntchess.exe.manifest).
sed "s/@VERSION@/$VERSION.$BUILD/" scripts/windows/huntchess.exe.manifest >"$ROOT/huntchess.exe.manifest"
say "fyne package -os windows -release -tags '$TAGS' (Hunt Chess $VERSION, build $BUILD)"
(cd "$ROOT" && nice -n 5 env GOARCH=amd64 CC=x86_64-w64-mingw32-gcc CXX=x86_64-w64-mingw32-g++ \
	"$FYNE" package -os windows -release -tags "$TAGS" -name "Hunt Chess" -src "$ROOT")
exe="$ROOT/Hunt Chess.exe"
[ -f "$exe" ] || { echo "windows: error: fyne package wrote no 'Hunt Chess.exe'" >&2; exit 1; }
mv -f "$exe" "$STAGE/Hunt Chess.exe"
exe="$STAGE/Hunt Chess.exe"

# fyne package gives the program one 1024 px icon and a version resource
# without company or copyright: go-winres (v0.3.3) replaces its resources
# with the icon at 16, 24, 32, 48, 64, 128 and 256 px (ImageMagick, from
# Icon.png), the same manifest and a full version resource
# (scripts/windows/winres.json). The same inputs give the same bytes.
WINRES="$(go_tool github.com/tc-hib/go-winres "${GO_WINRES_VERSION:-v0.3.3}")"
/usr/bin/convert Icon.png -define icon:auto-resize=256,128,64,48,32,24,16 "$WORK/huntchess.ico"
year="$(TZ=UTC date -d "@$SOURCE_DATE_EPOCH" +%Y)"
sed -e "s/@VERSION@/$VERSION/g" -e "s/@BUILD@/$BUILD/g" -e "s/@YEAR@/$year/g" \
	scripts/windows/winres.json >"$WORK/winres.json"
(cd "$WORK" && "$WINRES" patch --in winres.json --delete --no-backup "$exe")
say "built $(du -h "$exe" | cut -f1) in $(($(date +%s) - t0)) s"

# What a Windows program needs to be: a GUI (subsystem 2, no console),
# 64-bit, with the icon and the version in its resources.
info="$(x86_64-w64-mingw32-objdump -p "$exe")"
grep -Eq '^Subsystem[[:space:]]+0*2[[:space:]]' <<<"$info" ||
	{ echo "windows: error: not a GUI program (no -H=windowsgui)" >&2; exit 1; }
grep -q 'pei-x86-64' <<<"$info" || { echo "windows: error: not an x86-64 program" >&2; exit 1; }
grep -q '\.rsrc' <<<"$(x86_64-w64-mingw32-objdump -h "$exe")" ||
	{ echo "windows: error: the program has no resources (icon, version)" >&2; exit 1; }

# Authenticode, when a certificate is given (scripts/sign-windows.sh: the
# WINDOWS_SIGN_* variables; without them it says so and signs nothing): the
# program before it goes into the installer and the zip.
bash scripts/sign-windows.sh "$exe"

# ---- the installer ----------------------------------------------------------
# A version's ProductCode and the file's PackageCode, as name-based UUIDs:
# the same inputs give the same installer.
uuid_of() {
	local h
	h="$(printf '%s' "$1" | sha1sum | cut -c1-32)"
	h="${h:0:12}5${h:13:3}$(printf '%x' $(((0x${h:16:1} & 0x3) | 0x8)))${h:17:15}"
	echo "${h:0:8}-${h:8:4}-${h:12:4}-${h:16:4}-${h:20:12}" | tr 'a-f' 'A-F'
}
exe_sum="$(sha256sum "$exe" | cut -d' ' -f1)"
stamp="@$(TZ=UTC date -d "@$SOURCE_DATE_EPOCH" '+%Y-%m-%d %H:%M:%S')"
# Two installers from one .wxs: for every user (Program Files; an
# administrator's consent) and, "-per-user", for the current user alone
# (%LOCALAPPDATA%\Programs; no administrator).
for scope in perMachine perUser; do
	if [ "$scope" = perUser ]; then msi="$OUT/$BASE-per-user.msi"; else msi="$OUT/$BASE.msi"; fi
	rm -f "$msi"
	# wixl stamps the summary with the clock and a random package code: both
	# come from SOURCE_DATE_EPOCH and the program's bytes instead (faketime;
	# msibuild -s), so a second run gives the same bytes.
	package_code="$(uuid_of "io.github.huntchess package $scope $VERSION $exe_sum")"
	product_code="$(uuid_of "io.github.huntchess product $VERSION")"
	[ "$scope" = perMachine ] || product_code="$(uuid_of "io.github.huntchess product $scope $VERSION")"
	# The cabinet inside keeps each file's time: the last commit's too.
	(cd "$WORK" && cp "$exe" "Hunt Chess.exe" && touch -d "@$SOURCE_DATE_EPOCH" "Hunt Chess.exe" huntchess.ico &&
		TZ=UTC faketime -f "$stamp" wixl -a x64 -o "$msi" \
			-D Scope="$scope" \
			-D Version="$VERSION" \
			-D ProductCode="$product_code" \
			-D PackageCode="$package_code" \
			-D ExeFile="Hunt Chess.exe" -D IconFile=huntchess.ico \
			"$ROOT/scripts/windows/huntchess.wxs" &&
		TZ=UTC faketime -f "$stamp" msibuild "$msi" -s "Hunt Chess $VERSION installer" "Hunt Chess" "x64;1033" "{$package_code}" &&
		rm -f "Hunt Chess.exe")
	bash scripts/sign-windows.sh "$msi"
	say "wrote $msi ($(du -h "$msi" | cut -f1))"
done

# ---- the portable zip ---------------------------------------------------------
zdir="$WORK/zip/Hunt Chess"
mkdir -p "$zdir"
cp "$exe" "$zdir/Hunt Chess.exe"
sed "s/@VERSION@/$VERSION/g" scripts/windows/README.txt | sed 's/$/\r/' >"$zdir/README.txt"
zip_file="$OUT/$BASE.zip"
rm -f "$zip_file"
find "$WORK/zip" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
(cd "$WORK/zip" && TZ=UTC zip -q -X -9 -r "$zip_file" "Hunt Chess/Hunt Chess.exe" "Hunt Chess/README.txt")
say "wrote $zip_file ($(du -h "$zip_file" | cut -f1))"
