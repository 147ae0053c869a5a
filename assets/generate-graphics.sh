#!/usr/bin/env bash
# Generates the Graphics panel's predefined assets (§9: 4 foreground images, 4 foreground videos,
# 6 background videos; the 10 background images come from generate.sh) and 3 sample logos:
#   foreground-images/foreground-image-N.png  1920x1080 palette PNG overlays, transparent centre
#   foreground-videos/foreground-video-N.webm 1280x720, 25 fps, VP9, .jpg thumbnail 320x180; video 1 (the
#                                             countdown) has a soundtrack (Opus, part fgsound), the others none
#   background-videos/background-video-N.webm 1280x720, 24 fps, VP9, 10 s seamless loop; .jpg thumbnail
#   logos/logo-N.png                          500x500 transparent palette PNG
# Colours follow the brand: primary #0D62C5 (§9), a deep navy, and soft teal, amber and coral accents.
# Every motion term's period divides its clip's length, so a background's last frame runs into its first;
# the cards restart cleanly too (the countdown goes back to 10, the sting starts and ends on its backdrop).
# Random scatter (confetti, bokeh) comes from a fixed seed, so a re-run draws the same pictures.
# Needs ffmpeg (libvpx-vp9), ImageMagick 6 (`convert`) and pngquant:
#   apt-get install -y ffmpeg imagemagick pngquant
# Usage: generate-graphics.sh [images|logos|fgvideos|fgsound|bgvideos]... (default: all). Idempotent.
set -euo pipefail
cd "$(dirname "$0")"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

BRAND='#0D62C5' NAVY='#0B1F3A' TEAL='#2BB3A3' AMBER='#F2A93B' CORAL='#EF6F6C' VIOLET='#8E7CE0' RED='#E0393E'
BOLD=Liberation-Sans-Bold
REGULAR=Liberation-Sans

# Deterministic pseudo-random numbers (Park–Miller), the same under mawk and gawk.
#   scatter SEED COUNT W H BAND → lines "x y u v w" (u, v, w uniform in 0..1), x/y within BAND px of an edge
scatter() {
  awk -v seed="$1" -v n="$2" -v W="$3" -v H="$4" -v band="$5" 'BEGIN {
    s = seed
    while (got < n) {
      s = (s * 16807) % 2147483647; x = s / 2147483647 * W
      s = (s * 16807) % 2147483647; y = s / 2147483647 * H
      s = (s * 16807) % 2147483647; u = s / 2147483647
      s = (s * 16807) % 2147483647; v = s / 2147483647
      s = (s * 16807) % 2147483647; w = s / 2147483647
      d = x; if (W - x < d) d = W - x; if (y < d) d = y; if (H - y < d) d = H - y
      # Dense at the edge, thinning out towards the inside of the band.
      if (d < band * (1 - u * u)) { printf "%d %d %.4f %.4f %.4f\n", x, y, u, v, w; got++ }
    }
  }'
}

# Palette PNG with smooth alpha (pngquant keeps partial transparency, unlike ImageMagick's PNG8).
quantize() {
  local in=$1 out=$2 colours=${3:-256}
  pngquant --force --quality 70-95 --speed 1 --strip "$colours" --output "$out" -- "$in"
}

thumb() {
  local in=$1 out=$2
  convert "$in" -resize 320x180 -strip -sampling-factor 4:2:0 -quality 82 "$out"
}

