#!/usr/bin/env bash
# Authenticode-signs Windows files (the program, the installer) in place
# with osslsigncode, then checks each signature with `osslsigncode verify`.
#
# Usage: scripts/sign-windows.sh FILE...          (make sign-windows: the built
#                                                 program and installer)
#        scripts/sign-windows.sh --self-signed FILE...
#
# The certificate (a code-signing certificate with its key, as a PFX/.p12):
#   WINDOWS_SIGN_PFX          its path, or
#   WINDOWS_SIGN_PFX_BASE64   the file in base64 (base64 -w0 cert.pfx; the
#                             release workflow's secret)
#   WINDOWS_SIGN_PASSWORD     its password
#   WINDOWS_SIGN_TIMESTAMP    an RFC 3161 timestamp server (default
#                             http://timestamp.digicert.com; "none" for no
#                             timestamp: the signature then ends with the
#                             certificate)
# Without a certificate it signs nothing, says so (a GitHub Actions notice in
# a workflow) and exits 0: an unsigned build is still a build.
#
# --self-signed makes a throw-away certificate with openssl first (in a
# temporary folder, deleted at exit) and signs with it, without a timestamp:
# to try signing here. Windows does not trust such a signature.
set -euo pipefail

self_signed=0
if [ "${1:-}" = "--self-signed" ]; then
	self_signed=1
	shift
fi
[ $# -ge 1 ] || { echo "usage: $0 [--self-signed] FILE..." >&2; exit 2; }

say() { echo "sign-windows: $*"; }
notice() {
	if [ -n "${GITHUB_ACTIONS:-}" ]; then echo "::notice title=Windows not signed::$*"; else say "$*"; fi
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pfx="${WINDOWS_SIGN_PFX:-}"
pass="${WINDOWS_SIGN_PASSWORD:-}"
ts="${WINDOWS_SIGN_TIMESTAMP:-http://timestamp.digicert.com}"
verify_args=()

if [ "$self_signed" = 1 ]; then
	pass="throw-away"
	openssl req -x509 -newkey rsa:3072 -sha256 -days 2 -nodes -subj "/CN=Hunt Chess test signing (throw-away)/O=Hunt Chess" \
		-addext "extendedKeyUsage=codeSigning" -addext "keyUsage=digitalSignature" \
		-keyout "$tmp/key.pem" -out "$tmp/cert.pem" 2>/dev/null
	openssl pkcs12 -export -inkey "$tmp/key.pem" -in "$tmp/cert.pem" -out "$tmp/cert.pfx" -passout "pass:$pass"
	pfx="$tmp/cert.pfx"
	ts=none
	verify_args=(-CAfile "$tmp/cert.pem")
	say "throw-away certificate: $(openssl x509 -in "$tmp/cert.pem" -noout -subject -fingerprint -sha256)"
elif [ -z "$pfx" ] && [ -n "${WINDOWS_SIGN_PFX_BASE64:-}" ]; then
	base64 -d <<<"$WINDOWS_SIGN_PFX_BASE64" >"$tmp/cert.pfx"
	pfx="$tmp/cert.pfx"
fi
if [ -z "$pfx" ]; then
	notice "no code-signing certificate (WINDOWS_SIGN_PFX_BASE64 / WINDOWS_SIGN_PFX): $* left unsigned; SmartScreen will warn (docs/releasing.md)"
	exit 0
fi
command -v osslsigncode >/dev/null || { echo "sign-windows: error: osslsigncode missing (scripts/deps.sh windows)" >&2; exit 1; }

for f in "$@"; do
	[ -f "$f" ] || { echo "sign-windows: error: no file $f" >&2; exit 1; }
	args=(sign -pkcs12 "$pfx" -pass "$pass" -h sha256 -n "Hunt Chess")
	[ "$ts" = none ] || args+=(-ts "$ts")
	osslsigncode "${args[@]}" -in "$f" -out "$tmp/signed" >"$tmp/sign.log" 2>&1 ||
		{ cat "$tmp/sign.log" >&2; echo "sign-windows: error: signing $f failed" >&2; exit 1; }
	mv -f "$tmp/signed" "$f"
	say "signed $f"
	osslsigncode verify "${verify_args[@]}" -in "$f" ||
		{ echo "sign-windows: error: the signature of $f does not verify" >&2; exit 1; }
done
