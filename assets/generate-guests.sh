#!/usr/bin/env bash
# Generates the instant demo's six sample guest feeds (§1 demo mode: "sample guests shown"):
#   video/guest-N.webm  640x360, 15 fps, 6 s, VP9 in WebM, no audio, loops seamlessly
#   video/guest-N.jpg   320x180 poster (first frame)
# Each feed is a stylised "guest on a webcam": a softly lit, out-of-focus room behind a head-and-shoulders
# silhouette that sways and bobs a little. Every motion term has a period that divides the 6 s clip
# (6 s, 3 s, 2 s), so frame 90 would equal frame 0 and the clip loops without a jump.
# Needs ffmpeg (with libvpx-vp9) and ImageMagick 6 (`convert`). Idempotent: re-running rewrites the
# same files. Intermediate images live in a temp dir that is removed on exit.
set -euo pipefail
cd "$(dirname "$0")"

W=640 H=360 FPS=15 DUR=6
OUT=video
mkdir -p "$OUT"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------------------------------------------
# Background: a room seen behind the guest, drawn sharp and then blurred like a webcam's shallow focus.
#   make_room OUT WALL_TOP WALL_BOTTOM SIDE_WALL CORNER_X FEATURE_DRAW
# FEATURE_DRAW is an ImageMagick -draw program (shelves, window, picture frames, plant…).
make_room() {
  local out=$1 top=$2 bottom=$3 side=$4 corner=$5 features=$6
  convert -size ${W}x${H} gradient:"$top"-"$bottom" \
    \( -size ${W}x${H} xc:none -fill "$side" -draw "polygon 0,0 $corner,22 $corner,318 0,${H}" \) -composite \
    -fill none -stroke "rgba(0,0,0,0.18)" -strokewidth 3 -draw "line $corner,22 $corner,318" -stroke none \
    -draw "$features" \
    -blur 0x4.5 \
    \( -size ${W}x${H} radial-gradient:"rgba(0,0,0,0)"-"rgba(0,0,0,0.38)" \) -composite \
    -alpha off "$out"
}

# A soft coloured light (lamp, window spill, LED strip) that drifts slowly across the wall.
make_glow() {
  local out=$1 colour=$2 size=$3
  convert -size "$size" radial-gradient:"$colour"-"rgba(0,0,0,0)" "$out"
}

# ---------------------------------------------------------------------------------------------------
# Guest: two layers so the head can move a little more than the shoulders (the neck stays covered).
#   make_body OUT SKIN SKIN_SHADE SHIRT SHIRT_SHADE COLLAR HAIR HAIR_STYLE NECKLINE(v|crew)
#   make_head OUT SKIN SKIN_SHADE HAIR HAIR_STYLE(short|long|bun|curly|bald)
# Body canvas 400x260 (shoulders run off its bottom edge); head canvas 200x220.
BODY_W=400 BODY_H=260 HEAD_W=200 HEAD_H=220

make_body() {
  local out=$1 skin=$2 skinshade=$3 shirt=$4 shirtshade=$5 collar=$6 hair=$7 style=$8 neck=$9
  local longhair=() neckline=()
  if [[ $style == long ]]; then
    # Hair falling behind the shoulders is part of the body layer.
    longhair=(-fill "$hair" -draw "roundrectangle 122,0 278,150 60,60")
  fi
  case $neck in
    v)    neckline=(-fill "$skinshade" -draw "polygon 164,100 236,100 200,160"
                    -fill none -stroke "$collar" -strokewidth 6 -draw "stroke-linecap round line 165,101 200,160 line 200,160 235,101" -stroke none) ;;
    crew) neckline=(-fill "$skinshade" -draw "ellipse 200,110 36,14 0,180"
                    -fill none -stroke "$collar" -strokewidth 8 -draw "ellipse 200,110 38,16 0,180" -stroke none) ;;
  esac
  convert -size ${BODY_W}x${BODY_H} xc:none \
    "${longhair[@]}" \
    -fill "$skinshade" -draw "roundrectangle 166,30 234,150 24,24" \
    \( -size ${BODY_W}x${BODY_H} gradient:"$shirt"-"$shirtshade" \
       \( -size ${BODY_W}x${BODY_H} xc:black -fill white \
          -draw "path 'M 160,106 C 96,108 46,124 34,186 L 22,270 L 378,270 L 366,186 C 354,124 304,108 240,106 Z'" \) \
       -alpha off -compose copy_opacity -composite \) -compose over -composite \
    -fill none -stroke "rgba(0,0,0,0.16)" -strokewidth 4 \
    -draw "path 'M 78,150 C 84,190 88,220 86,262' path 'M 322,150 C 316,190 312,220 314,262'" -stroke none \
    "${neckline[@]}" \
    -blur 0x0.8 "$out"
}

