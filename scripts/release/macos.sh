#!/usr/bin/env bash
# The macOS app for a release (the workflow's macos job, on macos-latest;
# any Mac with Xcode's command-line tools and Go 1.26):
#
#   build/release/hunt-chess-<version>-macos-universal.dmg   "Hunt Chess.app"
#                     and a link to /Applications, to drag it across
#   build/release/hunt-chess-<version>-macos-universal.zip   the same .app
#                     (ditto), also the fallback where hdiutil fails
#
# The app is built twice by the fyne tool v1.7.4 (fyne package -os darwin
# -release, tags no_emoji), for arm64 and for amd64 (cgo cross-compiles
# with Xcode's clang), and the two executables are joined with lipo: one
# universal app for Apple-silicon and Intel Macs, macOS 12 or later
# (MACOSX_DEPLOYMENT_TARGET; Go 1.26's minimum). MACOS_ARCH=arm64 or amd64
# builds one (then named -macos-arm64 / -macos-amd64).
#
# Signing:
#   MACOS_CERTIFICATE_P12_BASE64 + MACOS_CERTIFICATE_PASSWORD: a "Developer
#     ID Application" certificate with its private key (.p12, base64),
#     imported into a temporary keychain; MACOS_SIGNING_IDENTITY chooses
#     the identity (default: the first "Developer ID Application" one). A
#     developer whose login keychain has the identity sets
#     MACOS_SIGNING_IDENTITY alone. The app is signed with the hardened
#     runtime and a timestamp, then the .dmg.
#   APPLE_ID + APPLE_TEAM_ID + APPLE_APP_PASSWORD (an app-specific
#     password) as well: the .dmg is notarized (xcrun notarytool submit
#     --wait) and the ticket stapled to the .dmg and the .app (so the zip's
#     app carries it too).
#   None: the app is signed ad hoc (codesign -s -). It runs on Apple
#     silicon, but Gatekeeper stops its first start ("cannot be opened
#     because the developer cannot be verified": Control-click → Open, or
#     System Settings → Privacy & Security → Open Anyway).
#
# Usage: scripts/release/macos.sh
set -euo pipefail
# shellcheck source=scripts/release/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=scripts/release/apple.sh
. "$(dirname "${BASH_SOURCE[0]}")/apple.sh"

case "${1:-}" in
  -h | --help) sed -n '2,32p' "$0"; exit 0 ;;
  "") ;;
  *) rel_die "usage: $0" ;;
esac
[ "$(uname -s)" = Darwin ] || rel_die "builds on macOS only (the workflow's macos-latest runner)"
rel_need codesign lipo ditto xcrun

arch_name="${MACOS_ARCH:-universal}"
case "$arch_name" in
  universal) archs="arm64 amd64" ;;
  arm64 | amd64) archs="$arch_name" ;;
  *) rel_die "MACOS_ARCH must be universal, arm64 or amd64" ;;
esac
export MACOSX_DEPLOYMENT_TARGET="${MACOSX_DEPLOYMENT_TARGET:-12.0}"

rel_fyne_tool
rel_keep_metadata

work="$ROOT/build/macos"
rm -rf "$work"
mkdir -p "$work"
app="$work/$APP_NAME.app"

for arch in $archs; do
  rel_say "fyne package -os darwin -release ($arch)"
  mkdir -p "$work/$arch"
  (cd "$work/$arch" && GOOS=darwin GOARCH="$arch" CGO_ENABLED=1 "$FYNE" package -os darwin -release \
    -name "$APP_NAME" -app-id "$APP_ID" -app-version "$VERSION" -app-build "$BUILD" \
    -icon "$ROOT/Icon.png" -tags "$TAGS" -src "$ROOT")
  [ -d "$work/$arch/$APP_NAME.app" ] || rel_die "fyne package wrote no $APP_NAME.app for $arch"
done