# ===================================================================================================
# Foreground images: broadcast overlays drawn over the stage; the middle stays clear for the producers.
# ===================================================================================================
foreground_images() {
  local D=foreground-images W=1920 H=1080
  mkdir -p "$D"

  # 1 — Branded frame: a brand-gradient border with an inner hairline, a soft shadow falling inwards
  #     and a "STUDIO LIVE" tab hanging from the top edge.
  local inner="roundrectangle 30,30 $((W - 31)),$((H - 31)) 26,26"
  convert -size ${W}x${H} xc:black -fill none -stroke white -strokewidth 30 -draw "$inner" -blur 0x16 \
    \( -size ${W}x${H} xc:black -fill white -draw "$inner" \) -compose multiply -composite \
    -evaluate multiply 0.5 "$TMP/fg1-shadow-mask.png"
  convert -size ${W}x${H} xc:"#050b16" "$TMP/fg1-shadow-mask.png" -alpha off -compose copy_opacity -composite \
    -compose over -fill none -stroke "rgba(255,255,255,0.55)" -strokewidth 2 \
    -draw "roundrectangle 42,42 $((W - 43)),$((H - 43)) 18,18" -stroke none \
    \( -size ${W}x${H} -define gradient:angle=120 gradient:"$BRAND"-"$TEAL" \
       \( -size ${W}x${H} xc:white -fill black -draw "$inner" \
          -fill white -draw "roundrectangle 760,0 1160,92 18,18" -draw "rectangle 760,0 1160,40" \) \
       -alpha off -compose copy_opacity -composite \) -compose over -composite \
    -font "$BOLD" -pointsize 40 -fill white -kerning 6 -gravity north -annotate +0+26 "STUDIO LIVE" \
    "$TMP/fg1.png"
  quantize "$TMP/fg1.png" "$D/foreground-image-1.png"

  # 2 — LIVE bug and bottom bar: a red LIVE pill top left, a translucent channel bug top right, and a
  #     lower bar (brand block + navy band with an amber hairline) that leaves room for the ticker below.
  convert -size ${W}x${H} xc:none \
    \( -size 220x72 xc:none -fill "$RED" -draw "roundrectangle 0,0 219,71 36,36" \
       -fill white -draw "circle 44,36 44,24" \
       -font "$BOLD" -pointsize 38 -kerning 3 -gravity west -annotate +72+1 "LIVE" \) \
    -gravity northwest -geometry +64+56 -composite \
    \( -size 250x72 xc:none -fill "rgba(11,31,58,0.55)" -draw "roundrectangle 0,0 249,71 36,36" \
       -fill "$BRAND" -draw "circle 38,36 38,14" -fill white -draw "polygon 31,25 31,47 49,36" \
       -font "$BOLD" -pointsize 30 -kerning 4 -fill "rgba(255,255,255,0.92)" -gravity west -annotate +72+1 "STUDIO" \) \
    -gravity northeast -geometry +64+56 -composite \
    \( -size ${W}x120 xc:none \
       -fill "rgba(11,31,58,0.86)" -draw "rectangle 0,18 $((W - 1)),119" \
       -fill "$AMBER" -draw "rectangle 0,18 $((W - 1)),21" \
       -fill "$BRAND" -draw "polygon 0,18 420,18 380,119 0,119" \
       -font "$BOLD" -pointsize 44 -kerning 4 -fill white -gravity west -annotate +64+10 "LIVE NOW" \
       -font "$REGULAR" -pointsize 40 -kerning 0 -fill "rgba(255,255,255,0.94)" -annotate +450+10 "Welcome! Join the conversation in the chat" \) \
    -gravity northwest -geometry +0+860 -composite \
    "$TMP/fg2.png"
  quantize "$TMP/fg2.png" "$D/foreground-image-2.png"

  # 3 — Vignette with a title plate: darkened corners fading to a clear centre, and a white plate with
  #     a brand accent for a segment title.
  convert -size 1920x1920 radial-gradient:white-black -resize ${W}x${H}\! \
    -level 0%,55% -negate -evaluate pow 1.6 -evaluate multiply 0.75 \
    \( -size ${W}x${H} xc:"#050b16" \) +swap -alpha off -compose copy_opacity -composite \
    \( -size 980x140 xc:none \
       -fill "rgba(0,0,0,0.35)" -draw "roundrectangle 8,14 971,139 20,20" -blur 0x8 \
       -fill "rgba(255,255,255,0.95)" -draw "roundrectangle 0,0 963,127 18,18" \
       -fill "$BRAND" -draw "roundrectangle 0,0 40,127 18,18" -draw "rectangle 20,0 30,127" \
       -font "$BOLD" -pointsize 54 -kerning 3 -fill "$NAVY" -gravity northwest -annotate +78+16 "PANEL DISCUSSION" \
       -font "$REGULAR" -pointsize 30 -kerning 1 -fill "#4a5a70" -annotate +80+80 "Live Q&A follows  ·  Send your questions in the chat" \) \
    -compose over -gravity south -geometry +0+70 -composite \
    "$TMP/fg3.png"
  quantize "$TMP/fg3.png" "$D/foreground-image-3.png"

  # 4 — Celebration: confetti (paper strips and dots) gathered along the edges, a thin gold
  #     inner frame, and a clear middle.
  local colours=("$BRAND" "$AMBER" "$CORAL" "$TEAL" "#FFFFFF" "$VIOLET" "#F7D774")
  local draw="" x y u v w c
  while read -r x y u v w; do
    c=${colours[$(awk -v w="$w" 'BEGIN { printf "%d", w * 7 }')]}
    if awk -v u="$u" 'BEGIN { exit !(u < 0.62) }'; then
      # a paper strip, rotated
      local a l
      a=$(awk -v v="$v" 'BEGIN { printf "%d", v * 180 }')
      l=$(awk -v u="$u" 'BEGIN { printf "%d", 9 + u * 12 }')
      draw+=" fill '$c' push graphic-context translate $x,$y rotate $a rectangle -$l,-5 $l,5 pop graphic-context"
    else
      local r
      r=$(awk -v v="$v" 'BEGIN { printf "%d", 5 + v * 5 }')
      draw+=" fill '$c' circle $x,$y $((x + r)),$y"
    fi
  done < <(scatter 20240611 300 $W $H 230)
  convert -size ${W}x${H} xc:none \
    -fill none -stroke "rgba(242,201,76,0.85)" -strokewidth 4 -draw "roundrectangle 26,26 $((W - 27)),$((H - 27)) 22,22" \
    -stroke none -draw "$draw" \
    \( +clone -background "rgba(0,0,0,0.6)" -shadow 60x3+3+4 \) +swap -background none -layers merge +repage \
    -crop ${W}x${H}+0+0 +repage \
    "$TMP/fg4.png"
  quantize "$TMP/fg4.png" "$D/foreground-image-4.png"

  ls -l "$D"
}