make_head() {
  local out=$1 skin=$2 skinshade=$3 hair=$4 style=$5
  local back=() front=() ears=(-fill "$skinshade" -draw "ellipse 46,116 12,18 0,360 ellipse 154,116 12,18 0,360")
  case $style in
    short) front=(-fill "$hair" -draw "path 'M 42,104 C 34,2 166,2 158,104 C 154,78 146,64 128,64 C 100,70 70,56 56,70 C 48,80 44,92 42,104 Z'") ;;
    long)  ears=()
           front=(-fill "$hair" -draw "path 'M 38,140 C 24,0 176,0 162,140 C 158,96 150,70 124,62 C 100,60 82,64 70,74 C 54,88 44,110 38,140 Z'") ;;
    bun)   back=(-fill "$hair" -draw "circle 100,22 100,0")
           front=(-fill "$hair" -draw "path 'M 43,100 C 36,6 164,6 157,100 C 150,70 128,60 100,60 C 72,60 50,70 43,100 Z'") ;;
    curly) back=(-fill "$hair" -draw "circle 58,70 58,36 circle 142,70 142,36 circle 100,46 100,10 circle 76,44 76,16 circle 124,44 124,16 circle 46,104 46,80 circle 154,104 154,80") ;;
    bald)  ;;
  esac
  convert -size ${HEAD_W}x${HEAD_H} xc:none \
    "${back[@]}" \
    "${ears[@]}" \
    \( -size ${HEAD_W}x${HEAD_H} radial-gradient:"$skin"-"$skinshade" \
       \( -size ${HEAD_W}x${HEAD_H} xc:black -fill white -draw "ellipse 100,110 56,70 0,360" \) \
       -alpha off -compose copy_opacity -composite \) -compose over -composite \
    -fill "rgba(255,255,255,0.10)" -draw "ellipse 84,84 22,16 -20,340" \
    "${front[@]}" \
    -blur 0x0.8 "$out"
}

# ---------------------------------------------------------------------------------------------------
# Compose and encode one guest.
#   render N PHASE SWAY_PX BOB_PX GLOW_X GLOW_Y GLOW_TRAVEL
render() {
  local n=$1 ph=$2 sway=$3 bob=$4 gx=$5 gy=$6 gtravel=$7
  local d="$TMP/g$n" P="2*PI*t/$DUR"
  # Body sways on a 6 s period; head follows with a little lag and extra amplitude, nods on 3 s and
  # tilts a few degrees about its centre.
  # Background light drifts on 6 s; a faint exposure "breath" like a webcam's auto-exposure on 3 s.
  local bx="(W-w)/2+$sway*sin($P+$ph)"
  local by="118+$bob*sin(2*$P+$ph)"
  local hx="(W-w)/2+1.35*$sway*sin($P+$ph-0.35)+1.5*sin(3*$P+$ph)"
  local hy="20+1.5*$bob*sin(2*$P+$ph-0.5)"
  ffmpeg -hide_banner -loglevel error -y \
    -framerate $FPS -loop 1 -t $DUR -i "$d-room.png" \
    -framerate $FPS -loop 1 -t $DUR -i "$d-glow.png" \
    -framerate $FPS -loop 1 -t $DUR -i "$d-body.png" \
    -framerate $FPS -loop 1 -t $DUR -i "$d-head.png" \
    -filter_complex "\
[0:v]format=rgb24[room];\
[room][1:v]overlay=x='$gx+$gtravel*sin($P+$ph)':y='$gy+10*sin(2*$P)':eval=frame[lit];\
[lit][2:v]overlay=x='$bx':y='$by':eval=frame[withbody];\
[3:v]format=rgba,rotate=a='0.04*sin($P+$ph-0.8)+0.015*sin(2*$P+$ph)':c=none[head];\
[withbody][head]overlay=x='$hx':y='$hy':eval=frame,\
eq=brightness='0.015*sin(2*$P+$ph)':eval=frame,\
format=yuv420p[v]" \
    -map "[v]" -an -r $FPS -frames:v $((FPS * DUR)) \
    -c:v libvpx-vp9 -pix_fmt yuv420p -b:v 0 -crf 28 -g $((FPS * DUR)) \
    -deadline good -cpu-used 2 -row-mt 1 -tile-columns 1 \
    -fflags +bitexact -flags:v +bitexact -metadata:s:v:0 handler_name= \
    "$OUT/guest-$n.webm"
  # Poster: the first frame, as the <video> shows it before playback.
  ffmpeg -hide_banner -loglevel error -y -i "$OUT/guest-$n.webm" -frames:v 1 "$d-poster.png"
  convert "$d-poster.png" -resize 320x180 -strip -sampling-factor 4:2:0 -quality 82 "$OUT/guest-$n.jpg"
}

