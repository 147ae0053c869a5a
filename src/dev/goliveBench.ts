/**
 * The going-live benchmark's test source (benchmarks/golive.mjs), in non-production builds only: the
 * output page in capture mode loads it (OutputPage.tsx), and it does nothing until the program has
 * the benchmark's producer card (BENCH_CARD_ID) on air, which the benchmark puts there through the
 * channel like any producer. The card's camera is then a canvas this module paints (the media
 * registry's key for that card, as a received feed would be), and its microphone a beep fed into
 * the program sound mix (programSound.feed, as a received feed's sound is). The compositor draws
 * the card like any other, the capture encodes what it drew: the real path, only the source is ours.
 *
 * Each program frame the capture's frame clock asks for (its call of compositor.renderNow) first repaints the
 * picture with the frame counter and the wall clock of that moment (goliveBenchSignal.ts), so the
 * time in a frame is when the page drew it. The first frame of each wall-clock second is the white
 * flash; the beep is scheduled in the audio clock on the same second.
 */
import type { Compositor } from '../../compositor/render';
import { mediaKey } from '../../compositor/model/channel';
import { media } from '../services/media/elements';
import { programSound } from '../services/media/programSound';
import { useProgramStore } from '../state/programStore';
import { BEEP_HZ, BEEP_MS, BENCH_CARD_ID, BENCH_FEED, FLASH_BOX, STRIP_BAND, STRIP_CELLS, stripBits, type StripFields } from './goliveBenchSignal';

/** The beep's level (0–1): loud enough to find its onset, well under clipping after the AAC encode. */
const BEEP_LEVEL = 0.5;
/** The audio clock is mapped to the wall clock over this many ms of readings (see audioClock). */
const CLOCK_WINDOW_MS = 2000;
const SCHEDULE_LEAD_MS = 200;
const BAR_COLORS = ['#c0c0c0', '#c0c000', '#00c0c0', '#00c000', '#c000c0', '#c00000', '#0000c0', '#303030'];
/**
 * Grain over the picture, moved every frame: flat colours alone cost the encoder far less than a
 * camera does (720p came to about 0.7 Mbps of the 3.5 asked for); with this much the 720p stream runs
 * at about the quality's bitrate (4.1 Mbps measured), as a busy camera's does.
 */
const GRAIN_ALPHA = 0.25;
const GRAIN_TILE = 256;

function grainTile(): HTMLCanvasElement {
  const tile = document.createElement('canvas');
  tile.width = GRAIN_TILE;
  tile.height = GRAIN_TILE;
  const g = tile.getContext('2d')!;
  const image = g.createImageData(GRAIN_TILE, GRAIN_TILE);
  for (let i = 0; i < image.data.length; i += 4) {
    const v = Math.floor(Math.random() * 256);
    image.data[i] = v;
    image.data[i + 1] = v;
    image.data[i + 2] = v;
    image.data[i + 3] = 255;
  }
  g.putImageData(image, 0, 0);
  return tile;
}

function painter(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d', { alpha: false })!;
  const band = Math.round(STRIP_BAND.height * height);
  const cell = width / STRIP_CELLS;
  const box = { x: FLASH_BOX.x * width, y: FLASH_BOX.y * height, w: FLASH_BOX.width * width, h: FLASH_BOX.height * height };
  const font = `600 ${Math.round(height / 14)}px monospace`;
  const grain = grainTile();
  return {
    canvas,
    paint(f: StripFields, flash: boolean): void {
      if (flash) {
        g.fillStyle = '#ffffff';
        g.fillRect(0, band, width, height - band);
      } else {
        // Something that moves every frame, as a camera's picture does (the encoder's work depends on it).
        g.fillStyle = '#202428';
        g.fillRect(0, band, width, height - band);
        const barW = width / BAR_COLORS.length;
        const shift = (f.counter * 6) % width;
        for (let i = 0; i < BAR_COLORS.length; i++) {
          g.fillStyle = BAR_COLORS[i]!;
          const x = (i * barW + shift) % width;
          g.fillRect(x, height * 0.42, barW, height * 0.3);
          if (x + barW > width) g.fillRect(x - width, height * 0.42, barW, height * 0.3);
        }
        g.globalAlpha = GRAIN_ALPHA;
        const ox = Math.floor(Math.random() * GRAIN_TILE);
        const oy = Math.floor(Math.random() * GRAIN_TILE);
        for (let y = band - oy; y < height; y += GRAIN_TILE) for (let x = -ox; x < width; x += GRAIN_TILE) g.drawImage(grain, x, y);
        g.globalAlpha = 1;
        g.fillStyle = '#000000';
        g.fillRect(box.x, box.y, box.w, box.h);
        g.fillStyle = '#e8e8e8';
        g.font = font;
        g.fillText(`${new Date(f.timeMs).toISOString().slice(11, 23)}  #${f.counter}`, width * 0.05, height * 0.86);
      }
      stripBits(f).forEach((bit, i) => {
        g.fillStyle = bit ? '#ffffff' : '#000000';
        g.fillRect(Math.round(i * cell), 0, Math.round((i + 1) * cell) - Math.round(i * cell), band);
      });
    },
  };
}

