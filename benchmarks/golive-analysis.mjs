// The pure part of benchmarks/golive.mjs (tested in tests/unit/goliveBench.test.ts): reading FLV tags
// as they arrive, ffmpeg's showinfo lines, the beep's onsets in decoded sound, and the figures made
// from them (delivery by the frame counter, A/V offset and drift).
import { dist, round } from './backend-harness.mjs';

/**
 * Reads an FLV byte stream chunk by chunk (as ffmpeg writes it to a pipe) and reports each complete
 * tag: { type: 8 audio | 9 video | 18 script, dts, pts (ms), keyframe, size (bytes) }. For H.264 (codec id 7) the
 * pts is dts + the composition time; sequence headers (AVC packet type 0) are not frames.
 */
export function createFlvTagReader(onTag) {
  let buf = Buffer.alloc(0);
  let headerDone = false;
  return (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    let off = 0;
    if (!headerDone) {
      if (buf.length < 13) return;
      if (buf.toString('latin1', 0, 3) !== 'FLV') throw new Error('not an FLV stream');
      off = buf.readUInt32BE(5) + 4; // header, then PreviousTagSize0
      headerDone = true;
    }
    while (buf.length - off >= 11) {
      const type = buf[off] & 0x1f;
      const size = buf.readUIntBE(off + 1, 3);
      if (buf.length - off < 11 + size + 4) break;
      const dts = buf[off + 7] * 2 ** 24 + buf.readUIntBE(off + 4, 3);
      const data = buf.subarray(off + 11, off + 11 + size);
      let pts = dts;
      let frame = true;
      let keyframe = false;
      if (type === 9 && size >= 5) {
        keyframe = data[0] >> 4 === 1;
        if ((data[0] & 0x0f) === 7) {
          frame = data[1] === 1;
          pts = dts + (data.readIntBE(2, 3) | 0);
        }
      } else if (type === 8 && size >= 2 && data[0] >> 4 === 10) frame = data[1] === 1; // AAC: 0 = its config
      if (type !== 18 && frame) onTag({ type, dts, pts, keyframe, size });
      off += 11 + size + 4;
    }
    buf = buf.subarray(off);
  };
}

/** Frames from ffmpeg's showinfo / ashowinfo lines, in order: { pts (s), samples (audio) }. */
export function showinfoFrames(stderr, filter = 'showinfo') {
  const out = [];
  const re = new RegExp(`Parsed_${filter}_\\d+ @ [^\\]]*\\] n:\\s*\\d+ pts:\\s*-?\\d+ pts_time:(-?[\\d.]+)(?:.*?nb_samples:(\\d+))?`, 'g');
  for (const m of stderr.matchAll(re)) out.push({ pts: Number(m[1]), samples: m[2] === undefined ? null : Number(m[2]) });
  return out;
}

/**
 * Onsets of the beep in mono samples (-1..1): the first sample at or above a quarter of the beep's
 * level after at least `quietMs` below it. The level is the 99.9th percentile of |x| (the beeps are
 * 10 % of the time), so silence and AAC's small pre-echo stay under the mark.
 */
export function beepOnsets(samples, rate, { quietMs = 400, minLevel = 0.02 } = {}) {
  const step = Math.max(1, Math.floor(samples.length / 200_000));
  const mags = [];
  for (let i = 0; i < samples.length; i += step) mags.push(Math.abs(samples[i]));
  mags.sort((a, b) => a - b);
  const level = mags.length ? mags[Math.floor(0.999 * (mags.length - 1))] : 0;
  if (level < minLevel) return [];
  const mark = level / 4;
  const quiet = Math.round((quietMs / 1000) * rate);
  const onsets = [];
  let lastLoud = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i]) < mark) continue;
    if (i - lastLoud >= quiet) onsets.push(i);
    lastLoud = i;
  }
  return onsets;
}

