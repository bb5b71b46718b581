#!/usr/bin/env bash
# Checks that a release tag names the version in FyneApp.toml: the tag must
# be exactly "v" + [Details] Version (v0.1.0 for Version = "0.1.0"). The
# release workflow's first job runs it; run it before pushing a tag.
#
# Usage: scripts/release/check-tag.sh [TAG]
#        (default: $GITHUB_REF_NAME, the tag or branch a workflow runs for)
#        scripts/release/check-tag.sh --version   prints the version alone
# Exits 1 on a mismatch.
set -euo pipefail
# shellcheck source=scripts/release/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case "${1:-}" in
  -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
  --version) echo "$VERSION"; exit 0 ;;
esac
[ $# -le 1 ] || rel_die "usage: $0 [TAG]"
tag="${1:-${GITHUB_REF_NAME:-}}"
[ -n "$tag" ] || rel_die "no tag given (and GITHUB_REF_NAME is not set)"
if [ "$tag" != "v$VERSION" ]; then
  rel_die "tag '$tag' does not match FyneApp.toml's Version '$VERSION': tag v$VERSION, or set Version to ${tag#v} and tag again"
fi
rel_say "tag $tag matches FyneApp.toml (Version $VERSION, Build $BUILD)"
