// @vitest-environment node
/** The going-live benchmark's test signal and its reading (benchmarks/golive.mjs). */
import { describe, expect, it } from 'vitest';
import { readStrip, stripBits, STRIP_CELLS, unwrapTime } from '../../src/dev/goliveBenchSignal';
import { beepOnsets, createFlvTagReader, delivery, missingFrameIntervals, offsetSummary, pairFlashes, sampleClock, showinfoFrames, type FlvTag } from '../../benchmarks/golive-analysis.mjs';

/** Cell lumas as a decoder would give them: black or white, blurred a little. */
const lumas = (bits: number[], seed = 1) => {
  let s = seed;
  const noise = () => ((s = (s * 16807) % 2147483647) % 61) - 30;
  return bits.map((b) => Math.max(0, Math.min(255, (b ? 235 : 16) + noise())));
};

describe('the strip', () => {
  it('carries the counter, the time and the two page figures through black and white cells', () => {
    const fields = { counter: 123_456, timeMs: 1_795_600_000_123, drawMs: 12, intervalMs: 34 };
    const bits = stripBits(fields);
    expect(bits).toHaveLength(STRIP_CELLS);
    const read = readStrip(lumas(bits));
    expect(read).toEqual({ counter: 123_456 % 2 ** 18, timeMs: fields.timeMs % 2 ** 32, drawMs: 12, intervalMs: 34 });
    expect(unwrapTime(read!.timeMs, fields.timeMs + 900)).toBe(fields.timeMs);
  });

  it('caps the page figures at 127 ms', () => {
    expect(readStrip(lumas(stripBits({ counter: 1, timeMs: 5, drawMs: 400, intervalMs: -3 })))).toMatchObject({ drawMs: 127, intervalMs: 0 });
  });

  it('refuses a damaged strip: a flipped cell fails the CRC, a grey cell is no strip', () => {
    const bits = stripBits({ counter: 7, timeMs: 1_795_600_000_000, drawMs: 3, intervalMs: 33 });
    for (const i of [0, 20, 60, 79]) {
      const flipped = [...bits];
      flipped[i] = 1 - flipped[i]!;
      expect(readStrip(lumas(flipped))).toBeNull();
    }
    const grey = lumas(bits);
    grey[40] = 128;
    expect(readStrip(grey)).toBeNull();
    expect(readStrip(new Array(STRIP_CELLS).fill(16))).toBeNull();
  });

  it('unwraps the time across the 2^32 ms boundary', () => {
    const wrap = 2 ** 32 * 418;
    expect(unwrapTime((wrap - 5) % 2 ** 32, wrap + 300)).toBe(wrap - 5);
    expect(unwrapTime((wrap + 5) % 2 ** 32, wrap - 300)).toBe(wrap + 5);
  });
});

describe('the beep', () => {
  const rate = 48_000;
  /** Silence (with a little hiss), 1 kHz beeps of 100 ms at the given sample indices, each with a quiet pre-echo. */
  function sound(onsets: number[], length: number): Float32Array {
    const x = new Float32Array(length);
    for (let i = 0; i < length; i++) x[i] = (((i * 7919) % 13) - 6) * 1e-4;
    for (const at of onsets) {
      for (let i = at - 500; i < at; i++) x[i] = 0.03 * Math.sin((2 * Math.PI * 1000 * i) / rate);
      for (let i = at; i < at + rate / 10; i++) x[i] = 0.5 * Math.sin((2 * Math.PI * 1000 * (i - at)) / rate + 0.3);
    }
    return x;
  }

  it('finds each onset within a quarter millisecond, pre-echo and hiss left out', () => {
    const truth = [10_000, 58_000, 106_000, 154_500];
    const found = beepOnsets(sound(truth, 200_000), rate);
    expect(found).toHaveLength(truth.length);
    found.forEach((at, i) => expect(Math.abs(at - truth[i]!)).toBeLessThanOrEqual(12));
  });

  it('finds nothing in silence', () => {
    expect(beepOnsets(sound([], 96_000), rate)).toEqual([]);
  });

  it('turns a sample index into stream time from the decoded frames', () => {
    const clock = sampleClock(
      [
        { pts: 10, samples: 1024 },
        { pts: 10 + 1024 / rate, samples: 1024 },
        { pts: 12, samples: 1024 }, // after a gap
      ],
      rate,
    );
    expect(clock(0)).toBe(10);
    expect(clock(1500)).toBeCloseTo(10 + 1500 / rate, 9);
    expect(clock(2048 + 48)).toBeCloseTo(12.001, 9);
  });
});