# ===================================================================================================
# Logos: a geometric mark and a short wordmark on a badge, readable over bright and dark video alike.
# ===================================================================================================
logos() {
  local D=logos S=500
  mkdir -p "$D"

  # 1 — NOVA: a navy disc with a four-point spark in a brand ring.
  convert -size ${S}x${S} xc:none \
    -fill "rgba(0,0,0,0.35)" -draw "circle 250,258 250,26" -blur 0x6 \
    -fill "$NAVY" -draw "circle 250,250 250,20" \
    -fill none -stroke "$BRAND" -strokewidth 14 -draw "circle 250,250 250,40" -stroke none \
    -fill "$AMBER" -draw "path 'M 250,88 Q 262,170 330,182 Q 262,194 250,276 Q 238,194 170,182 Q 238,170 250,88 Z'" \
    -fill white -draw "circle 320,112 320,104" \
    -font "$BOLD" -pointsize 78 -kerning 14 -fill white -gravity north -annotate +7+300 "NOVA" \
    "$TMP/logo1.png"
  quantize "$TMP/logo1.png" "$D/logo-1.png" 128

  # 2 — PEAK: two overlapping mountains on a rounded white tile, navy wordmark.
  convert -size ${S}x${S} xc:none \
    -fill "rgba(0,0,0,0.30)" -draw "roundrectangle 34,42 466,474 72,72" -blur 0x7 \
    -fill white -draw "roundrectangle 30,30 470,470 70,70" \
    -fill "$TEAL" -draw "polygon 120,300 230,130 340,300" \
    -fill "$BRAND" -draw "polygon 200,300 300,160 400,300" \
    -fill white -draw "polygon 300,160 322,191 309,186 300,198 290,188 279,190" \
    -fill "$NAVY" -draw "rectangle 110,300 410,312" \
    -font "$BOLD" -pointsize 84 -kerning 12 -fill "$NAVY" -gravity north -annotate +6+330 "PEAK" \
    "$TMP/logo2.png"
  quantize "$TMP/logo2.png" "$D/logo-2.png" 128

  # 3 — ORBIT: a coral hexagon holding a ringed planet, the wordmark on a navy pill below.
  local ring="push graphic-context translate 250,206 rotate -16"
  convert -size ${S}x${S} xc:none \
    -fill "rgba(0,0,0,0.30)" -draw "polygon 250,34 414,126 414,312 250,404 86,312 86,126" -blur 0x6 \
    -fill "$CORAL" -draw "polygon 250,26 410,118 410,302 250,394 90,302 90,118" \
    -fill none -stroke "$NAVY" -strokewidth 11 -draw "$ring ellipse 0,0 128,36 180,360 pop graphic-context" -stroke none \
    -fill "#FFF4E8" -draw "circle 250,206 250,146" \
    -fill none -stroke "$NAVY" -strokewidth 11 -draw "$ring ellipse 0,0 128,36 0,180 pop graphic-context" -stroke none \
    -fill "$NAVY" -draw "circle 356,176 356,164" \
    -fill "$NAVY" -draw "roundrectangle 105,372 395,466 47,47" \
    -font "$BOLD" -pointsize 60 -kerning 10 -fill white -gravity north -annotate +5+385 "ORBIT" \
    "$TMP/logo3.png"
  quantize "$TMP/logo3.png" "$D/logo-3.png" 128

  ls -l "$D"
}