/**
 * The beep: a 1 kHz tone gated on for BEEP_MS at each wall-clock second, in an audio context of its
 * own whose stream joins the program mix as a feed. Its clock is mapped to the wall clock by the
 * smallest (Date.now() − currentTime) over the last CLOCK_WINDOW_MS: currentTime moves in steps of
 * an audio callback, so the smallest reading is the one taken right after a step.
 */
function beeper() {
  const ctx = new AudioContext({ sampleRate: 48_000 });
  const osc = ctx.createOscillator();
  osc.frequency.value = BEEP_HZ;
  const gain = ctx.createGain();
  gain.gain.value = 0;
  const out = ctx.createMediaStreamDestination();
  osc.connect(gain).connect(out);
  osc.start();
  void ctx.resume().catch(() => undefined);
  programSound.feed(BENCH_FEED, out.stream);
  const readings: { at: number; offset: number }[] = [];
  let scheduled = 0;
  return {
    /** Called every frame: refines the clock mapping and schedules the next second's beep. */
    tick(now: number): void {
      if (ctx.state !== 'running' || ctx.currentTime === 0) return;
      readings.push({ at: now, offset: now - ctx.currentTime * 1000 });
      while (readings.length > 1 && readings[0]!.at < now - CLOCK_WINDOW_MS) readings.shift();
      const next = Math.floor(now / 1000) + 1;
      // Scheduled well ahead (the audio thread renders ahead of the clock it reports): a second
      // too close is left out, the next one is scheduled right after it begins.
      if (next <= scheduled || next * 1000 - now < SCHEDULE_LEAD_MS) return;
      scheduled = next;
      const offset = Math.min(...readings.map((r) => r.offset));
      const at = (next * 1000 - offset) / 1000;
      gain.gain.setValueAtTime(BEEP_LEVEL, at);
      gain.gain.setValueAtTime(0, at + BEEP_MS / 1000);
    },
    stop(): void {
      programSound.feed(BENCH_FEED, null);
      void ctx.close().catch(() => undefined);
    },
  };
}

/** Installs the test source on the capture page's compositor; returns the uninstall. */
export function installGoliveBench(compositor: Compositor, size: { width: number; height: number }): () => void {
  const key = mediaKey.producer(BENCH_CARD_ID);
  const picture = painter(size.width, size.height);
  let sound: ReturnType<typeof beeper> | null = null;
  const onAir = () => useProgramStore.getState().doc.producers.some((p) => p.id === BENCH_CARD_ID && p.isLive);
  const follow = () => {
    if (!onAir() || media.get(key) === picture.canvas) return;
    media.register(key, picture.canvas);
    sound ??= beeper();
  };
  const unsubscribe = useProgramStore.subscribe(follow);
  follow();

  // The capture's frame clock calls compositor.renderNow() for every program frame: the picture is repainted
  // just before each of those draws, with the time of that moment.
  const draw = compositor.renderNow.bind(compositor);
  let counter = 0;
  let drawMs = 0;
  let last = Date.now();
  let second = Math.floor(last / 1000);
  compositor.renderNow = () => {
    if (media.get(key) === picture.canvas) {
      const now = Date.now();
      const flash = Math.floor(now / 1000) !== second;
      second = Math.floor(now / 1000);
      counter += 1;
      picture.paint({ counter, timeMs: now, drawMs, intervalMs: now - last }, flash);
      last = now;
      compositor.invalidateMedia(key);
      sound?.tick(now);
    }
    const t0 = performance.now();
    draw();
    drawMs = performance.now() - t0;
  };
  return () => {
    compositor.renderNow = draw;
    unsubscribe();
    sound?.stop();
  };
}