# ---------------------------------------------------------------------------------------------------
# Guest 1 — warm living room: terracotta wall, framed print, floor lamp glow, plant. Navy sweater.
make_room "$TMP/g1-room.png" "#c98f6b" "#7a4a35" "rgba(60,30,20,0.22)" 110 "\
fill #e9d9c2 rectangle 430,70 560,170 fill #6f8fa0 rectangle 440,80 550,160 fill #d9a441 circle 470,120 470,100 \
fill #3f2a1f rectangle 0,250 140,360 fill #2f5d3a ellipse 62,222 46,60 0,360 fill #3f7a4a ellipse 92,200 30,48 0,360 \
fill #f3d9a4 ellipse 590,110 26,18 0,360"
make_glow "$TMP/g1-glow.png" "rgba(255,214,150,0.55)" 360x360
make_body "$TMP/g1-body.png" "#e0ac88" "#c38d6b" "#2c3e66" "#1b2744" "#e8e3d6" "#4a2f22" short crew
make_head "$TMP/g1-head.png" "#e8b795" "#c48d6a" "#4a2f22" short
render 1 0.0 7 3 380 -60 60

# Guest 2 — cool office: blue-grey wall, bright window on the left, bookshelf. Mustard shirt.
make_room "$TMP/g2-room.png" "#9fb1c2" "#4d5d6e" "rgba(20,30,45,0.25)" 520 "\
fill #eef5fb rectangle 30,40 170,230 fill #c9dbe8 rectangle 96,40 104,230 fill #c9dbe8 rectangle 30,132 170,140 \
fill #5a4634 rectangle 430,90 610,100 fill #5a4634 rectangle 430,170 610,180 \
fill #b3473a rectangle 440,58 452,90 fill #3b6c8f rectangle 455,62 466,90 fill #d8b25a rectangle 469,54 482,90 fill #466b4a rectangle 485,60 494,90 \
fill #8a6c9e rectangle 450,140 462,170 fill #c96f3d rectangle 465,134 478,170 fill #e5e0d0 rectangle 520,146 560,170"
make_glow "$TMP/g2-glow.png" "rgba(235,245,255,0.45)" 420x420
make_body "$TMP/g2-body.png" "#7a4e33" "#5e3924" "#d4a12f" "#9c7320" "#f1e2b5" "#1c1612" short v
make_head "$TMP/g2-head.png" "#80543a" "#5a3723" "#1c1612" curly
render 2 1.4 6 2.5 -120 -40 50

# Guest 3 — green study: sage wall, shelves of coloured books, warm desk lamp. Burgundy top, long hair.
make_room "$TMP/g3-room.png" "#9db59a" "#4e6650" "rgba(25,40,25,0.22)" 90 "\
fill #4a3a2c rectangle 360,60 620,70 fill #4a3a2c rectangle 360,150 620,160 fill #4a3a2c rectangle 360,240 620,250 \
fill #a83a32 rectangle 372,20 388,60 fill #e0b64a rectangle 391,26 404,60 fill #2f5e8a rectangle 407,16 423,60 fill #e9e1cf rectangle 426,28 438,60 \
fill #6e3f78 rectangle 460,112 476,150 fill #2f7a6a rectangle 479,106 493,150 fill #c9673a rectangle 496,116 512,150 \
fill #1f3550 rectangle 540,200 556,240 fill #d8c9a0 rectangle 559,206 572,240 fill #8f2f2f rectangle 575,196 590,240 \
fill #f7e3b0 ellipse 200,150 40,24 0,360"
make_glow "$TMP/g3-glow.png" "rgba(255,220,160,0.5)" 300x300
make_body "$TMP/g3-body.png" "#f2c6a8" "#d6a384" "#7d2438" "#4f1423" "#5e1a2b" "#a8582e" long v
make_head "$TMP/g3-head.png" "#f6cdb0" "#d6a080" "#a8582e" long
render 3 2.6 6 3 60 -20 70

