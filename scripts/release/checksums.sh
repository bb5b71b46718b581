#!/usr/bin/env bash
# SHA256SUMS over a release folder: one `sha256sum` line ("HASH  NAME") for
# every file under it but SHA256SUMS itself, sorted by name (C locale),
# names relative to the folder (pack/manifest.json, …), then checked back
# with `sha256sum -c`. The release workflow's last job runs it over all the
# artefacts it downloaded; scripts/release.sh (make release) runs it too.
# Check a download with:  sha256sum -c --ignore-missing SHA256SUMS
#
# Usage: scripts/release/checksums.sh [DIR]     (default build/release)
# Uses sha256sum, or `shasum -a 256` where there is none (macOS).
set -euo pipefail

case "${1:-}" in
  -h | --help) sed -n '2,11p' "$0"; exit 0 ;;
esac
[ $# -le 1 ] || { echo "usage: $0 [DIR]" >&2; exit 2; }
dir="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/build/release}"
[ -d "$dir" ] || { echo "checksums: error: no folder $dir" >&2; exit 1; }

if command -v sha256sum >/dev/null 2>&1; then
  sum() { sha256sum "$@"; }
elif command -v shasum >/dev/null 2>&1; then
  sum() { shasum -a 256 "$@"; }
else
  echo "checksums: error: neither sha256sum nor shasum found" >&2
  exit 1
fi

cd "$dir"
names=()
while IFS= read -r -d '' f; do
  f="${f#./}"
  [ "$f" = SHA256SUMS ] && continue
  case "$f" in *$'\n'*) echo "checksums: error: a file name with a newline: $f" >&2; exit 1 ;; esac
  names+=("$f")
done < <(find . -type f -print0 | LC_ALL=C sort -z)
[ ${#names[@]} -gt 0 ] || { echo "checksums: error: $dir holds no files" >&2; exit 1; }

sum "${names[@]}" >SHA256SUMS.tmp
mv -f SHA256SUMS.tmp SHA256SUMS
sum -c --quiet SHA256SUMS
echo "checksums: wrote $dir/SHA256SUMS (${#names[@]} files, checked)"
