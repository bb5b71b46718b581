#!/usr/bin/env bash
# Regenerates the bundled CJK font subsets (translations/fonts/*.otf) from the
# message files translations/locales/*.toml.
#
# The subsets hold every character used in any message of either language,
# plus ASCII, Latin-1 and common punctuation, so the one font renders all of
# the app's text (Fyne's own font has no Chinese glyphs). Source: Noto Sans CJK
# SC (face 2 of the Debian fonts-noto-cjk collections), SIL OFL 1.1.
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
FACE=2 # Noto Sans CJK SC in the collection (0 JP, 1 KR, 2 SC, 3 TC, 4 HK)

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

# Every character of every message value (comments and keys are not shown to
# users, so they are left out), plus a fixed Latin / punctuation set.
"$PY" - "$LOCALES" "$TMP/chars.txt" <<'PYEOF'
import sys, tomllib, pathlib

locales, out = pathlib.Path(sys.argv[1]), sys.argv[2]
chars = set()

def walk(v):
    if isinstance(v, dict):
        for x in v.values():
            walk(x)
    elif isinstance(v, list):
        for x in v:
            walk(x)
    elif isinstance(v, str):
        chars.update(v)

files = sorted(locales.glob("*.toml"))
if not files:
    sys.exit(f"fonts.sh: no message files in {locales}")
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
print(f"fonts.sh: {len(chars)} characters from {len(files)} message files", file=sys.stderr)
PYEOF

# Only the 'kern' layout feature is kept: the default set (locl, vert, …)
# pulls in Japanese/Korean/vertical alternates that a horizontal Simplified
# Chinese UI never uses, and would double the size. Vertical metrics tables
# are dropped for the same reason.
subset() { # src out [extra flags…]
	local src=$1 out=$2
	shift 2
	"$PY" -m fontTools.subset "$src" --font-number=$FACE \
		--text-file="$TMP/chars.txt" --output-file="$out" \
		--layout-features=kern --drop-tables+=vhea,vmtx,VORG \
		--name-IDs=0,1,2,3,4,5,6,7,11,13,14 \
		--no-hinting --notdef-outline --recalc-bounds "$@"
}

for weight in Regular Bold; do
	src=$REG_SRC
	[ $weight = Bold ] && src=$BOLD_SRC
	# Keep whichever is smaller: CFF subroutines kept or flattened.
	subset "$src" "$TMP/a.otf"
	subset "$src" "$TMP/b.otf" --desubroutinize
	a=$(stat -c %s "$TMP/a.otf")
	b=$(stat -c %s "$TMP/b.otf")
	if [ "$a" -le "$b" ]; then best="$TMP/a.otf"; else best="$TMP/b.otf"; fi
	cp "$best" "$OUT/NotoSansSC-Subset-$weight.otf"
	echo "fonts.sh: NotoSansSC-Subset-$weight.otf $(stat -c %s "$OUT/NotoSansSC-Subset-$weight.otf") bytes (subroutinized $a, desubroutinized $b)" >&2
done