/** A sample index → its time (s) in the stream, from the decoded frames' pts and sample counts. */
export function sampleClock(frames, rate) {
  const starts = [];
  let n = 0;
  for (const f of frames) {
    starts.push(n);
    n += f.samples;
  }
  return (index) => {
    let lo = 0;
    let hi = frames.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return frames[lo].pts + (index - starts[lo]) / rate;
  };
}

/**
 * A/V offset per second: each flash frame { pts (s), glass (ms) } with the beep onset (s, same stream
 * clock) nearest to where it belongs. Both were meant for the wall-clock second S = floor(glass);
 * the flash frame was drawn glass − S after it, so in a stream in sync the onset comes
 * (S − glass) after the flash. offsetMs > 0: the sound is late.
 */
export function pairFlashes(flashes, onsets, { maxMs = 400 } = {}) {
  const pairs = [];
  for (const f of flashes) {
    const second = Math.floor(f.glass / 1000) * 1000;
    const expected = f.pts + (second - f.glass) / 1000;
    let best = null;
    for (const o of onsets) if (best === null || Math.abs(o - expected) < Math.abs(best - expected)) best = o;
    if (best === null || Math.abs(best - expected) * 1000 > maxMs) continue;
    pairs.push({ second, offsetMs: (best - expected) * 1000 });
  }
  return pairs;
}

/** Offsets over the run: their spread, the change from the first to the last 10 and the fitted slope. */
export function offsetSummary(pairs) {
  if (pairs.length === 0) return null;
  const offsets = pairs.map((p) => p.offsetMs);
  const k = Math.min(10, Math.floor(pairs.length / 2)) || 1;
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const t = pairs.map((p) => (p.second - pairs[0].second) / 60_000);
  const mt = mean(t);
  const mo = mean(offsets);
  const sxx = t.reduce((a, x) => a + (x - mt) ** 2, 0);
  const slope = sxx > 0 ? t.reduce((a, x, i) => a + (x - mt) * (offsets[i] - mo), 0) / sxx : 0;
  const abs = offsets.map(Math.abs);
  return {
    ...dist(offsets),
    min: round(Math.min(...offsets)),
    maxAbs: round(Math.max(...abs)),
    firstMean: round(mean(offsets.slice(0, k))),
    lastMean: round(mean(offsets.slice(-k))),
    changeMs: round(mean(offsets.slice(-k)) - mean(offsets.slice(0, k))),
    slopeMsPerMin: round(slope, 2),
    spanMin: round(t[t.length - 1], 2),
  };
}

/**
 * Delivery by the counter: of the frames the page drew from the first to the last counter seen, how
 * many arrived (each counted once), and the runs of missing ones.
 */
export function delivery(counters) {
  if (counters.length === 0) return { drawn: 0, arrived: 0, percent: null, repeats: 0, gaps: {} };
  const seen = new Set(counters);
  const sorted = [...seen].sort((a, b) => a - b);
  const drawn = sorted[sorted.length - 1] - sorted[0] + 1;
  const gaps = {};
  for (let i = 1; i < sorted.length; i++) {
    const missing = sorted[i] - sorted[i - 1] - 1;
    if (missing > 0) gaps[missing] = (gaps[missing] ?? 0) + 1;
  }
  return { drawn, arrived: seen.size, percent: round((100 * seen.size) / drawn, 2), repeats: counters.length - seen.size, gaps };
}

/**
 * The pump interval of each frame that did not arrive alone (a gap of one), from its neighbours:
 * frame n carries its own interval, so frame n − 1 was drawn (glass(n) − interval(n)) − glass(n − 2)
 * after the one before it. Frames: { counter, glass, intervalMs } sorted by counter, one each.
 */
export function missingFrameIntervals(frames) {
  const out = [];
  for (let i = 1; i < frames.length; i++) {
    const a = frames[i - 1];
    const b = frames[i];
    if (b.counter === a.counter + 2 && b.intervalMs < 127) out.push(b.glass - b.intervalMs - a.glass);
  }
  return out;
}
