#!/usr/bin/env bash
# import-graph.sh: the project's own imports (no tests, no commands under
# cmd/) as the mermaid graph of docs/ARCHITECTURE.md, on stdout. Each
# package is listed in four builds: native and the browser's (GOOS=js
# GOARCH=wasm: webhook), each without and with the tag dev (main's
# dev.go imports app/devharness, webhook_js.go webhook). An edge that only
# the browser's build or only a dev build has is drawn dotted, and says
# which.
#
#   scripts/import-graph.sh            the graph
#   scripts/import-graph.sh -w         write it into docs/ARCHITECTURE.md
#   scripts/import-graph.sh -c         check only: exit 1 if the page's graph
#                                      is not this one, or a command's row in
#                                      its table leaves out one of its imports
#   scripts/import-graph.sh -i         the commands' imports, one line each
set -euo pipefail
cd "$(dirname "$0")/.."

doc=docs/ARCHITECTURE.md
mode=${1:-}
case $mode in '' | -w | -c | -i) ;; *)
	echo "usage: $0 [-w | -c | -i]" >&2
	exit 2
	;;
esac

edges() { # the project's import edges of one build, "from to", short names; $@: go list's flags
	go list "$@" -f '{{.ImportPath}} {{join .Imports " "}}' ./... |
		awk '{ for (i = 2; i <= NF; i++) if ($i ~ /^huntchess\//) print $1, $i }' |
		sed 's#huntchess/##g' | sort -u
}

native=$(edges)
nativedev=$(edges -tags dev)
web=$(GOOS=js GOARCH=wasm edges)
webdev=$(GOOS=js GOARCH=wasm edges -tags dev)

# the commands' imports, "cmd/X → a, b", one line each
commands=$(printf '%s\n' "$native" "$nativedev" "$web" "$webdev" | sort -u | awk '$1 ~ /^cmd\// {
	deps[$1] = deps[$1] (deps[$1] == "" ? "" : ", ") $2 } END { for (c in deps) print c " → " deps[c] }' | sort)
if [[ $mode == -i ]]; then
	echo "$commands"
	exit 0
fi

id() { [[ $1 == huntchess ]] && echo main || echo "${1//\//_}"; }
label() { [[ $1 == huntchess ]] && echo 'huntchess (main)' || echo "$1"; }

graph() {
	echo '```mermaid'
	echo 'graph TD'
	for pkg in $(tr ' ' '\n' <<<"$all" | sort -u); do # the nodes whose id is not their name
		[[ $(id "$pkg") == "$pkg" ]] || echo "  $(id "$pkg")[\"$(label "$pkg")\"]"
	done
	local from to arrow
	has() { grep -qx "$from $to" <<<"$1"; } # has EDGES: the edge from → to is among them
	while read -r from to; do
		if has "$native"; then
			arrow='-->'
		elif has "$web"; then
			arrow='-. js only .->'
		elif has "$nativedev"; then
			arrow='-. dev only .->'
		else
			arrow='-. js, dev only .->'
		fi
		echo "  $(id "$from") $arrow $(id "$to")"
	done <<<"$all"
	echo '```'
}

all=$(printf '%s\n' "$native" "$nativedev" "$web" "$webdev" | sort -u | grep -v '^cmd/')
want=$(graph)
case $mode in
'')
	echo "$want"
	;;
-w) # the page with its mermaid block replaced
	out=$(mktemp)
	trap 'rm -f "$out"' EXIT
	graph=$want awk '/^```mermaid$/ { print ENVIRON["graph"]; skip = 1; next }
		skip && /^```$/ { skip = 0; next } !skip' "$doc" >"$out"
	cat "$out" >"$doc"
	;;
-c)
	ok=true
	if ! diff <(awk '/^```mermaid$/,/^```$/' "$doc") <(echo "$want") >&2; then
		echo "$doc: the import graph is stale (<: the page, >: the code): run $0 -w" >&2
		ok=false
	fi
	while read -r cmd _ deps; do # each command's row names each of its imports
		row=$(grep -F "| \`$cmd\`" "$doc" || grep -E "^\| [^|]*\`$cmd\`" "$doc" || true)
		if [[ -z $row ]]; then
			echo "$doc: no row for $cmd" >&2
			ok=false
			continue
		fi
		for dep in ${deps//,/ }; do
			if ! grep -qF "\`$dep\`" <<<"$row"; then
				echo "$doc: $cmd's row leaves out its import $dep" >&2
				ok=false
			fi
		done
	done <<<"$commands"
	$ok
	;;
esac
