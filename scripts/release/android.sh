#!/usr/bin/env bash
# The Android app for a release (the workflow's android job, on
# ubuntu-latest, whose image has the Android SDK (ANDROID_HOME), an NDK
# (ANDROID_NDK_HOME) and a JDK; any Linux or macOS machine with those and Go
# 1.26), with the fyne tool v1.7.4 (build/bin/fyne), for every Android CPU
# type (arm, arm64, 386, amd64: "universal"), versionName = FyneApp.toml's
# Version, versionCode = its Build.
#
# With a signing key (ANDROID_KEYSTORE_BASE64 or ANDROID_KEYSTORE, and
# ANDROID_KEYSTORE_PASSWORD, ANDROID_KEY_ALIAS; ANDROID_KEY_PASSWORD where
# the key's password is not the store's):
#   build/release/hunt-chess-<version>-android-universal.aab   `fyne release
#         -os android`: the bundle for Google Play, signed (jarsigner)
#   build/release/hunt-chess-<version>-android-universal.apk   the universal
#         APK bundletool makes from that bundle, signed with the same key:
#         installs on any phone (adb install, or opened on the phone)
# Needs bundletool on PATH (or BUNDLETOOL_JAR=path/to/bundletool-all.jar),
# and jarsigner and java (a JDK).
#
# Without one:
#   build/release/hunt-chess-<version>-android-debug-universal.apk
#         `fyne package -os android`: a debug build signed with the fyne
#         tool's fixed debug key; it installs and updates over an earlier
#         debug build, but Google Play refuses it, and it cannot update (nor
#         be updated by) a build signed with the release key. No bundle.
#
# Usage: scripts/release/android.sh
set -euo pipefail
# shellcheck source=scripts/release/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case "${1:-}" in
  -h | --help) sed -n '2,27p' "$0"; exit 0 ;;
  "") ;;
  *) rel_die "usage: $0" ;;
esac

# The NDK: ANDROID_NDK_HOME, else the other names GitHub's images set, else
# the newest under $ANDROID_HOME/ndk/.
if [ -z "${ANDROID_NDK_HOME:-}" ]; then
  ANDROID_NDK_HOME="${ANDROID_NDK_LATEST_HOME:-${ANDROID_NDK_ROOT:-${ANDROID_NDK:-}}}"
  if [ -z "$ANDROID_NDK_HOME" ] && [ -d "${ANDROID_HOME:-/nonexistent}/ndk" ]; then
    ANDROID_NDK_HOME="$(find "$ANDROID_HOME/ndk" -mindepth 1 -maxdepth 1 -type d | sort -V | tail -n1)"
  fi
fi
if [ -z "$ANDROID_NDK_HOME" ] || [ ! -d "$ANDROID_NDK_HOME" ]; then
  rel_die "no Android NDK: set ANDROID_NDK_HOME (README \"Android\")"
fi
export ANDROID_NDK_HOME
rel_say "NDK: $ANDROID_NDK_HOME"

rel_fyne_tool
rel_keep_metadata

# The fyne tool builds mobile apps from the current folder only, and writes
# Hunt_Chess.apk / .aab there.
pkg="$(echo "$APP_NAME" | tr ' ' '_')"
rm -f "$pkg.apk" "$pkg.aab"
lib_on_exit "rm -f '$ROOT/$pkg.apk' '$ROOT/$pkg.aab'"
common=(-os android -app-id "$APP_ID" -name "$APP_NAME" -icon Icon.png
  -app-version "$VERSION" -app-build "$BUILD" -tags "$TAGS")

signing=0
if [ -n "${ANDROID_KEYSTORE_BASE64:-}" ] || [ -n "${ANDROID_KEYSTORE:-}" ]; then
  signing=1
  [ -n "${ANDROID_KEYSTORE_PASSWORD:-}" ] || rel_die "ANDROID_KEYSTORE_PASSWORD is not set"
  [ -n "${ANDROID_KEY_ALIAS:-}" ] || rel_die "ANDROID_KEY_ALIAS is not set"
