#!/usr/bin/env bash
# Gradescope autograder image set-up (runs once, as root, when the image is built).
#
# Zip this folder's two files together with the workbook itself under source/ (the
# instructor's copy: its checks grade, the student's play no part), e.g.
#   git archive --prefix=source/ HEAD -o autograder.zip && zip -j autograder.zip .gradescope/setup.sh .gradescope/run_autograder
# Gradescope unpacks it to /autograder/source.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq curl ca-certificates git libcmark-dev pkg-config bubblewrap \
    binutils libc6-dev libcurl4-openssl-dev libedit2 libgcc-13-dev libpython3-dev libsqlite3-0 \
    libstdc++-13-dev libxml2-dev libncurses-dev libz3-dev tzdata unzip zlib1g-dev

# Swift, from swift.org's release for the image's Ubuntu.
SWIFT_VERSION="${SWIFT_VERSION:-6.1.2}"
. /etc/os-release
platform="ubuntu${VERSION_ID}"
curl -fsSL "https://download.swift.org/swift-${SWIFT_VERSION}-release/${platform//./}/swift-${SWIFT_VERSION}-RELEASE/swift-${SWIFT_VERSION}-RELEASE-${platform}.tar.gz" \
    | tar -xz -C /opt
ln -sf "/opt/swift-${SWIFT_VERSION}-RELEASE-${platform}/usr/bin/"* /usr/local/bin/

# Build the workbook once, so each submission only grades: the command, and the grading kit
# (the driver and the library as one library, which every grading program links).
cd /autograder/source
swift build --product workbook
.build/debug/workbook dev kit
