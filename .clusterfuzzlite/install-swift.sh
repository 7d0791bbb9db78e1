#!/bin/bash -eu
# Run by the Dockerfile (the ClusterFuzzLite build image): makes sure the image has a Swift
# toolchain the package accepts, and installs the official swift.org release for Ubuntu 24.04
# if it does not.
#
# The package declares `swift-tools-version: 6.0` (Swift 6 language mode, typed throws), so
# any Swift >= 6.0 will do; the toolchain tested with this repository is 6.3.1 (Fuzz/README.md).
# The OSS-Fuzz Swift builder image brings its own toolchain, whose version OSS-Fuzz's install
# script decides, not this repository; only when that one is older than SWIFT_MINIMUM does
# this script download SWIFT_INSTALL_VERSION, the newest 6.0 patch release (the manifest's
# minimum), for Ubuntu 24.04 (the image's flavour: project.yaml's base_os_version), check its
# signature with the swift.org keys, and put it in /opt/swift (the Dockerfile puts
# /opt/swift/usr/bin first in PATH).
#
#   SWIFT_MINIMUM          oldest acceptable version (default 6.0)
#   SWIFT_INSTALL_VERSION  version to install when the image's is older (default 6.0.3)
#   SWIFT_INSTALL_PREFIX   where to unpack it (default /opt/swift)
#   SWIFT_INSTALL_DRY_RUN  1: only say what would be done (.clusterfuzzlite/check-build.sh)
set -euo pipefail
SWIFT_MINIMUM="${SWIFT_MINIMUM:-6.0}"
SWIFT_INSTALL_VERSION="${SWIFT_INSTALL_VERSION:-6.0.3}"
SWIFT_INSTALL_PREFIX="${SWIFT_INSTALL_PREFIX:-/opt/swift}"
DRY_RUN="${SWIFT_INSTALL_DRY_RUN:-0}"

# The swift.org download layout for a release on Ubuntu 24.04, e.g.
# https://download.swift.org/swift-6.0.3-release/ubuntu2404/swift-6.0.3-RELEASE/swift-6.0.3-RELEASE-ubuntu24.04.tar.gz
NAME="swift-${SWIFT_INSTALL_VERSION}-RELEASE-ubuntu24.04"
URL="https://download.swift.org/swift-${SWIFT_INSTALL_VERSION}-release/ubuntu2404/swift-${SWIFT_INSTALL_VERSION}-RELEASE/${NAME}.tar.gz"
KEYS_URL="https://swift.org/keys/all-keys.asc"

# "Swift version 6.3.1 (swift-6.3.1-RELEASE)" -> 6.3.1; empty without a toolchain.
version_of() {  # swift-executable
  local out
  out=$("$1" --version 2>/dev/null || true)
  sed -n 's/.*Swift version \([0-9][0-9.]*[0-9]\).*/\1/p' <<< "$out" | sed -n 1p
}
at_least() {  # version minimum
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]
}

HAVE=$(version_of swift)
if [ -n "$HAVE" ] && at_least "$HAVE" "$SWIFT_MINIMUM"; then
  echo "install-swift: Swift $HAVE >= $SWIFT_MINIMUM, keeping it (would otherwise install $URL)"
  exit 0
fi
echo "install-swift: Swift ${HAVE:-(none)} < $SWIFT_MINIMUM: installing $SWIFT_INSTALL_VERSION from $URL"
if [ "$DRY_RUN" = 1 ]; then
  exit 0
fi

. /etc/os-release
if [ "${VERSION_ID:-}" != "24.04" ]; then
  echo "install-swift: this installs the Ubuntu 24.04 build, but the image is ${PRETTY_NAME:-unknown};" \
    "use the ubuntu-24-04 builder image (Dockerfile, project.yaml base_os_version)" >&2
  exit 1
fi

# curl and gpg for the download and its signature (the image has the toolchain's run-time
# dependencies already: its own Swift was installed the same way).
apt-get update
apt-get install -y --no-install-recommends ca-certificates curl gnupg

WORK=$(mktemp -d)
curl -fsSL --retry 3 -o "$WORK/$NAME.tar.gz" "$URL"
curl -fsSL --retry 3 -o "$WORK/$NAME.tar.gz.sig" "$URL.sig"
export GNUPGHOME="$WORK/gnupg"
mkdir -m 700 "$GNUPGHOME"
curl -fsSL --retry 3 "$KEYS_URL" | gpg --batch --quiet --import
gpg --batch --verify "$WORK/$NAME.tar.gz.sig" "$WORK/$NAME.tar.gz"

mkdir -p "$SWIFT_INSTALL_PREFIX"
tar xzf "$WORK/$NAME.tar.gz" -C "$SWIFT_INSTALL_PREFIX" --strip-components=1
rm -rf "$WORK"

INSTALLED=$(version_of "$SWIFT_INSTALL_PREFIX/usr/bin/swift")
if [ -z "$INSTALLED" ] || ! at_least "$INSTALLED" "$SWIFT_MINIMUM"; then
  echo "install-swift: the installed toolchain reports '${INSTALLED:-nothing}'" >&2
  exit 1
fi
echo "install-swift: Swift $INSTALLED in $SWIFT_INSTALL_PREFIX/usr/bin"
