#!/usr/bin/env bash
# make release: everything a Linux machine can build of a release, into
# build/release/ with SHA256SUMS, the same files the release workflow
# (.github/workflows/release.yml) attaches from its Linux jobs:
#
#   hunt-chess-<version>-linux-<arch>.tar.xz     scripts/release/linux.sh
#   hunt-chess-<version>-windows-amd64.msi, .zip scripts/windows.sh
#   hunt-chess-<version>-web-wasm.zip            scripts/release/web.sh
#   hunt-chess-<version>-pack-all.tar            scripts/release/pack.sh, when
#                                                its tables are here (RELEASE_PACK)
#   SHA256SUMS                                   scripts/release/checksums.sh
#
# macOS, iOS and Android need Xcode or the Android NDK: the workflow builds
# them on hosted runners (docs/releasing.md).
#
# Env: RELEASE_TWICE=1 builds everything a second time into
#      build/release-again/ and compares the two, file by file.
#      RELEASE_PACK=auto (default: the pack when build/device/pack or
#      build/tables has it), 1 (build it, solving what is missing: hours),
#      0 (leave it out).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
. scripts/lib.sh

OUT="${RELEASE_DIR:-build/release}"
say() { echo "release: $*"; }

build_all() {
	local out="$1"
	rm -rf "$out"
	mkdir -p "$out"
	export RELEASE_DIR="$out"
	bash scripts/release/linux.sh
	bash scripts/windows.sh
	bash scripts/release/web.sh
	case "${RELEASE_PACK:-auto}" in
	0) say "the table pack: left out (RELEASE_PACK=0)" ;;
	1) bash scripts/release/pack.sh ;;
	*) if bash scripts/release/pack.sh --dry-run 2>/dev/null | grep -q 'missing'; then
		say "the table pack: left out: its solved tables are not in build/tables (make solve-all, about 2 hours; or RELEASE_PACK=1)"
	else
		bash scripts/release/pack.sh --no-solve
	fi ;;
	esac
	bash scripts/release/checksums.sh "$out"
}

t0=$(date +%s)
build_all "$OUT"
say "$OUT after $(($(date +%s) - t0)) s:"
(cd "$OUT" && find . -type f ! -name SHA256SUMS -printf '%s\t%p\n' | sort -k2 | awk -F'\t' '{printf "  %12d  %s\n", $1, substr($2, 3)}')
cat "$OUT/SHA256SUMS"

if [ "${RELEASE_TWICE:-0}" = 1 ]; then
	again="build/release-again"
	say "building everything again into $again to compare"
	build_all "$again"
	if diff "$OUT/SHA256SUMS" "$again/SHA256SUMS"; then
		say "second build: the same bytes, every file"
	else
		say "second build: the files above differ"
		exit 1
	fi
fi