# ===================================================================================================
# Shared helpers for the videos.
# ===================================================================================================
VW=1280 VH=720

# A soft round light: COLOUR fading to transparent, SIZE px across.
glow() { convert -size "$2x$2" radial-gradient:"$1"-"rgba(0,0,0,0)" "$3"; }

# A field of out-of-focus lights (bokeh), W×H, drawn from SEED.
bokeh() {
  local out=$1 seed=$2 count=$3 colour=$4 w=$5 h=$6 draw="" x y u v _w r
  while read -r x y u v _w; do
    r=$(awk -v u="$u" 'BEGIN { printf "%d", 14 + u * u * 46 }')
    draw+=" fill 'rgba($colour,$(awk -v v="$v" 'BEGIN { printf "%.2f", 0.05 + v * 0.13 }'))' circle $x,$y $((x + r)),$y"
  done < <(scatter "$seed" "$count" "$w" "$h" 100000)
  convert -size "${w}x${h}" xc:none -draw "$draw" -blur 0x3 "$out"
}

# VP9 in WebM without audio; the whole clip is one group of pictures so it loops without a seek.
encode() {
  local out=$1 fps=$2 frames=$3 crf=$4
  shift 4
  ffmpeg -hide_banner -loglevel error -y "$@" \
    -an -r "$fps" -frames:v "$frames" \
    -c:v libvpx-vp9 -pix_fmt yuv420p -b:v 0 -crf "$crf" -g "$frames" \
    -deadline good -cpu-used 2 -row-mt 1 -tile-columns 1 \
    -fflags +bitexact -flags:v +bitexact -metadata:s:v:0 handler_name= \
    "$out"
}

# Thumbnail of the frame at SECONDS (a representative one, not always the first).
video_thumb() {
  ffmpeg -hide_banner -loglevel error -y -ss "$2" -i "$1" -frames:v 1 "$TMP/thumb.png"
  thumb "$TMP/thumb.png" "$3"
}

