# Signing helpers of macos.sh and ios.sh (macOS only). Source it after
# common.sh.
#
#   apple_keychain                 a temporary keychain, unlocked, put first
#                                  in the user's search list; deleted (and
#                                  the list put back) at exit. Sets KEYCHAIN.
#   apple_import_p12 BASE64 PASS   imports a .p12 (certificate and private
#                                  key, base64-encoded) into it, usable by
#                                  codesign without a prompt
#   apple_identity PATTERN         prints the first code-signing identity in
#                                  it whose name matches PATTERN (grep -E)
#   apple_decode BASE64 FILE       base64 text into FILE
# shellcheck shell=bash

KEYCHAIN=""

apple_decode() {
  printf '%s' "$1" | base64 --decode >"$2" 2>/dev/null ||
    printf '%s' "$1" | base64 -D >"$2" ||
    rel_die "a secret is not valid base64"
}

_APPLE_OLD_KEYCHAINS=()
_APPLE_DIR=""
_APPLE_KEYCHAIN_PASS=""

_apple_cleanup() {
  [ -n "$KEYCHAIN" ] || return 0
  security list-keychains -d user -s ${_APPLE_OLD_KEYCHAINS[@]+"${_APPLE_OLD_KEYCHAINS[@]}"} || true
  security delete-keychain "$KEYCHAIN" 2>/dev/null || true
  rm -rf "$_APPLE_DIR"
  KEYCHAIN=""
}

apple_keychain() {
  [ -z "$KEYCHAIN" ] || return 0
  rel_need security openssl
  local line
  while IFS= read -r line; do
    line="${line#"${line%%[![:space:]]*}"}" # leading blanks
    line="${line#\"}"
    line="${line%\"}"
    [ -n "$line" ] && _APPLE_OLD_KEYCHAINS+=("$line")
  done < <(security list-keychains -d user)
  _APPLE_DIR="$(mktemp -d "${TMPDIR:-/tmp}/signing.XXXXXX")"
  chmod 700 "$_APPLE_DIR"
  KEYCHAIN="$_APPLE_DIR/release.keychain-db"
  _APPLE_KEYCHAIN_PASS="$(openssl rand -hex 24)"
  lib_on_exit _apple_cleanup
  security create-keychain -p "$_APPLE_KEYCHAIN_PASS" "$KEYCHAIN"
  security set-keychain-settings -lut 21600 "$KEYCHAIN"
  security unlock-keychain -p "$_APPLE_KEYCHAIN_PASS" "$KEYCHAIN"
  security list-keychains -d user -s "$KEYCHAIN" ${_APPLE_OLD_KEYCHAINS[@]+"${_APPLE_OLD_KEYCHAINS[@]}"}
}

apple_import_p12() {
  apple_keychain
  local p12
  p12="$_APPLE_DIR/cert.p12"
  apple_decode "$1" "$p12"
  security import "$p12" -k "$KEYCHAIN" -P "$2" -f pkcs12 -T /usr/bin/codesign -T /usr/bin/security -T /usr/bin/productsign
  rm -f "$p12"
  security set-key-partition-list -S apple-tool:,apple:,codesign: -s -k "$_APPLE_KEYCHAIN_PASS" "$KEYCHAIN" >/dev/null
}

apple_identity() {
  security find-identity -v -p codesigning "$KEYCHAIN" |
    sed -n 's/^[[:space:]]*[0-9]*)[[:space:]]*[0-9A-F]\{40\}[[:space:]]*"\(.*\)"$/\1/p' |
    grep -E "$1" | head -n1
}
