#!/usr/bin/env bash
# Generates the studio's committed assets. Needs sox (with libsox-fmt-all for Ogg Vorbis).
# Re-run after changing a recipe and commit the results; the app never generates at run time.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p sounds
S="sox -q -r 44100 -c 1 -n"
out() { echo "sounds/$1.ogg"; }

# §9 the ten studio sound effects: short, soft, distinct.
$S "$(out go-live)"        synth 0.12 sine 523.25 synth 0.12 sine 659.25 : synth 0.12 sine 659.25 : synth 0.32 sine 783.99 fade q 0.005 0.32 0.2 gain -8
$S "$(out end-stream)"     synth 0.55 sine 783.99-392 fade q 0.01 0.55 0.3 gain -6
$S "$(out error)"          synth 0.18 square 220 synth 0.18 square 220 fade q 0.005 0.18 0.06 gain -18 pad 0 0.05 repeat 1
$S "$(out guest-backstage)" synth 0.35 sine 880 sine 1320 fade q 0.005 0.35 0.3 gain -10
$S "$(out guests-added)"   synth 0.4 pluck 659.25 fade q 0.005 0.4 0.3 gain -6
$S "$(out record)"         synth 0.25 sine 1000 fade q 0.005 0.25 0.1 gain -12 pad 0 0.08 repeat 1
$S "$(out popup)"          synth 0.2 sine 1046.5-1318.5 fade q 0.005 0.2 0.12 gain -10
$S "$(out delete-preset)"  synth 0.3 brownnoise fade q 0.01 0.3 0.25 highpass 800 gain -14
$S "$(out toggle-stage-view)" synth 0.09 sine 1568 fade q 0.003 0.09 0.06 gain -12
$S "$(out exit)"           synth 0.45 sine 659.25-329.63 fade q 0.01 0.45 0.3 gain -8

# §9 speaker test: a gentle two-note chime that loops for the 4 s test.
$S "$(out speaker-test)"   synth 0.5 sine 523.25 synth 0.5 sine 523.25 fade q 0.01 0.5 0.4 gain -8 pad 0 0.1 : synth 0.5 sine 659.25 fade q 0.01 0.5 0.4 gain -8 pad 0 0.4

ls -l sounds

# §9 predefined background images (1920×1080, the recommended size): soft studio gradients with
# out-of-focus light, one palette each. Number 4 is the default background.
mkdir -p backgrounds
palettes=(
  "#0b1a33 #1d3f72 #4f8edc"
  "#1a0f2e #3b1f6b #9a6bff"
  "#0f2a24 #1f5a4a #49c6a0"
  "#0e1626 #23406b #e9a25c"
  "#2a0f14 #6b1f2c #ff7a6b"
  "#101010 #2b2b2b #8a8a8a"
  "#06202b #0d4d63 #35c2e6"
  "#1e1a0c #5a4a16 #f2c94c"
  "#141a2e #2c3a66 #c56bdc"
  "#0d1b12 #214d2f #a6e36b"
)
for i in "${!palettes[@]}"; do
  read -r dark mid light <<<"${palettes[$i]}"
  n=$((i + 1))
  convert -size 1920x1080 "gradient:${mid}-${dark}" \
    \( -size 1920x1080 xc:none -fill "${light}" \
       -draw "circle $((300 + i * 130)),$((260 + (i % 3) * 90)) $((300 + i * 130 + 180)),$((260 + (i % 3) * 90))" \
       -draw "circle $((1500 - i * 70)),$((720 - (i % 4) * 60)) $((1500 - i * 70 + 260)),$((720 - (i % 4) * 60))" \
       -draw "circle $((960 + (i % 5) * 60)),$((1000)) $((960 + (i % 5) * 60 + 120)),1000" \
       -channel A -evaluate multiply 0.22 +channel -blur 0x90 \) -composite \
    -quality 72 -sampling-factor 4:2:0 -strip "backgrounds/background-${n}.jpg"
done
ls -l backgrounds
