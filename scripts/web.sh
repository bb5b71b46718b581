#!/usr/bin/env bash
# Build the browser version into build/web/ (or $WEB_OUT): a static site any
# static host can serve.
#
#   scripts/web.sh            (make web)
#   WEB_DEV=1 scripts/web.sh  a developer's site (make test-web): adds the
#                             tag dev, the developer harness (its HUNTCHESS_*
#                             settings from the page's query) and the browser
#                             test's hook (webhook); a player's site has neither
#
#   huntchess.wasm            GOOS=js GOARCH=wasm go build, as `fyne package
#                             -os web -release` builds (-s -w, tags release
#                             and migrated_fynedo) plus no_emoji: the app's
#                             own fonts cover every glyph it shows, and
#                             Fyne's 4 MB emoji font was 3.6 MB of the 12.3 MB
#                             gzipped download; with the patches of
#                             scripts/web-overlay.sh (parts of Fyne and of
#                             the libraries under it the app does not use,
#                             left out of this build only; in $OUT-overlay/,
#                             WEB_OVERLAY_STEPS chooses them)
#                             then, with WASM_OPT=wasm-opt, binaryen's
#                             wasm-opt $WASM_OPT_FLAGS (default -Oz; off
#                             by default: see below)
#   huntchess.wasm.gz, .br    compressed copies (gzip -9; brotli -q $BROTLI_Q,
#                             default 11; make test uses 9, faster to make)
#   wasm_exec.js              Go's loader, from $(go env GOROOT)
#   index.html, start.js      our page (web/): loading screen, touch, …
#   sw.js, manifest.webmanifest, icons/   installable, offline (cmd/webicons)
#   tables/                   the shipped device tables (tables/shipped/), and
#                             Beat the Wolf's bound table where found, as
#                             the pack's parts with its manifest.json
#                             ($WEB_BOUND_DIR, default build/device/pack)
#   tables/pack/              Beat the Wolf's whole table where the pack
#                             holds it, the same way (read by range requests)
#   build.json                the version (FyneApp.toml), the build's ID and sizes
#
# The build ID (a hash of every file) versions the service worker's cache,
# so a new build reaches players that have the old one cached.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh # app_version

GO=${GO:-go}
OUT=${WEB_OUT:-build/web}
BROTLI_Q=${BROTLI_Q:-11}

say() { echo "web: $*"; }

rm -rf "$OUT"
mkdir -p "$OUT/icons"

t0=$(date +%s.%N)
TAGS=migrated_fynedo,no_emoji,release
[ "${WEB_DEV:-}" = 1 ] && TAGS="$TAGS,dev"
# The patches of Fyne and the libraries under it for this build only
# (scripts/web-overlay.sh: which, and why): a copy of go.mod with replace
# directives and an overlay, beside the site, not in it.
overlay=$(GO="$GO" scripts/web-overlay.sh "$OUT-overlay")
say "GOOS=js GOARCH=wasm go build -tags $TAGS $overlay"
# shellcheck disable=SC2086 # the overlay's flags are words
GOOS=js GOARCH=wasm "$GO" build $overlay -trimpath -tags "$TAGS" -ldflags="-s -w" \
  -o "$OUT/huntchess.wasm" .
t1=$(date +%s.%N)
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
say "huntchess.wasm built in $(secs "$t0" "$t1") s"

# Binaryen's wasm-opt on the wasm Go wrote, where $WASM_OPT names it (off
# by default: WASM_OPT=wasm-opt make web; Debian's binaryen, scripts/deps.sh
# web): $WASM_OPT_FLAGS, default -Oz. Go's wasm uses sign extension,
# saturating float-to-int and bulk memory, the features it may keep. One
# core (BINARYEN_CORES=1): with a thread per core binaryen 108 grew to 24 GB
# on this wasm; on one it still passed 3 GB (docs/browser.md, "What the
# wasm holds", has what was measured and why it is not on by default).
WASM_OPT=${WASM_OPT-}
WASM_OPT_FLAGS=${WASM_OPT_FLAGS:--Oz}
if [ -n "$WASM_OPT" ]; then
  command -v "$WASM_OPT" >/dev/null 2>&1 || { echo "web: error: $WASM_OPT not found (scripts/deps.sh web installs binaryen)" >&2; exit 1; }
  raw=$(stat -c %s "$OUT/huntchess.wasm")
  # shellcheck disable=SC2086 # the flags are words
  BINARYEN_CORES=1 "$WASM_OPT" --enable-sign-ext --enable-nontrapping-float-to-int \
    --enable-bulk-memory $WASM_OPT_FLAGS "$OUT/huntchess.wasm" -o "$OUT/huntchess.opt.wasm"
  mv "$OUT/huntchess.opt.wasm" "$OUT/huntchess.wasm"
  t1b=$(date +%s.%N)
  say "wasm-opt $WASM_OPT_FLAGS: $raw -> $(stat -c %s "$OUT/huntchess.wasm") bytes in $(secs "$t1" "$t1b") s"