# A block of text as a transparent PNG: text_png OUT FONT SIZE COLOUR KERNING TEXT
text_png() {
  convert -background none -font "$2" -pointsize "$3" -fill "$4" -kerning "$5" label:"$6" -trim +repage \
    \( +clone -background "rgba(0,0,0,0.55)" -shadow 60x6+0+4 \) +swap -background none -layers merge +repage "$1"
}

# ===================================================================================================
# Background videos: 10 s seamless loops of soft moving light for behind the producers.
# ===================================================================================================
bgvideos() {
  local D=background-videos FPS=24 DUR=10
  mkdir -p "$D"
  #        n  top       bottom    glow A                     glow B                     bokeh RGB
  local specs=(
    "1 #0e2a57 #07111f rgba(13,98,197,0.75)     rgba(43,179,163,0.45)    170,210,255"
    "2 #2a1748 #0c0818 rgba(142,124,224,0.70)   rgba(239,111,108,0.35)   220,200,255"
    "3 #0b3540 #061419 rgba(43,179,163,0.70)    rgba(53,194,230,0.40)    190,255,240"
    "4 #3a1f24 #0f0b14 rgba(242,169,59,0.60)    rgba(239,111,108,0.50)   255,220,180"
    "5 #262a31 #0c0e12 rgba(150,170,200,0.45)   rgba(13,98,197,0.40)     230,235,245"
    "6 #10301f #07130d rgba(110,200,120,0.55)   rgba(43,179,163,0.45)    210,255,220"
  )
  local spec n top bottom ga gb bk P
  for spec in "${specs[@]}"; do
    read -r n top bottom ga gb bk <<<"$spec"
    convert -size ${VW}x${VH} -define gradient:angle=160 gradient:"$top"-"$bottom" \
      \( -size 1400x1400 radial-gradient:"rgba(0,0,0,0)"-"rgba(0,0,0,0.5)" -gravity center -crop ${VW}x${VH}+0+0 +repage \) \
      -compose over -composite -alpha off "$TMP/bg$n-base.png"
    glow "$ga" 900 "$TMP/bg$n-a.png"
    glow "$gb" 760 "$TMP/bg$n-b.png"
    bokeh "$TMP/bg$n-k.png" $((n * 7919)) 22 "$bk" 1500 820
    P="2*PI*t/$DUR"
    encode "$D/background-video-$n.webm" $FPS $((FPS * DUR)) 33 \
      -framerate $FPS -loop 1 -t $DUR -i "$TMP/bg$n-base.png" \
      -framerate $FPS -loop 1 -t $DUR -i "$TMP/bg$n-a.png" \
      -framerate $FPS -loop 1 -t $DUR -i "$TMP/bg$n-b.png" \
      -framerate $FPS -loop 1 -t $DUR -i "$TMP/bg$n-k.png" \
      -filter_complex "\
[0:v]format=rgb24[base];\
[base][1:v]overlay=x='-150+260*sin($P+$n)':y='-260+120*cos($P+$n)':eval=frame[a];\
[a][2:v]overlay=x='640+220*cos($P+2*$n)':y='40+140*sin(2*$P+$n)':eval=frame[b];\
[b][3:v]overlay=x='-110+90*sin($P+$n/2)':y='-50+40*sin(2*$P)':eval=frame,format=yuv420p[v]" \
      -map "[v]"
    video_thumb "$D/background-video-$n.webm" 2.5 "$D/background-video-$n.jpg"
  done
  ls -l "$D"
}