# The first architecture's bundle, with the executables joined.
first="${archs%% *}"
mv "$work/$first/$APP_NAME.app" "$app"
exe_name="$(/usr/libexec/PlistBuddy -c 'Print :CFBundleExecutable' "$app/Contents/Info.plist")"
exe="$app/Contents/MacOS/$exe_name"
[ -f "$exe" ] || rel_die "no executable $exe"
if [ "$arch_name" = universal ]; then
  lipo -create -output "$exe.universal" "$exe" "$work/amd64/$APP_NAME.app/Contents/MacOS/$exe_name"
  mv -f "$exe.universal" "$exe"
  chmod +x "$exe"
fi
rel_say "$(lipo -info "$exe")"

# Signing.
identity="${MACOS_SIGNING_IDENTITY:-}"
if [ -n "${MACOS_CERTIFICATE_P12_BASE64:-}" ]; then
  apple_import_p12 "$MACOS_CERTIFICATE_P12_BASE64" "${MACOS_CERTIFICATE_PASSWORD:-}"
  [ -n "$identity" ] || identity="$(apple_identity '^Developer ID Application:')"
  [ -n "$identity" ] || rel_die "the .p12 holds no \"Developer ID Application\" identity"
fi
if [ -n "$identity" ]; then
  rel_say "signing with \"$identity\" (hardened runtime)"
  codesign --force --options runtime --timestamp --sign "$identity" ${KEYCHAIN:+--keychain "$KEYCHAIN"} "$app"
else
  rel_say "no signing identity (MACOS_CERTIFICATE_P12_BASE64): signed ad hoc, not notarized"
  codesign --force --sign - "$app"
fi
codesign --verify --strict --verbose=2 "$app"

base="$(rel_artefact macos "$arch_name" x)"
base="${base%.x}"
dmg="$base.dmg"
zip="$base.zip"
rm -f "$dmg" "$zip"

# The .dmg: the app and a link to /Applications. hdiutil is known to fail
# now and then on hosted runners ("Resource busy"): three tries, then the
# zip alone.
stage="$work/dmg"
mkdir -p "$stage"
ditto "$app" "$stage/$APP_NAME.app"
ln -s /Applications "$stage/Applications"
made_dmg=0
for try in 1 2 3; do
  if hdiutil create -volname "$APP_NAME $VERSION" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg"; then
    made_dmg=1
    break
  fi
  rel_say "hdiutil create failed (try $try of 3)"
  sleep 5
done
if [ "$made_dmg" = 1 ] && [ -n "$identity" ]; then
  codesign --force --timestamp --sign "$identity" ${KEYCHAIN:+--keychain "$KEYCHAIN"} "$dmg"
fi

# Notarization, where the Apple ID's secrets are set.
if [ -n "$identity" ] && [ -n "${APPLE_ID:-}" ] && [ -n "${APPLE_TEAM_ID:-}" ] && [ -n "${APPLE_APP_PASSWORD:-}" ]; then
  target="$dmg"
  if [ "$made_dmg" = 0 ]; then
    target="$work/notarize.zip"
    ditto -c -k --keepParent "$app" "$target"
  fi
  rel_say "notarizing $(basename "$target") (xcrun notarytool submit --wait)"
  xcrun notarytool submit "$target" --apple-id "$APPLE_ID" --team-id "$APPLE_TEAM_ID" \
    --password "$APPLE_APP_PASSWORD" --wait --timeout 1h
  [ "$made_dmg" = 0 ] || xcrun stapler staple "$dmg"
  xcrun stapler staple "$app"
  spctl --assess --type execute --verbose=2 "$app" || rel_die "Gatekeeper refuses the notarized app"
elif [ -n "$identity" ]; then
  rel_say "warning: APPLE_ID, APPLE_TEAM_ID or APPLE_APP_PASSWORD not set: signed but not notarized"
fi

ditto -c -k --keepParent "$app" "$zip"
if [ "$made_dmg" = 1 ]; then
  rel_wrote "$dmg" "$zip"
else
  rel_say "warning: no .dmg (hdiutil failed three times): the zip alone"
  rel_wrote "$zip"
fi
