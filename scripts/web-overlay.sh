#!/usr/bin/env bash
# The browser build's patches of its dependencies (issue 43: the wasm under
# 6 MB with brotli). Writes DIR (default build/web-overlay) and prints the
# flags that make `go build` use it:
#
#   flags=$(scripts/web-overlay.sh)     # -modfile=DIR/go.mod -overlay=DIR/overlay.json
#   GOOS=js GOARCH=wasm go build $flags ...
#
# scripts/web.sh does this for the js/wasm build only; the desktop and phone
# builds never see it. Nothing in the module cache or GOROOT is changed.
#
# What is patched, and why (docs/browser.md, "What the wasm holds"): parts
# of Fyne and of libraries under it that the app does not use, but that the
# linker cannot leave out.
#
#   markdown  fyne widget/markdown.go, markdown_image_wasm.go left out: Fyne's
#             Markdown for RichText (goldmark, with its 1.7 MB table of HTML
#             entities). The app parses no Markdown; a call to
#             ParseMarkdown would not compile in the browser build.
#   template  go-i18n's TextParser (i18n/template/text_parser.go) and Fyne's
#             lang.go fill {{.Name}} placeholders without text/template
#             (huntchess/internal/msgtemplate, copied beside the parser):
#             text/template's reflect.Value.MethodByName makes the linker
#             keep every exported method of every type put in an interface.
#             The app's messages use only {{.Name}} with a map; msgtemplate's
#             test checks every one gives text/template's text.
#   charset   the SVG readers (fyne-io/oksvg, srwiley/oksvg public.go) take
#             UTF-8 only: x/net/html/charset's Japanese, Korean and Chinese
#             encodings left out. Every SVG the app draws is UTF-8.
#   fonts     Fyne's built-in text fonts (theme/bundled-fonts.go) are the
#             app's own Noto Sans CJK SC subsets (translations/fonts), put in
#             Fyne's font/ by the overlay: Noto Sans in four styles and
#             DejaVu Sans Mono left out. The app's theme draws every text
#             style in its own fonts already; Fyne's are the fallback for a
#             glyph they lack (the app's texts have none: translations'
#             font test). Italic is drawn upright, monospace regular.
#   fetch     Go's net/http/roundtrip_js.go: requests only through the Fetch
#             API (the browser's), never the dialling round trip that exists
#             for Node.js; an error where there is no Fetch API.
#
# WEB_OVERLAY_STEPS (default all of the above) names the patches to apply,
# to measure each one's saving.
#
# Each patched file must be the one the patch was made from: its SHA-256
# is checked (the module versions are go.mod's, which go.sum pins; Go's own
# file against the versions listed), and a mismatch fails the build: make
# the patch again from the new file.
set -euo pipefail
cd "$(dirname "$0")/.."

GO=${GO:-go}
DIR=$(realpath -m "${1:-build/web-overlay}")
STEPS=${WEB_OVERLAY_STEPS-markdown template charset fonts fetch}

die() { echo "web-overlay: error: $*" >&2; exit 1; }
has_step() { case " $STEPS " in *" $1 "*) return 0 ;; esac; return 1; }

rm -rf "$DIR"
mkdir -p "$DIR/mod" "$DIR/files"
cp go.mod "$DIR/go.mod"
cp go.sum "$DIR/go.sum"

entries=()     # "FROM=TO" pairs of overlay.json (TO empty: the file is left out)
declare -A copied # module path -> its copy in DIR/mod