# ===================================================================================================
# Foreground videos: full-frame title cards a producer plays over the show (§2 shared-video player).
# ===================================================================================================
fgvideos() {
  local D=foreground-videos FPS=25
  mkdir -p "$D"
  local F P i

  # A dark brand backdrop with two drifting lights, shared by the cards (PERIOD s loop).
  backdrop() {
    local out=$1 top=$2 bottom=$3 ga=$4 gb=$5
    convert -size ${VW}x${VH} -define gradient:angle=160 gradient:"$top"-"$bottom" -alpha off "$out-base.png"
    glow "$ga" 820 "$out-a.png"
    glow "$gb" 700 "$out-b.png"
  }
  # backdrop_filter PERIOD → the filter that lays the lights over input 0 (inputs 1, 2), output [bg]
  backdrop_filter() {
    local P="2*PI*t/$1"
    echo "[0:v]format=rgb24[base];[base][1:v]overlay=x='-120+200*sin($P)':y='-240+90*cos($P)':eval=frame[a];[a][2:v]overlay=x='700+160*cos($P)':y='80+110*sin($P)':eval=frame[bg]"
  }

  # 1 — Countdown, 10 s: "STARTING IN" over a ring that empties each second around the number 10…1.
  F="$TMP/fv1"
  backdrop "$F" "#0e2a57" "#07111f" "rgba(13,98,197,0.7)" "rgba(43,179,163,0.4)"
  text_png "$F-title.png" "$BOLD" 44 "rgba(255,255,255,0.9)" 12 "STARTING IN"
  text_png "$F-foot.png" "$REGULAR" 30 "rgba(255,255,255,0.75)" 2 "Grab a seat — the show begins shortly"
  mkdir -p "$F-ring"
  for ((i = 0; i < 10 * FPS; i++)); do
    # The ring shows what is left of the current second, clockwise from the top: a full amber ring
    # cut to a pie wedge (IM 6 closes stroked arcs, so the wedge is a polygon mask).
    local n=$((10 - i / FPS)) f=$((i % FPS)) wedge
    wedge=$(awk -v f="$f" -v fps="$FPS" 'BEGIN {
      a = 2 * 3.14159265 * (1 - f / fps); printf "polygon 200,200"
      for (k = 0; k <= 90; k++) printf " %.1f,%.1f", 200 + 220 * sin(a * k / 90), 200 - 220 * cos(a * k / 90) }')
    convert -size 400x400 xc:none \
      -fill none -stroke "rgba(255,255,255,0.14)" -strokewidth 14 -draw "circle 200,200 200,40" \
      \( -size 400x400 xc:none -fill none -stroke "$AMBER" -strokewidth 14 -draw "circle 200,200 200,40" \
         \( -size 400x400 xc:none -fill white -draw "$wedge" \) -compose dst-in -composite \) \
      -compose over -composite -stroke none \
      -font "$BOLD" -pointsize 170 -fill white -gravity center -annotate +0+6 "$n" \
      "$F-ring/$(printf %03d "$i").png"
  done
  encode "$D/foreground-video-1.webm" $FPS $((10 * FPS)) 34 \
    -framerate $FPS -loop 1 -t 10 -i "$F-base.png" \
    -framerate $FPS -loop 1 -t 10 -i "$F-a.png" \
    -framerate $FPS -loop 1 -t 10 -i "$F-b.png" \
    -framerate $FPS -i "$F-ring/%03d.png" \
    -framerate $FPS -loop 1 -t 10 -i "$F-title.png" \
    -framerate $FPS -loop 1 -t 10 -i "$F-foot.png" \
    -filter_complex "$(backdrop_filter 10);\
[bg][3:v]overlay=x=(W-w)/2:y=(H-h)/2+20[r];\
[r][4:v]overlay=x=(W-w)/2:y=92[t];\
[t][5:v]overlay=x=(W-w)/2:y=H-h-70,format=yuv420p[v]" \
    -map "[v]"
  video_thumb "$D/foreground-video-1.webm" 0.5 "$D/foreground-video-1.jpg"

  # 2 — "We'll be right back", 8 s: the title card over drifting lights, a light sweeping along the rule.
  F="$TMP/fv2"
  backdrop "$F" "#2a1748" "#0c0818" "rgba(142,124,224,0.65)" "rgba(13,98,197,0.45)"
  bokeh "$F-k.png" 4242 20 "220,210,255" 1500 820
  text_png "$F-title.png" "$BOLD" 92 white 1 "We'll be right back"
  text_png "$F-sub.png" "$REGULAR" 36 "rgba(255,255,255,0.8)" 1 "Stay tuned — the show continues in a moment"
  convert -size 640x6 xc:"rgba(255,255,255,0.25)" "$F-rule.png"
  convert -size 160x6 gradient:none-"$AMBER" \( +clone -flop \) +append "$F-spark.png"
  P="2*PI*t/8"
  encode "$D/foreground-video-2.webm" $FPS $((8 * FPS)) 34 \
    -framerate $FPS -loop 1 -t 8 -i "$F-base.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-a.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-b.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-k.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-title.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-sub.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-rule.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-spark.png" \
    -filter_complex "$(backdrop_filter 8);\
[bg][3:v]overlay=x='-110+80*sin($P)':y='-50+30*sin(2*$P)':eval=frame[k];\
[k][4:v]overlay=x=(W-w)/2:y='(H-h)/2-60+4*sin(2*$P)':eval=frame[t];\
[t][6:v]overlay=x=(W-w)/2:y=(H/2)+30[r];\
[r][7:v]overlay=x='(W-w)/2+(320-160)*sin($P)':y=(H/2)+30:eval=frame[s];\
[s][5:v]overlay=x=(W-w)/2:y=(H/2)+70,format=yuv420p[v]" \
    -map "[v]"
  video_thumb "$D/foreground-video-2.webm" 1 "$D/foreground-video-2.jpg"

  # 3 — Intro sting, 6 s: three brand bars sweep across, "WELCOME" appears behind them, holds, and the
  #     bars sweep again to clear it; the clip starts and ends on the bare backdrop.
  F="$TMP/fv3"
  backdrop "$F" "#0b1f3a" "#050b16" "rgba(13,98,197,0.55)" "rgba(43,179,163,0.35)"
  local c bar=0
  for c in "$BRAND" "$TEAL" "$AMBER"; do
    bar=$((bar + 1))
    convert -size 1700x$((bar == 3 ? 90 : 190)) xc:none -fill "$c" \
      -draw "polygon 160,0 1700,0 1540,$((bar == 3 ? 90 : 190)) 0,$((bar == 3 ? 90 : 190))" "$F-bar$bar.png"
  done
  text_png "$F-title.png" "$BOLD" 150 white 24 "WELCOME"
  text_png "$F-sub.png" "$BOLD" 40 "$AMBER" 16 "TO THE SHOW"
  # A bar crosses in 0.8 s: x goes from -1700 to 1280 (speed 3725 px/s), starting at T.
  local sweep="3725*(t-T)-1700"
  encode "$D/foreground-video-3.webm" $FPS $((6 * FPS)) 33 \
    -framerate $FPS -loop 1 -t 6 -i "$F-base.png" \
    -framerate $FPS -loop 1 -t 6 -i "$F-a.png" \
    -framerate $FPS -loop 1 -t 6 -i "$F-b.png" \
    -framerate $FPS -loop 1 -t 6 -i "$F-bar1.png" \
    -framerate $FPS -loop 1 -t 6 -i "$F-bar2.png" \
    -framerate $FPS -loop 1 -t 6 -i "$F-bar3.png" \
    -framerate $FPS -loop 1 -t 6 -i "$F-title.png" \
    -framerate $FPS -loop 1 -t 6 -i "$F-sub.png" \
    -filter_complex "$(backdrop_filter 6);\
[6:v]format=rgba,fade=in:st=0.75:d=0.35:alpha=1,fade=out:st=4.75:d=0.3:alpha=1[title];\
[7:v]format=rgba,fade=in:st=1.2:d=0.4:alpha=1,fade=out:st=4.7:d=0.3:alpha=1[sub];\
[bg][title]overlay=x='(W-w)/2+12*(t-3)':y=(H-h)/2-40:eval=frame[t1];\
[t1][sub]overlay=x=(W-w)/2:y=(H/2)+70[t2];\
[t2][3:v]overlay=x='if(lt(t,3),${sweep//T/0.25},${sweep//T/4.45})':y=170:eval=frame[b1];\
[b1][4:v]overlay=x='if(lt(t,3),${sweep//T/0.40},${sweep//T/4.60})':y=370:eval=frame[b2];\
[b2][5:v]overlay=x='if(lt(t,3),${sweep//T/0.55},${sweep//T/4.75})':y=300:eval=frame,format=yuv420p[v]" \
    -map "[v]"
  video_thumb "$D/foreground-video-3.webm" 2.5 "$D/foreground-video-3.jpg"

  # 4 — Outro card, 8 s: "Thanks for watching" over lights rising like embers (a strip that repeats
  #     every 720 px, moved by one period per loop).
  F="$TMP/fv4"
  backdrop "$F" "#3a1f24" "#0f0b14" "rgba(242,169,59,0.55)" "rgba(239,111,108,0.45)"
  bokeh "$F-half.png" 9001 26 "255,225,190" $VW $VH
  convert "$F-half.png" "$F-half.png" -append "$F-k.png"
  text_png "$F-title.png" "$BOLD" 96 white 1 "Thanks for watching"
  text_png "$F-sub.png" "$REGULAR" 38 "rgba(255,255,255,0.82)" 2 "See you next time"
  encode "$D/foreground-video-4.webm" $FPS $((8 * FPS)) 34 \
    -framerate $FPS -loop 1 -t 8 -i "$F-base.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-a.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-b.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-k.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-title.png" \
    -framerate $FPS -loop 1 -t 8 -i "$F-sub.png" \
    -filter_complex "$(backdrop_filter 8);\
[bg][3:v]overlay=x=0:y='-720*t/8':eval=frame[k];\
[k][4:v]overlay=x=(W-w)/2:y=(H-h)/2-40[t];\
[t][5:v]overlay=x=(W-w)/2:y=(H/2)+50,format=yuv420p[v]" \
    -map "[v]"
  video_thumb "$D/foreground-video-4.webm" 1 "$D/foreground-video-4.jpg"

  ls -l "$D"
}