# Guest 4 — evening studio: deep teal wall with a violet LED wash, acoustic panels. Charcoal hoodie.
make_room "$TMP/g4-room.png" "#2f5660" "#142a32" "rgba(10,10,30,0.3)" 540 "\
fill #25434c rectangle 60,60 150,150 fill #25434c rectangle 160,60 250,150 fill #25434c rectangle 60,160 150,250 fill #25434c rectangle 160,160 250,250 \
fill 'rgba(190,120,255,0.55)' rectangle 0,300 640,312 \
fill #d38bff ellipse 560,120 10,60 0,360"
make_glow "$TMP/g4-glow.png" "rgba(180,110,255,0.45)" 420x360
make_body "$TMP/g4-body.png" "#c99067" "#a8704c" "#3a3d44" "#202228" "#55585f" "#0f0d0c" bun crew
make_head "$TMP/g4-head.png" "#cf9870" "#a66e4b" "#0f0d0c" bun
render 4 3.9 5 2.5 420 40 80

# Guest 5 — bright Scandinavian room: pale grey wall, oak shelf, big plant, white window light. Light-blue shirt.
make_room "$TMP/g5-room.png" "#e4e2dc" "#a9a6a0" "rgba(60,60,60,0.12)" 560 "\
fill #b98b5c rectangle 40,120 260,132 fill #7d9a6b ellipse 80,104 20,18 0,360 fill #f0ece4 rectangle 130,88 170,120 fill #c9b79c rectangle 190,96 240,120 \
fill #3e6b48 ellipse 560,250 60,90 0,360 fill #5b8c5a ellipse 600,210 40,70 0,360 fill #4f7d4f ellipse 520,200 36,60 0,360 fill #d8d2c6 rectangle 520,310 600,360 \
fill #d9d4ca rectangle 330,30 430,100 fill #f4f1ea rectangle 338,38 422,92 fill #c7a27a ellipse 380,65 20,14 0,360"
make_glow "$TMP/g5-glow.png" "rgba(255,255,245,0.5)" 420x420
make_body "$TMP/g5-body.png" "#c89a78" "#a97c5c" "#8fb3d9" "#5f84ab" "#dce8f4" "#9a9a9a" short v
make_head "$TMP/g5-head.png" "#cda07d" "#a67956" "#a3a3a3" short
render 5 5.0 6 2 150 -80 60

# Guest 6 — loft: warm brick-brown wall, copper pendant light, dark frame. Teal shirt, shaved head.
make_room "$TMP/g6-room.png" "#8a5a44" "#3b241b" "rgba(20,10,5,0.3)" 130 "\
fill 'rgba(0,0,0,0.10)' rectangle 140,40 640,44 fill 'rgba(0,0,0,0.10)' rectangle 140,90 640,94 fill 'rgba(0,0,0,0.10)' rectangle 140,140 640,144 fill 'rgba(0,0,0,0.10)' rectangle 140,190 640,194 fill 'rgba(0,0,0,0.10)' rectangle 140,240 640,244 \
fill #1c1c1c rectangle 420,70 560,200 fill #c7a36b rectangle 430,80 550,190 fill #7a3b2e ellipse 490,135 36,36 0,360 \
fill #b87333 ellipse 250,40 30,16 0,360 fill #ffd58a ellipse 250,54 18,8 0,360"
make_glow "$TMP/g6-glow.png" "rgba(255,190,110,0.5)" 360x360
make_body "$TMP/g6-body.png" "#5b3a28" "#43291b" "#1f7a78" "#11514f" "#2a8f8c" "#1a1210" short crew
make_head "$TMP/g6-head.png" "#613f2c" "#3f271a" "#1a1210" bald
render 6 0.8 7 3 80 -120 70

ls -l "$OUT"
