#!/usr/bin/env bash
# Completes the phone projects the Tauri CLI generates (they need the SDKs, which these machines do
# not have: run this where they are). Order:
#   npm ci && npx tauri android init     (writes src-tauri/gen/android)
#   npx tauri ios init                   (macOS with Xcode: writes src-tauri/gen/apple)
#   scripts/mobile-setup.sh              (this script; run it again after any re-init)
# It copies the localised app names (src-tauri/mobile/) and the launcher icons (src-tauri/icons/,
# made by `npm run icons`) into the generated projects and keeps phones in portrait. The rest of a
# store build is configuration the CLI already reads: tauri.conf.json (identifier, version, Android
# minSdkVersion/versionCode, iOS bundleVersion/minimumSystemVersion) and src-tauri/Info.ios.plist.
# Untested here (no SDK); see the README's "Mobile builds".
set -euo pipefail
cd "$(dirname "$0")/.."
done_any=0

if [ -d src-tauri/gen/android ]; then
  res=src-tauri/gen/android/app/src/main/res
  cp -r src-tauri/mobile/android/res/. "$res/"
  cp -r src-tauri/icons/android/. "$res/"
  manifest=src-tauri/gen/android/app/src/main/AndroidManifest.xml
  # Portrait on phones (Android 16 lets large screens rotate whatever the manifest says).
  if ! grep -q 'android:screenOrientation' "$manifest"; then
    sed -i '0,/<activity/s//<activity android:screenOrientation="userPortrait"/' "$manifest"
  fi
  echo "android: names (en, de, pt, ja), launcher icons and portrait applied to src-tauri/gen/android"
  done_any=1
fi

if [ -d src-tauri/gen/apple ]; then
  app_dir=$(find src-tauri/gen/apple -maxdepth 1 -type d -name '*_iOS' | head -n 1)
  if [ -n "$app_dir" ]; then
    cp -r src-tauri/mobile/ios/. "$app_dir/"
    echo "ios: localised names copied into $app_dir (check that gen/apple/project.yml lists the .lproj folders as resources)"
    done_any=1
  fi
fi

if [ "$done_any" -eq 0 ]; then
  echo "nothing to do: run \`npx tauri android init\` or \`npx tauri ios init\` first (they need the Android SDK/NDK or Xcode)" >&2
  exit 1
fi
