#!/usr/bin/env bash
# Regenerates the bundled CJK font subsets (translations/fonts/*.otf) from the
# message files translations/locales/*.toml.
#
# Two families, each in Regular and Bold: Noto Sans CJK SC for English and
# Simplified Chinese (the characters of *.en.toml and *.zh-Hans.toml), and
# Noto Sans CJK TC, with the glyph shapes Taiwan's readers expect, for
# Traditional Chinese (*.en.toml and *.zh-Hant.toml). Each also holds the
# languages' own names (English, 简体, 繁體: the language control shows
# them all), ASCII, Latin-1 and common punctuation, so the one font renders
# all of the app's text in its language (Fyne's own font has no Chinese
# glyphs). Source: faces 2 (SC) and 3 (TC) of the Debian fonts-noto-cjk
# collections, SIL OFL 1.1.
#
# Usage: scripts/fonts.sh        (or: make fonts)
# Needs Debian packages python3-fonttools and fonts-noto-cjk; installs them
# with apt-get when missing (run as root, or have sudo).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCALES="$ROOT/translations/locales"
OUT="$ROOT/translations/fonts"
PY=/usr/bin/python3 # the system Python, where Debian's fontTools lives
NOTO_DIR=/usr/share/fonts/opentype/noto
REG_SRC="$NOTO_DIR/NotoSansCJK-Regular.ttc"
BOLD_SRC="$NOTO_DIR/NotoSansCJK-Bold.ttc"
# The faces in the collection: 0 JP, 1 KR, 2 SC, 3 TC, 4 HK.

need=()
[ -x "$PY" ] && "$PY" -c 'import fontTools.subset' 2>/dev/null || need+=(python3-fonttools)
[ -f "$REG_SRC" ] && [ -f "$BOLD_SRC" ] || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
	echo "fonts.sh: installing ${need[*]}" >&2
	SUDO=""
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get update -qq
	$SUDO apt-get install -y -qq "${need[@]}"
fi

mkdir -p "$OUT"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# Every character of every message value of the family's languages
# (comments and keys are not shown to users, so they are left out), plus the
# languages' names and a fixed Latin / punctuation set.
chars() { # out lang…
	"$PY" - "$LOCALES" "$@" <<'PYEOF'
import sys, tomllib, pathlib

locales, out, langs = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
chars = set("English简体繁體")  # translations.Lang.Name, shown in every language

def walk(v):
    if isinstance(v, dict):
        for x in v.values():
            walk(x)
    elif isinstance(v, list):
        for x in v:
            walk(x)
    elif isinstance(v, str):
        chars.update(v)

files = sorted(f for lang in langs for f in locales.glob(f"*.{lang}.toml"))
if not files:
    sys.exit(f"fonts.sh: no {langs} message files in {locales}")
for f in files:
    with open(f, "rb") as fh:
        walk(tomllib.load(fh))

chars.update(chr(c) for c in range(0x20, 0x7F))    # ASCII
chars.update(chr(c) for c in range(0xA0, 0x100))   # Latin-1 supplement
chars.update("·—–‐‑‒―“”‘’‚„…×÷•′″‹›«»°±−→←↑↓✓✗○●□■△▲▽▼◆◇★☆")
chars.update("，。、；：？！（）《》〈〉【】「」『』〔〕—…～·￥％＋－＝／　")  # CJK punctuation
chars.update("０１２３４５６７８９")                  # full-width digits
chars.discard("\n"); chars.discard("\t")
with open(out, "w", encoding="utf-8") as fh:
    fh.write("".join(sorted(chars)))
print(f"fonts.sh: {len(chars)} characters from {len(files)} message files ({' '.join(langs)})", file=sys.stderr)
PYEOF
}
chars "$TMP/sc.txt" en zh-Hans
chars "$TMP/tc.txt" en zh-Hant

# Only the 'kern' layout feature is kept: the default set (locl, vert, …)
# pulls in Japanese/Korean/vertical alternates that a horizontal Simplified
# Chinese UI never uses, and would double the size. Vertical metrics tables
# are dropped for the same reason.
subset() { # src face chars out [extra flags…]
	local src=$1 face=$2 text=$3 out=$4
	shift 4
	"$PY" -m fontTools.subset "$src" --font-number="$face" \
		--text-file="$text" --output-file="$out" \
		--layout-features=kern --drop-tables+=vhea,vmtx,VORG \
		--name-IDs=0,1,2,3,4,5,6,7,11,13,14 \
		--no-hinting --notdef-outline --recalc-bounds "$@"
}

for family in SC TC; do
	face=2 text="$TMP/sc.txt"
	[ $family = TC ] && face=3 text="$TMP/tc.txt"
	for weight in Regular Bold; do
		src=$REG_SRC
		[ $weight = Bold ] && src=$BOLD_SRC
		# Keep whichever is smaller: CFF subroutines kept or flattened.
		subset "$src" $face "$text" "$TMP/a.otf"
		subset "$src" $face "$text" "$TMP/b.otf" --desubroutinize
		a=$(stat -c %s "$TMP/a.otf")
		b=$(stat -c %s "$TMP/b.otf")
		if [ "$a" -le "$b" ]; then best="$TMP/a.otf"; else best="$TMP/b.otf"; fi
		name=NotoSans$family-Subset-$weight.otf
		cp "$best" "$OUT/$name"
		echo "fonts.sh: $name $(stat -c %s "$OUT/$name") bytes (subroutinized $a, desubroutinized $b)" >&2
	done
done
