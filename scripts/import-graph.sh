#!/usr/bin/env bash
# import-graph.sh: the project's own imports (no tests, no commands under
# cmd/) as the mermaid graph of docs/ARCHITECTURE.md, on stdout. The
# browser build (GOOS=js GOARCH=wasm) adds webhook; an edge only that build
# has is drawn dotted.
#
#   scripts/import-graph.sh            the graph
#   scripts/import-graph.sh -c         the commands' imports, one line each
set -euo pipefail
cd "$(dirname "$0")/.."

edges() { # the project's import edges of one build, "from to", short names
	go list -f '{{.ImportPath}} {{join .Imports " "}}' ./... |
		awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^huntchess\//) print $1, $i }' |
		sed 's#huntchess/##g' | sort -u
}

native=$(edges)
web=$(GOOS=js GOARCH=wasm edges)

if [[ ${1:-} == -c ]]; then
	printf '%s\n%s\n' "$native" "$web" | sort -u | awk '$1 ~ /^cmd\// {
		deps[$1] = deps[$1] (deps[$1] == "" ? "" : ", ") $2 } END { for (c in deps) print c " → " deps[c] }' | sort
	exit 0
fi

id() { [[ $1 == huntchess ]] && echo main || echo "${1//\//_}"; }
label() { [[ $1 == huntchess ]] && echo 'huntchess (main)' || echo "$1"; }

all=$(printf '%s\n%s\n' "$native" "$web" | sort -u | grep -v '^cmd/')
echo '```mermaid'
echo 'graph TD'
for pkg in $(tr ' ' '\n' <<<"$all" | sort -u); do # the nodes whose id is not their name
	[[ $(id "$pkg") == "$pkg" ]] || echo "  $(id "$pkg")[\"$(label "$pkg")\"]"
done
while read -r from to; do
	arrow='-->'
	grep -qx "$from $to" <<<"$native" || arrow='-. js only .->'
	echo "  $(id "$from") $arrow $(id "$to")"
done <<<"$all"
echo '```'