fi

if [ "$signing" = 0 ]; then
  rel_say "no signing key (ANDROID_KEYSTORE_BASE64): a debug-signed APK"
  "$FYNE" package "${common[@]}"
  out="$(rel_artefact android-debug universal apk)"
  mv -f "$pkg.apk" "$out"
  rel_wrote "$out"
  exit 0
fi

# A release: the keystore in a private temporary folder.
if [ -n "${BUNDLETOOL_JAR:-}" ] && ! command -v bundletool >/dev/null 2>&1; then
  [ -f "$BUNDLETOOL_JAR" ] || rel_die "BUNDLETOOL_JAR=$BUNDLETOOL_JAR is not a file"
  printf '#!/bin/sh\nexec java -jar "%s" "$@"\n' "$(cd "$(dirname "$BUNDLETOOL_JAR")" && pwd)/$(basename "$BUNDLETOOL_JAR")" >build/bin/bundletool
  chmod +x build/bin/bundletool
  PATH="$ROOT/build/bin:$PATH"
fi
rel_need bundletool jarsigner java unzip
[ -n "${ANDROID_HOME:-}" ] || rel_die "ANDROID_HOME (the Android SDK: build-tools' aapt2, zipalign) is not set"

secret="$(mktemp -d "${TMPDIR:-/tmp}/android-key.XXXXXX")"
chmod 700 "$secret"
lib_on_exit "rm -rf '$secret'"
ks="$secret/release.keystore"
if [ -n "${ANDROID_KEYSTORE_BASE64:-}" ]; then
  printf '%s' "$ANDROID_KEYSTORE_BASE64" | base64 --decode >"$ks" || rel_die "ANDROID_KEYSTORE_BASE64 is not base64"
else
  cp "$ANDROID_KEYSTORE" "$ks"
fi
key_pass="${ANDROID_KEY_PASSWORD:-$ANDROID_KEYSTORE_PASSWORD}"

# fyne release v1.7.4 stores --key-pass in the keystore's password (the
# flag is bound to the wrong field), so it is never given: jarsigner tries
# the store's password for the key, and where that is not the key's it
# asks for the key's password on standard input, which gets it.
rel_say "fyne release -os android: the signed bundle"
printf '%s\n' "$key_pass" | "$FYNE" release "${common[@]}" \
  -keystore "$ks" -keystore-pass "$ANDROID_KEYSTORE_PASSWORD" -key-name "$ANDROID_KEY_ALIAS"
[ -s "$pkg.aab" ] || rel_die "fyne release wrote no $pkg.aab"
# (grep reads it all: no early exit, no SIGPIPE under pipefail)
jarsigner -verify "$pkg.aab" 2>&1 | grep '^jar verified' >/dev/null ||
  rel_die "$pkg.aab does not verify as signed (jarsigner -verify)"
aab="$(rel_artefact android universal aab)"
mv -f "$pkg.aab" "$aab"

rel_say "bundletool build-apks --mode=universal: the signed APK"
apks="$secret/universal.apks"
bundletool build-apks --bundle="$aab" --output="$apks" --mode=universal \
  --ks="$ks" --ks-pass="pass:$ANDROID_KEYSTORE_PASSWORD" \
  --ks-key-alias="$ANDROID_KEY_ALIAS" --key-pass="pass:$key_pass"
apk="$(rel_artefact android universal apk)"
unzip -p "$apks" universal.apk >"$apk"
apksigner="$(find "$ANDROID_HOME/build-tools" -name apksigner -type f 2>/dev/null | sort -V | tail -n1)"
if [ -n "$apksigner" ]; then
  "$apksigner" verify "$apk" || rel_die "$apk does not verify (apksigner verify)"
else
  rel_say "note: no apksigner in $ANDROID_HOME/build-tools: the APK's signature not checked"
fi
rel_wrote "$aab" "$apk"