describe('A/V offset and drift', () => {
  it('pairs each flash with the beep of its second, allowing for when in the second the flash was drawn', () => {
    // Stream clock = wall clock − 1000 s; the sound 40 ms late, growing 1 ms a second.
    const flashes = Array.from({ length: 30 }, (_, k) => ({ glass: 1_000_000 + k * 1000 + 12, pts: k + 0.012 }));
    const onsets = flashes.map((_, k) => k + 0.04 + k * 0.001);
    const pairs = pairFlashes(flashes, onsets);
    expect(pairs).toHaveLength(30);
    // The flash was drawn 12 ms into its second: in sync the beep would come 12 ms before it.
    expect(pairs[0]!.offsetMs).toBeCloseTo(40, 6);
    const summary = offsetSummary(pairs)!;
    expect(summary.changeMs).toBeCloseTo(20, 0); // the last ten against the first ten
    expect(summary.slopeMsPerMin).toBeCloseTo(60, 1);
  });

  it('leaves out a flash with no beep near it', () => {
    expect(pairFlashes([{ glass: 5_000_010, pts: 3.01 }], [4.5])).toEqual([]);
  });
});

describe('delivery by the counter', () => {
  it('counts the frames drawn between the first and the last seen, once each, and the gaps', () => {
    expect(delivery([1, 2, 4, 5, 5, 8])).toEqual({ drawn: 8, arrived: 5, percent: 62.5, repeats: 1, gaps: { 1: 1, 2: 1 } });
  });

  it('recovers the pump interval of a frame lost alone from its neighbours', () => {
    const frames = [
      { counter: 10, glass: 1000, intervalMs: 33 },
      { counter: 12, glass: 1067, intervalMs: 34 }, // 11 was drawn at 1033: 33 ms after 10
      { counter: 13, glass: 1100, intervalMs: 33 },
    ];
    expect(missingFrameIntervals(frames)).toEqual([33]);
  });
});

describe('reading ffmpeg', () => {
  it('reads FLV tags as they arrive, in any chunks: pts = dts + composition time; codec configs are no frames', () => {
    const tag = (type: number, ts: number, data: number[]) => {
      const head = Buffer.alloc(11);
      head[0] = type;
      head.writeUIntBE(data.length, 1, 3);
      head.writeUIntBE(ts & 0xffffff, 4, 3);
      head[7] = Math.floor(ts / 2 ** 24);
      const size = Buffer.alloc(4);
      size.writeUInt32BE(11 + data.length);
      return Buffer.concat([head, Buffer.from(data), size]);
    };
    const stream = Buffer.concat([
      Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]),
      tag(18, 0, [2, 0, 1, 0x61]),
      tag(9, 0, [0x17, 0, 0, 0, 0, 1, 2]), // AVC sequence header
      tag(8, 0, [0xaf, 0, 0x11, 0x90]), // AAC config
      tag(9, 2 ** 24 + 40, [0x17, 1, 0, 0, 33, 9, 9, 9]), // keyframe, cts 33
      tag(8, 2 ** 24 + 41, [0xaf, 1, 1, 2, 3]),
      tag(9, 2 ** 24 + 73, [0x27, 1, 0, 0, 0, 9]),
    ]);
    const tags: FlvTag[] = [];
    const read = createFlvTagReader((t) => tags.push(t));
    for (let i = 0; i < stream.length; i += 7) read(stream.subarray(i, i + 7));
    expect(tags).toEqual([
      { type: 9, dts: 2 ** 24 + 40, pts: 2 ** 24 + 73, keyframe: true, size: 8 },
      { type: 8, dts: 2 ** 24 + 41, pts: 2 ** 24 + 41, keyframe: false, size: 5 },
      { type: 9, dts: 2 ** 24 + 73, pts: 2 ** 24 + 73, keyframe: false, size: 6 },
    ]);
  });

  it('reads showinfo and ashowinfo lines', () => {
    const err = [
      '[Parsed_showinfo_5 @ 0x55d] n:   0 pts:  40040 pts_time:40.04    duration:1 pos:123 fmt:gray sar:1/1 s:81x1',
      'frame=    1 fps=0.0 q=-0.0 size=N/A',
      '[Parsed_ashowinfo_0 @ 0x55e] n:1 pts:1024 pts_time:0.0213333 pos:-1 fmt:fltp channels:2 chlayout:stereo rate:48000 nb_samples:1024 checksum:00000000',
    ].join('\n');
    expect(showinfoFrames(err)).toEqual([{ pts: 40.04, samples: null }]);
    expect(showinfoFrames(err, 'ashowinfo')).toEqual([{ pts: 0.0213333, samples: 1024 }]);
  });
});