# module_copy MODULE VERSION: the module's folder as a copy in DIR/mod (hard
# links, so nothing is copied and nothing in the cache is written), used by
# the build through a replace directive in DIR/go.mod; its path in $MOD.
# Go refuses an overlay of a file under GOMODCACHE, hence the copy.
module_copy() {
  local mod=$1 want=$2 have src dst
  if [ -z "${copied[$mod]:-}" ]; then
    have=$("$GO" list -m -f '{{.Version}}' "$mod")
    [ "$have" = "$want" ] || die "$mod is $have in go.mod, the patches are for $want: make them again (docs/browser.md)"
    src=$("$GO" mod download -json "$mod@$want" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    [ -d "$src" ] || die "$mod@$want not in the module cache"
    dst="$DIR/mod/$(echo "$mod" | tr '/' '_')"
    cp -rl "$src" "$dst" 2>/dev/null || cp -r "$src" "$dst"
    echo "replace $mod => $dst" >>"$DIR/go.mod"
    copied[$mod]=$dst
  fi
  MOD=${copied[$mod]}
}

# check FILE SHA256...: FILE's SHA-256 is one of those given.
check() {
  local f=$1 sum
  shift
  sum=$(sha256sum "$f" | cut -d' ' -f1)
  for s in "$@"; do [ "$sum" = "$s" ] && return 0; done
  die "$f has SHA-256 $sum, not the file its patch was made from: make the patch again (docs/browser.md)"
}

# patched ROOT FILE PATCH SHA256...: FILE (under ROOT) checked, then patched
# with web/overlay/PATCH into DIR/files; the overlay replaces it.
patched() {
  local root=$1 file=$2 patch=$3 out
  shift 3
  check "$root/$file" "$@"
  out="$DIR/files/${patch%.patch}"
  patch -s --fuzz=0 -o "$out" "$root/$file" "web/overlay/$patch" >/dev/null ||
    die "web/overlay/$patch does not apply to $root/$file"
  entries+=("$root/$file=$out")
}

# removed ROOT FILE SHA256: FILE (under ROOT) checked, then left out.
removed() {
  check "$1/$2" "$3"
  entries+=("$1/$2=")
}

if has_step markdown; then
  module_copy fyne.io/fyne/v2 v2.7.1
  fyne=$MOD
  removed "$fyne" widget/markdown.go f4ef96a16ef59ff72f7670373692f64fc46c33aa476bdce92df8f5b426a26130
  removed "$fyne" widget/markdown_image_wasm.go 0b0090e758553cc29869fa052f2c2cd89ed4aa827e6fa9d1e4ac5c8845f77357
fi

if has_step template; then
  module_copy fyne.io/fyne/v2 v2.7.1
  fyne=$MOD
  module_copy github.com/nicksnyder/go-i18n/v2 v2.7.0
  i18n=$MOD
  patched "$fyne" lang/lang.go fyne-lang.go.patch \
    5025492ecbf5a9d4a2b3303d9c38ea5700fbace532800c578e4fea50efea6122
  patched "$i18n" i18n/template/text_parser.go go-i18n-text_parser.go.patch \
    67ec7a0a6fa3327c75feb6b2731cfaee3aa501535db930869458ed7111a8a9ea
  # msgtemplate.go joins go-i18n's package i18n/template.
  out="$DIR/files/msgtemplate.go"
  sed 's/^package msgtemplate$/package template/' internal/msgtemplate/msgtemplate.go >"$out"
  grep -q '^package template$' "$out" || die "internal/msgtemplate/msgtemplate.go: no package clause to change"
  entries+=("$i18n/i18n/template/msgtemplate.go=$out")
fi

if has_step charset; then
  module_copy github.com/fyne-io/oksvg v0.2.0
  oksvg=$MOD
  patched "$oksvg" public.go fyne-io-oksvg-public.go.patch \
    a2face8c9be4670a49542a3a6d412aa343f99ad87e5c92de266ed3f953675100
  module_copy github.com/srwiley/oksvg v0.0.0-20221011165216-be6e8873101c
  oksvg=$MOD
  patched "$oksvg" public.go srwiley-oksvg-public.go.patch \
    479f4d6bc93d144f775e85ab4fa73e081bb1ca0840471c3c0611ffcd3dbfe987
fi

if has_step fonts; then
  module_copy fyne.io/fyne/v2 v2.7.1
  fyne=$MOD
  patched "$fyne" theme/bundled-fonts.go fyne-bundled-fonts.go.patch \
    f2cc3a578fa2d9a69999f145ddfc9fd8513d5eb2327aa88488bb59e0e92b5d4e
  for style in Regular Bold; do
    f=translations/fonts/NotoSansSC-Subset-$style.otf
    [ -f "$f" ] || die "$f not found"
    entries+=("$fyne/theme/font/HuntChess-SC-$style.otf=$PWD/$f")
  done
fi

if has_step fetch; then
  # Go's own file, as the Go in use has it (GOROOT is not the module
  # cache: the overlay replaces it directly). Another Go than the one the
  # patch was made for (a workflow's setup-go takes go.mod's go line)
  # leaves it out with a warning instead of stopping the build: the wasm
  # then keeps crypto/tls, about 1.9 MB more, still within its budget.
  goroot_src="$("$GO" env GOROOT)/src"
  fetch_sum=9a0297382ff65e54046fb0f316732d6ddebb1b32f2cff81e58c0cef96b811138
  if [ "$(sha256sum "$goroot_src/net/http/roundtrip_js.go" | cut -d' ' -f1)" = "$fetch_sum" ]; then
    patched "$goroot_src" net/http/roundtrip_js.go go-net-http-roundtrip_js.go.patch "$fetch_sum"
  else
    echo "web-overlay: warning: $("$GO" env GOVERSION)'s net/http/roundtrip_js.go is not the one web/overlay/go-net-http-roundtrip_js.go.patch was made from (Go 1.26.8): left unpatched" >&2
  fi
fi

{
  echo '{"Replace": {'
  n=${#entries[@]}
  for i in "${!entries[@]}"; do
    e=${entries[$i]}
    sep=,
    [ "$i" = $((n - 1)) ] && sep=
    printf '  "%s": "%s"%s\n' "${e%%=*}" "${e#*=}" "$sep"
  done
  echo '}}'
} >"$DIR/overlay.json"

echo "-modfile=$DIR/go.mod -overlay=$DIR/overlay.json"
