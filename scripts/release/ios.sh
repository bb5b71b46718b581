#!/usr/bin/env bash
# The iOS app for a release (the workflow's ios job, on macos-latest; any
# Mac with Xcode and Go 1.26), by the fyne tool v1.7.4, tags no_emoji,
# CFBundleShortVersionString = FyneApp.toml's Version, CFBundleVersion =
# its Build.
#
# Signed, where the secrets are set:
#   IOS_CERTIFICATE_P12_BASE64 + IOS_CERTIFICATE_PASSWORD   an "Apple
#     Distribution" certificate with its private key (.p12, base64)
#   IOS_PROVISIONING_PROFILE_BASE64   an App Store distribution profile for
#     the App ID io.github.huntchess (.mobileprovision, base64)
#   IOS_SIGNING_IDENTITY (optional)   the identity's name (default: the
#     first "Apple Distribution" / "iPhone Distribution" one in the .p12)
# writes
#   build/release/hunt-chess-<version>-ios-arm64.ipa   `fyne release -os
#     ios`: signed for the App Store; upload it to App Store Connect
#     (Transporter, or xcrun altool) for TestFlight and review. It installs
#     on no phone directly (an App Store profile lists no devices).
#
# Unsigned, without them:
#   build/release/hunt-chess-<version>-ios-simulator-<arch>.zip   a zipped
#     Hunt-Chess.app built for the iOS Simulator on a Mac of <arch> (arm64:
#     Apple silicon, the hosted runner), signed ad hoc, as the Simulator
#     wants: unzip, then `xcrun simctl install booted Hunt-Chess.app` and
#     `xcrun simctl launch booted io.github.huntchess`. It is NOT an
#     iPhone/iPad build: no device installs it, the App Store takes it not.
#   The fyne tool looks up a signing certificate for its team ID even for
#   the Simulator, and Xcode then signs; so this script puts a throwaway
#   self-signed certificate (team "UNSIGNED00") in a temporary keychain and
#   turns Xcode's signing off (XCODE_XCCONFIG_FILE: CODE_SIGNING_ALLOWED=NO).
#
# Usage: scripts/release/ios.sh
set -euo pipefail
# shellcheck source=scripts/release/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=scripts/release/apple.sh
. "$(dirname "${BASH_SOURCE[0]}")/apple.sh"

case "${1:-}" in
  -h | --help) sed -n '2,31p' "$0"; exit 0 ;;
  "") ;;
  *) rel_die "usage: $0" ;;
esac
[ "$(uname -s)" = Darwin ] || rel_die "builds on macOS only (the workflow's macos-latest runner)"
rel_need xcrun xcodebuild codesign ditto security openssl

rel_fyne_tool
rel_keep_metadata

# The fyne tool builds mobile apps from the current folder only and writes
# Hunt-Chess.app / Hunt-Chess.ipa there.
label="$(echo "$APP_NAME" | tr ' ' '-')"
rm -rf "$label.app" "$label.ipa"
lib_on_exit "rm -rf '$ROOT/$label.app' '$ROOT/$label.ipa'"
common=(-app-id "$APP_ID" -name "$APP_NAME" -icon Icon.png
  -app-version "$VERSION" -app-build "$BUILD" -tags "$TAGS")

if [ -n "${IOS_CERTIFICATE_P12_BASE64:-}" ] || [ -n "${IOS_PROVISIONING_PROFILE_BASE64:-}" ]; then
  [ -n "${IOS_CERTIFICATE_P12_BASE64:-}" ] || rel_die "IOS_PROVISIONING_PROFILE_BASE64 is set but IOS_CERTIFICATE_P12_BASE64 is not"
  [ -n "${IOS_PROVISIONING_PROFILE_BASE64:-}" ] || rel_die "IOS_CERTIFICATE_P12_BASE64 is set but IOS_PROVISIONING_PROFILE_BASE64 is not"
  apple_import_p12 "$IOS_CERTIFICATE_P12_BASE64" "${IOS_CERTIFICATE_PASSWORD:-}"
  identity="${IOS_SIGNING_IDENTITY:-$(apple_identity '^(Apple|iPhone) Distribution:')}"
  [ -n "$identity" ] || rel_die "the .p12 holds no \"Apple Distribution\" identity"

  # The profile where Xcode looks for it (both the old and the Xcode 16
  # folders), named by its UUID; removed at exit.
  profile="$_APPLE_DIR/profile.mobileprovision"
  apple_decode "$IOS_PROVISIONING_PROFILE_BASE64" "$profile"
  security cms -D -i "$profile" >"$_APPLE_DIR/profile.plist"
  uuid="$(/usr/libexec/PlistBuddy -c 'Print :UUID' "$_APPLE_DIR/profile.plist")"
  profile_name="$(/usr/libexec/PlistBuddy -c 'Print :Name' "$_APPLE_DIR/profile.plist")"
  app_ident="$(/usr/libexec/PlistBuddy -c 'Print :Entitlements:application-identifier' "$_APPLE_DIR/profile.plist")"
  case "$app_ident" in
    *."$APP_ID") ;;
    *) rel_die "the profile \"$profile_name\" is for $app_ident, not for $APP_ID" ;;
  esac
  for d in "$HOME/Library/MobileDevice/Provisioning Profiles" "$HOME/Library/Developer/Xcode/UserData/Provisioning Profiles"; do
    mkdir -p "$d"
    cp "$profile" "$d/$uuid.mobileprovision"
    lib_on_exit "rm -f '$d/$uuid.mobileprovision'"
  done
  rel_say "fyne release -os ios, signed by \"$identity\", profile \"$profile_name\""
  "$FYNE" release -os ios "${common[@]}" -certificate "$identity" -profile "$profile_name"
  [ -s "$label.ipa" ] || rel_die "fyne release wrote no $label.ipa"
  out="$(rel_artefact ios arm64 ipa)"
  mv -f "$label.ipa" "$out"
  rel_wrote "$out"
  exit 0
fi

rel_say "no iOS signing secrets (IOS_CERTIFICATE_P12_BASE64): an unsigned iOS Simulator build"
apple_keychain
cert_name="Hunt Chess unsigned build"
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$cert_name/OU=UNSIGNED00" \
  -keyout "$_APPLE_DIR/key.pem" -out "$_APPLE_DIR/cert.pem" 2>/dev/null
security import "$_APPLE_DIR/cert.pem" -k "$KEYCHAIN" >/dev/null
cat >"$_APPLE_DIR/unsigned.xcconfig" <<'XCCONFIG'
CODE_SIGNING_ALLOWED = NO
CODE_SIGNING_REQUIRED = NO
CODE_SIGN_IDENTITY =
CODE_SIGN_IDENTITY[sdk=iphoneos*] =
CODE_SIGN_ENTITLEMENTS =
PROVISIONING_PROFILE_SPECIFIER =
XCCONFIG
XCODE_XCCONFIG_FILE="$_APPLE_DIR/unsigned.xcconfig" \
  "$FYNE" package -os iossimulator -release "${common[@]}" -certificate "$cert_name" -profile ""
[ -d "$label.app" ] || rel_die "fyne package wrote no $label.app"
codesign --verify --verbose=2 "$label.app" || rel_die "$label.app is not signed ad hoc"
case "$(uname -m)" in
  arm64) arch=arm64 ;;
  x86_64) arch=amd64 ;;
  *) arch="$(uname -m)" ;;
esac
out="$(rel_artefact ios-simulator "$arch" zip)"
rm -f "$out"
ditto -c -k --keepParent "$label.app" "$out"
rel_wrote "$out"