# ===================================================================================================
# The countdown's soundtrack: a soft pad that swells and a tick each second, louder at zero, so the
# program meter has a shared video with sound to show (issue 26). Muxed into the encoded video
# (its picture copied as is), so a re-run replaces the sound and leaves the picture alone.
# ===================================================================================================
fgsound() {
  local V=foreground-videos/foreground-video-1.webm
  local pad='0.07*(sin(2*PI*220*t)+sin(2*PI*277.18*t)+sin(2*PI*329.63*t))*(0.55+0.45*sin(2*PI*0.5*t))'
  local tick='0.35*sin(2*PI*1046.5*t)*exp(-35*mod(t,1))*(1+gte(t,9))'
  ffmpeg -hide_banner -loglevel error -y -i "$V" -f lavfi -i "aevalsrc='$pad+$tick':s=48000:d=10" \
    -map 0:v -map 1:a -c:v copy -c:a libopus -b:a 32k -ac 1 -shortest "$TMP/fv1-sound.webm"
  mv "$TMP/fv1-sound.webm" "$V"
  ls -l "$V"
}

parts=("$@")
[[ ${#parts[@]} -eq 0 ]] && parts=(images logos fgvideos fgsound bgvideos)
for part in "${parts[@]}"; do
  case $part in
    images) foreground_images ;;
    logos) logos ;;
    fgvideos) fgvideos ;;
    fgsound) fgsound ;;
    bgvideos) bgvideos ;;
    *) echo "unknown part: $part" >&2; exit 2 ;;
  esac
done
