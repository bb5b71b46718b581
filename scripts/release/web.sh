#!/usr/bin/env bash
# The browser version for a release (the workflow's web job; any Linux
# machine with Go 1.26):
#
#   build/release/hunt-chess-<version>-web-wasm.zip   the whole site in a
#                     folder hunt-chess-<version>-web/, for any static host
#   build/pages/      the same files, as GitHub Pages serves them (the
#                     workflow uploads it with actions/upload-pages-artifact)
#
# The site is built by scripts/web.sh (make web) into build/web/. Beat the
# Wolf's bound table goes in where the table pack is in $WEB_BOUND_DIR
# (default build/device/pack: the workflow puts the pack job's pack there);
# without it the site is built without that table, as scripts/web.sh says.
# Then the folder is checked against GitHub Pages' limits: no file over
# 100 MB, at most 1 GB in all.
#
# Usage: scripts/release/web.sh
# Env:   WEB_BOUND_DIR, BROTLI_Q (scripts/web.sh), PAGES_DIR (build/pages)
# Needs: brotli (optional: scripts/deps.sh web installs it) and zip.
set -euo pipefail
# shellcheck source=scripts/release/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case "${1:-}" in
  -h | --help) sed -n '2,21p' "$0"; exit 0 ;;
  "") ;;
  *) rel_die "usage: $0" ;;
esac
rel_need zip
command -v brotli >/dev/null 2>&1 || rel_say "note: brotli is not installed: the site gets no .br copy (scripts/deps.sh web)"

SITE=build/web
PAGES_DIR="${PAGES_DIR:-build/pages}"
GO="$GO" WEB_OUT="$SITE" bash scripts/web.sh

for f in index.html start.js sw.js wasm_exec.js manifest.webmanifest build.json huntchess.wasm; do
  [ -s "$SITE/$f" ] || rel_die "the site lacks $f"
done

# GitHub Pages: files of at most 100 MB, a site of at most 1 GB.
max_file=$((100 * 1000 * 1000))
max_site=$((1000 * 1000 * 1000))
total=0
while IFS= read -r -d '' f; do
  n=$(stat -c %s "$f")
  [ "$n" -le "$max_file" ] || rel_die "$f is $n bytes: GitHub Pages refuses files over 100 MB"
  total=$((total + n))
done < <(find "$SITE" -type f -print0)
[ "$total" -le "$max_site" ] || rel_die "the site is $total bytes: over GitHub Pages' 1 GB"
rel_say "site $SITE: $(find "$SITE" -type f | wc -l) files, $total bytes (within GitHub Pages' limits)"

# The Pages folder: the site's files, hard-linked where the disk allows.
rm -rf "$PAGES_DIR"
mkdir -p "$(dirname "$PAGES_DIR")"
if ! cp -al "$SITE" "$PAGES_DIR" 2>/dev/null; then
  rm -rf "$PAGES_DIR" # another disk: copies
  cp -a "$SITE" "$PAGES_DIR"
fi
rel_say "GitHub Pages folder: $PAGES_DIR"

# The zip: the site inside one folder named after the release.
out="$(rel_artefact web wasm zip)"
stage="$(mktemp -d "$ROOT/build/web-zip.XXXXXX")"
lib_on_exit "rm -rf '$stage'"
cp -a "$ROOT/$SITE" "$stage/hunt-chess-$VERSION-web"
rm -f "$out"
# The entries in name order with the last commit's time: the same site
# gives the same zip.
epoch="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}"
find "$stage" -exec touch -h -d "@$epoch" {} +
(cd "$stage" && find "hunt-chess-$VERSION-web" | LC_ALL=C sort | TZ=UTC zip -q -X -@ "$out")
unzip -tq "$out" >/dev/null || rel_die "$out does not test as a good zip"
rel_wrote "$out"
