#!/usr/bin/env bash
# Makes person-camera.mjpeg, the fake camera of tests/e2e/cameraEffects.spec.ts: a person in a room
# at 640x360. The photo is NASA's portrait of astronaut Eileen Collins (public domain), as shipped in
# scikit-image's sample data (Debian package python3-skimage); the sides are padded with a plain wall.
# Needs apt-get, dpkg, imagemagick and ffmpeg.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download python3-skimage >/dev/null && dpkg -x python3-skimage_*.deb pkg)
convert "$work"/pkg/usr/lib/python3/dist-packages/skimage/data/astronaut.png \
  -resize 360x360 -background '#8a8f96' -gravity center -extent 640x360 "$work/frame.png"
ffmpeg -v error -y -i "$work/frame.png" -frames:v 1 -pix_fmt yuvj420p -q:v 4 -f mjpeg "$here/person-camera.mjpeg"
echo "wrote $here/person-camera.mjpeg"
