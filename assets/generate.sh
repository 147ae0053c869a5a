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