fi

goroot=$("$GO" env GOROOT)
for f in "$goroot/lib/wasm/wasm_exec.js" "$goroot/misc/wasm/wasm_exec.js"; do
  if [ -f "$f" ]; then cp "$f" "$OUT/wasm_exec.js"; break; fi
done
[ -f "$OUT/wasm_exec.js" ] || { echo "web: error: wasm_exec.js not found under $goroot" >&2; exit 1; }

"$GO" run ./cmd/webicons -in Icon.png -out "$OUT/icons"
cp web/index.html web/start.js web/sw.js web/manifest.webmanifest "$OUT/"
# The version a player can name (FyneApp.toml), on the loading screen.
version="$(app_version)"
sed -i "s/__VERSION__/Version $version/" "$OUT/index.html"

# The endgame tables the browser plays from: the ones the native builds
# embed (tables/shipped/, written by make device-tables; tables.ShippedGames:
# Surround the Lion, deer chess's moving phase, Beat the Wolf's endgames),
# served beside the app: the page downloads one the first time its game is
# played and the service worker keeps it.
SHIPPED_DIR=${SHIPPED_DIR:-tables/shipped}
mkdir -p "$OUT/tables"
n=0
for f in "$SHIPPED_DIR"/*.hctb; do
  [ -f "$f" ] || continue
  cp "$f" "$OUT/tables/"
  say "tables/$(basename "$f"): $(stat -c %s "$f") bytes"
  n=$((n + 1))
done
if [ "$n" = 0 ]; then
  echo "web: error: no shipped tables in $SHIPPED_DIR/ (make device-tables writes them)" >&2
  exit 1
fi
# The strategies the native builds embed beside the shipped tables
# (tables/shipped/GAME.hcst: Beat the Wolf's set strategy, the dogs' proven
# win; make strategies writes it): the page downloads it the first time
# Beat the Wolf asks for it (tables.Owner.SetStrategyFetch) rather than
# carrying its megabytes in huntchess.wasm for every visitor.
for f in "$SHIPPED_DIR"/*.hcst; do
  [ -f "$f" ] || continue
  cp "$f" "$OUT/tables/"
  say "tables/$(basename "$f"): $(stat -c %s "$f") bytes (downloaded on the first Beat the Wolf game)"
done

# Beat the Wolf's bound table (the dogs' proven win from the start, the
# table pack's beat-the-wolf.bound.hctb, 371 MB): far too large to download,
# the page reads it block by block with HTTP Range requests (the host must
# serve byte ranges, as static hosts do). From $WEB_BOUND_DIR (default
# build/device/pack, make device-tables): as the pack holds it, its parts
# of at most 24 MiB (beat-the-wolf.bound.hctb.part-NNN) with the pack's
# manifest.json beside them (tables/manifest.json: the page finds the parts
# there; the pack's other files are not copied), so a host with a limit on
# a file's size (GitHub Pages: 100 MB) serves it; or the file whole, from a
# pack folder of manifest format 1. Left out where it is not there, or with
# WEB_BOUND_DIR= (empty: make test-web, whose checks expect a site without
# it, whatever the developer's build/ holds).
WEB_BOUND_DIR=${WEB_BOUND_DIR-build/device/pack}
# link SRC DEST: SRC into DEST, a hard link where it can be (the same disk):
# no 371 MB copy per build.
link() { ln -f "$1" "$2/" 2>/dev/null || cp "$1" "$2/"; }
# site_file NAME DEST: the pack's file NAME into DEST (a folder of $OUT),
# as its parts with the pack's manifest beside them, or whole.
site_file() {
  local name=$1 dest=$2 f="$WEB_BOUND_DIR/$1" parts=() bytes=0
  local rel=${dest#"$OUT/"}
  [ -n "$WEB_BOUND_DIR" ] && for p in "$f".part-*; do [ -f "$p" ] && parts+=("$p"); done
  if [ -z "$WEB_BOUND_DIR" ]; then
    say "$rel/$name left out (WEB_BOUND_DIR is empty)"
  elif [ "${#parts[@]}" -gt 0 ]; then
    if ! grep -q "\"$name.part-000\"" "$WEB_BOUND_DIR/manifest.json" 2>/dev/null; then
      echo "web: error: $WEB_BOUND_DIR/manifest.json does not list the parts of $name" >&2
      exit 1
    fi
    mkdir -p "$dest"
    cp "$WEB_BOUND_DIR/manifest.json" "$dest/manifest.json"
    for p in "${parts[@]}"; do link "$p" "$dest"; bytes=$((bytes + $(stat -c %s "$p"))); done
    say "$rel/$name: $bytes bytes in ${#parts[@]} parts, with $rel/manifest.json (read by range requests)"
  elif [ -f "$f" ]; then
    mkdir -p "$dest"
    link "$f" "$dest"
    say "$rel/$name: $(stat -c %s "$f") bytes (read by range requests)"
  else
    say "$rel/$name left out: not in $WEB_BOUND_DIR/ (make device-tables, or WEB_BOUND_DIR)"
  fi
}
# (The games listed here are pack.SiteBounds: the page asks for no other.)
site_file beat-the-wolf.bound.hctb "$OUT/tables"
# Beat the Wolf's whole table, where the pack holds it (its beat-the-wolf.hctb:
# every tier, 6 to 17 dogs; far too large to download): into tables/pack/
# (pack.SitePackFolder), beside the shipped beat-the-wolf.hctb the page
# downloads whole where the site has no whole table. The games listed here
# are pack.SiteTables.
if [ -n "$WEB_BOUND_DIR" ] && { [ -f "$WEB_BOUND_DIR/beat-the-wolf.hctb" ] || [ -f "$WEB_BOUND_DIR/beat-the-wolf.hctb.part-000" ]; }; then
  site_file beat-the-wolf.hctb "$OUT/tables/pack"
else
  say "tables/pack/beat-the-wolf.hctb left out: the pack in ${WEB_BOUND_DIR:-(none)} holds no whole table of Beat the Wolf"
fi

wasm_size=$(stat -c %s "$OUT/huntchess.wasm")
build=$(cd "$OUT" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-12)
sed -i "s/__BUILD__/$build/g; s/__WASM_SIZE__/$wasm_size/g" "$OUT/start.js" "$OUT/sw.js"

# The two copies side by side (each on a core of its own: gzip's 5 s of
# CPU here within brotli's).
gzip -9 -k -n "$OUT/huntchess.wasm" &
gz_pid=$!
if command -v brotli >/dev/null 2>&1; then
  brotli -q "$BROTLI_Q" -k "$OUT/huntchess.wasm"
else
  say "brotli not installed (scripts/deps.sh web): no .br copy"
fi
wait "$gz_pid" || { echo "web: error: gzip failed" >&2; exit 1; }
t2=$(date +%s.%N)

size() { [ -f "$1" ] && stat -c %s "$1" || echo 0; }
gz=$(size "$OUT/huntchess.wasm.gz")
br=$(size "$OUT/huntchess.wasm.br")
cat >"$OUT/build.json" <<EOF
{"version": "$version", "build": "$build", "wasm": $wasm_size, "gzip": $gz, "brotli": $br}
EOF
mb() { awk -v n="$1" 'BEGIN { printf "%.2f MB", n / 1e6 }'; }
say "build $build: wasm $(mb "$wasm_size"), gzip $(mb "$gz"), brotli -q $BROTLI_Q $(mb "$br") ($(secs "$t0" "$t2") s in all)"
say "site in $OUT/ (make serve-web serves it on 127.0.0.1)"
