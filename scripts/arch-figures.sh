#!/usr/bin/env bash
# arch-figures.sh: the "files / lines" figures of docs/ARCHITECTURE.md's
# package and command tables, counted again: the non-test .go files of each
# package's folder (every build tag) and their lines. Run it after a change
# that adds, moves or grows code; it rewrites only those cells.
#
#   scripts/arch-figures.sh        rewrite docs/ARCHITECTURE.md (make arch-figures)
#   scripts/arch-figures.sh -c     check only: exit 1, naming the rows, if a
#                                  figure is stale or a package has no row
set -euo pipefail
cd "$(dirname "$0")/.."

doc=docs/ARCHITECTURE.md
check=false
[[ ${1:-} == -c ]] && check=true

# figure DIR: "FILES / LINES" of DIR's non-test .go files, lines with a
# thousands comma as the page writes them.
figure() {
	local files=() f
	for f in "$1"/*.go; do
		[[ -f $f && $f != *_test.go ]] && files+=("$f")
	done
	local n=${#files[@]} lines=0
	((n > 0)) && lines=$(cat "${files[@]}" | wc -l)
	printf '%d / %s' "$n" "$(printf '%d' "$lines" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')"
}

out=$(mktemp)
trap 'rm -f "$out"' EXIT
stale=()
named=()
while IFS= read -r line; do
	# A row: | `pkg`[, `pkg`…] [(`file`, …)] | N / M[, N / M] | …
	if [[ $line =~ ^\|\ ([^|]*)\ \|\ ([0-9]+\ /\ [0-9,]+(,\ [0-9]+\ /\ [0-9,]+)*)\ \|(.*)$ ]]; then
		first=${BASH_REMATCH[1]} old=${BASH_REMATCH[2]} rest=${BASH_REMATCH[4]}
		figs=()
		# shellcheck disable=SC2016 # the backquotes are literal
		for tok in $(grep -o '`[^`]*`' <<<"$first" | tr -d '`'); do
			[[ -d $tok ]] || continue # a file named beside its package
			figs+=("$(figure "$tok")")
			named+=("$tok")
		done
		if ((${#figs[@]} > 0)); then
			new=$(printf '%s' "${figs[0]}"; for ((i = 1; i < ${#figs[@]}; i++)); do printf ', %s' "${figs[i]}"; done)
			if [[ $new != "$old" ]]; then
				stale+=("$first: $old -> $new")
				line="| $first | $new |$rest"
			fi
		fi
	fi
	printf '%s\n' "$line" >>"$out"
done <"$doc"

# Every package (and command) of the module has its row.
missing=()
for dir in $(go list -f '{{.Dir}}' ./... | sed "s#^$PWD/\{0,1\}##; s#^\$#.#"); do
	[[ " ${named[*]} " == *" $dir "* ]] || missing+=("$dir")
done

if $check; then
	rc=0
	for s in "${stale[@]}"; do echo "arch-figures: stale: $s" >&2; rc=1; done
	for m in "${missing[@]}"; do echo "arch-figures: no row for $m in $doc" >&2; rc=1; done
	((rc == 0)) && echo "arch-figures: $doc: figures current"
	[[ $rc == 0 ]] || echo "arch-figures: run scripts/arch-figures.sh (make arch-figures)" >&2
	exit $rc
fi
cp "$out" "$doc"
for s in "${stale[@]}"; do echo "arch-figures: $s"; done
for m in "${missing[@]}"; do echo "arch-figures: no row for $m in $doc: add one" >&2; done
echo "arch-figures: ${#stale[@]} figures rewritten"
