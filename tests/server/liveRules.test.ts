// @vitest-environment node
/** Going live's pure parts: the named rules, the TS fan-out, ffmpeg's progress, the fps alarm, sealed stream keys. */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import {
  DESTINATIONS_MAX, FAILED_AFTER_ATTEMPTS, FPS_ALARM_AFTER_MS, FPS_ALARM_BELOW, HEARTBEAT_MS, HLS_SEGMENT_SEC, JOB_STALE_MS, KEY_SHOWN_CHARS,
  QUALITIES, recommendedQuality, retryDelayMs, RETRY_MAX_MS, RETRY_MIN_MS,
} from '../../src/server/live/rules';
import { normaliseServerUrl, rtmpTarget, streamKeyProblem } from '../../src/server/live/destinationUrl';
import { keyPresetFd, keyPresetLine, PRESET_FD, PRESET_LINE_MAX_BYTES } from '../../src/server/live/worker/keyPreset';
import { rtmpArgs } from '../../src/server/live/worker/outputArgs';
import { STREAM_KEY_MAX } from '../../src/lib/liveLimits';
import { broadcastStateOf } from '../../src/lib/liveContract';
import { closeSync, readFileSync, readlinkSync } from 'node:fs';
import { CAPTURE_FPS, KEYFRAME_INTERVAL_MS, RECORDER_SLICE_MS, AUDIO_SAMPLE_RATE } from '../../src/lib/captureContract';
import { createTsFanout, isVideoKeyframeStart, TS_PACKET } from '../../src/server/live/worker/tsFanout';
import { createProgressReader, redact } from '../../src/server/live/worker/ffmpegProgress';
import { createFpsAlarm } from '../../src/server/live/worker/fpsAlarm';
import { keyTail, openKey, sealKey, streamKeysSecret } from '../../src/server/live/streamKeys';
import { enabledDestinations, unreadableKeyMessage } from '../../src/server/live/destinations';
import { tempDir, removeDir } from './helpers';

describe('the rules of going live (issue 23)', () => {
  it('names the §9 qualities, the encoder and the outputs as the issue says', () => {
    expect(QUALITIES['1080p']).toMatchObject({ width: 1920, height: 1080 });
    expect(QUALITIES['720p']).toMatchObject({ width: 1280, height: 720 });
    expect(QUALITIES['560p'].height).toBe(560);
    expect(QUALITIES['560p'].width % 2).toBe(0);
    expect([CAPTURE_FPS, KEYFRAME_INTERVAL_MS, RECORDER_SLICE_MS, AUDIO_SAMPLE_RATE, HLS_SEGMENT_SEC]).toEqual([30, 2000, 250, 48_000, 2]);
    expect([FPS_ALARM_BELOW, FPS_ALARM_AFTER_MS]).toEqual([20, 5000]);
    expect(HEARTBEAT_MS).toBeLessThan(JOB_STALE_MS);
    expect(KEY_SHOWN_CHARS).toBe(4);
    expect(DESTINATIONS_MAX).toBe(10);
  });

  it('backs off from 1 s, doubling, to 30 s at most; fails after FAILED_AFTER_ATTEMPTS', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(RETRY_MIN_MS).toBe(1000);
    expect(RETRY_MAX_MS).toBe(30_000);
    expect(FAILED_AFTER_ATTEMPTS).toBeGreaterThan(1);
  });

  it('recommends 720p on two cores, 1080p from four', () => {
    expect([1, 2, 3, 4, 8].map((cores) => recommendedQuality(cores))).toEqual(['560p', '720p', '720p', '1080p', '1080p']);
  });

  it('tells the studio the §4 broadcast state of each job state', () => {
    expect((['pending', 'starting', 'live', 'stopping', 'stopped', 'failed'] as const).map(broadcastStateOf)).toEqual([
      'CONTAINER_SELECTION', 'CONTAINER_SELECTION', 'LIVE', 'CONTAINER_LIVE_ENDING', 'TERMINATED', 'TERMINATED',
    ]);
  });

});

describe('a server URL is checked and used in one form (normaliseServerUrl)', () => {
  const ok = (url: string) => ({ ok: true, value: url });
  const no = (problem: RegExp) => ({ ok: false, problem: expect.stringMatching(problem) });
  it.each<[string, string, unknown]>([
    ['a YouTube URL, as typed', 'rtmp://a.rtmp.youtube.com/live2', ok('rtmp://a.rtmp.youtube.com/live2')],
    ['RTMPS with its port and a trailing slash', 'rtmps://live-api-s.facebook.com:443/rtmp/', ok('rtmps://live-api-s.facebook.com:443/rtmp/')],
    ['a query (YouTube backup)', 'rtmp://b.rtmp.youtube.com/live2?backup=1', ok('rtmp://b.rtmp.youtube.com/live2?backup=1')],
    ['the scheme and host in lower case', 'RTMP://Live.Example.COM/App', ok('rtmp://live.example.com/App')],
    ['a hexadecimal IPv4 host as a resolver reads it', 'rtmp://0x7f.1:1935/live', ok('rtmp://127.0.0.1:1935/live')],
    ['a decimal IPv4 host', 'rtmp://2130706433/live', ok('rtmp://127.0.0.1/live')],
    ['a percent-encoded host', 'rtmp://127%2e0.0.1/live', ok('rtmp://127.0.0.1/live')],
    ['an IPv4-mapped IPv6 host', 'rtmp://[::ffff:169.254.169.254]/x', ok('rtmp://[::ffff:a9fe:a9fe]/x')],
    ['an international host name in its ASCII form', 'rtmp://exämple.com/live', ok('rtmp://xn--exmple-cua.com/live')],
    ['dot segments resolved', 'rtmp://h/a/../live', ok('rtmp://h/live')],
    // The attacks: a text the parser reads one way and ffmpeg another.
    ['a tab inside the scheme (ffmpeg read a local file)', 'rt\tmp://127.0.0.1:19361/live', no(/cannot hold spaces or control characters/)],
    ['a leading control character (ffmpeg tried a local file)', '\u0001rtmp://127.0.0.1:19361/live', no(/cannot hold spaces or control characters/)],
    ['a newline at the end', 'rtmp://h/live\n', no(/cannot hold spaces or control characters/)],
    ['a leading space', ' rtmp://h/live', no(/cannot hold spaces or control characters/)],
    ['a no-break space', 'rtmp://h/li\u00a0ve', no(/cannot hold spaces or control characters/)],
    ['a zero-width space', 'rtmp://h/li\u200bve', no(/cannot hold spaces or control characters/)],
    ['a bidi override', 'rtmp://h/\u202elive', no(/cannot hold spaces or control characters/)],
    ['https', 'https://example.com/live', no(/rtmp:\/\/ or rtmps:\/\//)],
    ['a file path', '/tmp/live', no(/rtmp:\/\/ or rtmps:\/\//)],
    ['not a URL', 'nota-url', no(/rtmp/)],
    ['no host', 'rtmp:/h/live', no(/has no host/)],
    ['a user and password', 'rtmp://user:pw@host/app', no(/stream key in its own field/)],
    ['port 0', 'rtmp://h:0/live', no(/port must be 1–65535/)],
    ['a fragment', 'rtmp://h/live#x', no(/cannot hold #/)],
    ['no application', 'rtmp://h/', no(/application path/)],
    ['longer than SERVER_URL_MAX', `rtmp://h/${'a'.repeat(2000)}`, no(/longer than 1000/)],
  ])('%s', (_name, url, want) => expect(normaliseServerUrl(url)).toEqual(want));

  it('reads its target as ffmpeg did: app is the path, the default port by scheme', () => {
    expect(rtmpTarget('rtmp://a.rtmp.youtube.com/live2')).toEqual({ tls: false, host: 'a.rtmp.youtube.com', port: 1935, app: 'live2', tcUrl: 'rtmp://a.rtmp.youtube.com:1935/live2' });
    expect(rtmpTarget('rtmps://live-api-s.facebook.com/rtmp/')).toMatchObject({ tls: true, port: 443, app: 'rtmp', tcUrl: 'rtmps://live-api-s.facebook.com:443/rtmp' });
    expect(rtmpTarget('rtmp://b.rtmp.youtube.com/live2?backup=1')).toMatchObject({ app: 'live2?backup=1' });
    expect(rtmpTarget('rtmp://[::1]:19350/app/inst')).toEqual({ tls: false, host: '::1', port: 19350, app: 'app/inst', tcUrl: 'rtmp://[::1]:19350/app/inst' });
  });

  it.each<[string, unknown, RegExp | null]>([
    ['a plain key', 'live_0123-abcd', null],
    ['500 characters', 'k'.repeat(500), null],
    ['501 characters', 'k'.repeat(501), /longer than 500/],
    ['empty', '', /required/],
    ['not a text', 42, /required/],
    ['a space', 'a b', /cannot hold spaces, control characters/],
    ['a trailing newline (it was trimmed and kept before)', 'key\n', /cannot hold spaces, control characters/],
    ['a control character', 'ke\u0001y', /cannot hold spaces, control characters/],
    ['a slash', 'a/b', /\/ \? or #/],
  ])('a stream key: %s', (_name, key, problem) => (problem ? expect(streamKeyProblem(key)).toMatch(problem) : expect(streamKeyProblem(key)).toBeNull()));
});

describe('the stream key reaches ffmpeg on a descriptor, never in its arguments (keyPreset.ts)', () => {
  it('writes the preset to a file unlinked at once: only the descriptor is left', () => {
    const fd = keyPresetFd('abc-KEY');
    try {
      expect(readFileSync(`/proc/self/fd/${fd}`, 'utf8')).toBe('rtmp_playpath=abc-KEY\n');
      expect(readlinkSync(`/proc/self/fd/${fd}`)).toMatch(/ \(deleted\)$/);
    } finally {
      closeSync(fd);
    }
  });

  it(`fits the longest key in ffmpeg's preset line (${PRESET_LINE_MAX_BYTES} bytes); refuses one longer in bytes`, () => {
    expect(Buffer.byteLength(keyPresetLine('k'.repeat(STREAM_KEY_MAX)))).toBeLessThanOrEqual(PRESET_LINE_MAX_BYTES);
    expect(() => keyPresetFd('🎥'.repeat(STREAM_KEY_MAX))).toThrow(/longer than ffmpeg reads/);
  });

  it('gives ffmpeg the relay, the app and the tcUrl in its arguments, the key on fd 4', () => {
    const args = rtmpArgs(1234, rtmpTarget('rtmps://live.example.com/app/'));
    expect(args.slice(-5)).toEqual(['-rtmp_tcurl', 'rtmps://live.example.com:443/app', '-fpre', `/dev/fd/${PRESET_FD}`, 'rtmp://127.0.0.1:1234/studio']);
    expect(args).toEqual(expect.arrayContaining(['-rtmp_app', 'app']));
  });
});

/** A TS packet: PID, payload start, optional random-access flag and PES stream id. */
function packet(pid: number, o: { start?: boolean; rai?: boolean; streamId?: number; fill?: number } = {}): Buffer {
  const p = Buffer.alloc(TS_PACKET, o.fill ?? 0xff);
  p[0] = 0x47;
  p[1] = (o.start ? 0x40 : 0) | ((pid >> 8) & 0x1f);
  p[2] = pid & 0xff;
  if (o.rai !== undefined) {
    p[3] = 0x30; // adaptation field + payload
    p[4] = 1;
    p[5] = o.rai ? 0x40 : 0;
    p.set([0, 0, 1, o.streamId ?? 0xe0], 6);
  } else {
    p[3] = 0x10;
    if (o.streamId !== undefined) p.set([0, 0, 1, o.streamId], 4);
  }
  return p;
}

describe('the TS fan-out', () => {
  const pat = () => {
    const p = packet(0, { start: true });
    p.set([0, 0x00, 0xb0, 0x0d, 0, 1, 0xc1, 0, 0, 0, 1, 0xf0, 0x00], 4); // pointer, table, program 1 → PMT PID 0x1000
    return p;
  };
  const pmt = () => packet(0x1000, { start: true });
  const key = (fill: number) => packet(0x100, { start: true, rai: true, fill });
  const delta = (fill: number) => packet(0x100, { start: true, rai: false, fill });
  const audio = () => packet(0x101, { start: true, streamId: 0xc0 });

  it('knows a video keyframe from a packet with the random-access flag and a video PES', () => {
    expect(isVideoKeyframeStart(key(1))).toBe(true);
    expect(isVideoKeyframeStart(delta(1))).toBe(false);
    expect(isVideoKeyframeStart(packet(0x101, { start: true, rai: true, streamId: 0xc0 }))).toBe(false);
  });

  it('starts a late consumer with the tables and the newest keyframe, then passes everything on, in any chunking', () => {
    const fanout = createTsFanout();
    const early: Buffer[] = [];
    fanout.add({ write: (c) => early.push(c) > 0, backlog: () => 0 });
    const stream = Buffer.concat([pat(), pmt(), key(1), delta(2), audio(), key(3), delta(4)]);
    // Cut in odd places: packets must arrive whole all the same.
    fanout.push(stream.subarray(0, 100));
    fanout.push(stream.subarray(100, 700));
    fanout.push(stream.subarray(700));
    expect(Buffer.concat(early).equals(stream)).toBe(true);
    expect(fanout.hasKeyframe()).toBe(true);
    const late: Buffer[] = [];
    fanout.add({ write: (c) => late.push(c) > 0, backlog: () => 0 });
    expect(Buffer.concat(late).equals(Buffer.concat([pat(), pmt(), key(3), delta(4)]))).toBe(true);
  });

  it('skips a consumer whose buffer is full instead of holding up the others', () => {
    const fanout = createTsFanout();
    const slow: Buffer[] = [];
    const fast: Buffer[] = [];
    fanout.add({ write: (c) => slow.push(c) > 0, backlog: () => 64 * 1024 * 1024 });
    fanout.add({ write: (c) => fast.push(c) > 0, backlog: () => 0 });
    fanout.push(Buffer.concat([key(1), delta(2)]));
    expect(slow).toHaveLength(0);
    expect(Buffer.concat(fast).length).toBe(2 * TS_PACKET);
  });
});

describe("ffmpeg's progress and the fps alarm", () => {
  it('turns frame and byte counters into a rate per second over each block', () => {
    let t = 0;
    const seen: { fps: number | null; kbps: number | null }[] = [];
    const read = createProgressReader((r) => seen.push({ fps: r.fps, kbps: r.kbps }), () => t);
    read('frame=0\ntotal_size=0\nprogress=continue\n');
    t = 1000;
    read('frame=30\ntotal_size=125');
    read('000\nprogress=continue\n');
    t = 2000;
    read('frame=40\ntotal_size=250000\ndrop_frames=3\nprogress=continue\n');
    expect(seen).toEqual([{ fps: null, kbps: null }, { fps: 30, kbps: 1000 }, { fps: 10, kbps: 1000 }]);
  });

  it('redacts every secret from a text', () => {
    expect(redact('Failed to publish rtmp://h/live/SECRET123 (SECRET123)', ['rtmp://h/live/SECRET123', 'SECRET123'])).toBe('Failed to publish **** (****)');
  });

  it('raises the alarm after 5 s under 20 fps, and clears it with one good reading', () => {
    let t = 0;
    const alarm = createFpsAlarm(() => t);
    expect(alarm.reading(30)).toBe(false);
    expect(alarm.reading(12)).toBe(false);
    t = FPS_ALARM_AFTER_MS - 1;
    expect(alarm.reading(12)).toBe(false);
    t = FPS_ALARM_AFTER_MS;
    expect(alarm.reading(19.9)).toBe(true);
    expect(alarm.reading(null)).toBe(true);
    expect(alarm.reading(FPS_ALARM_BELOW)).toBe(false);
  });
});

describe('stream keys at rest', () => {
  it('seals with AES-GCM: the sealed text holds no trace of the key, and another secret cannot open it', () => {
    const secret = randomBytes(32);
    const sealed = sealKey(secret, 'live_abcd-1234-SECRET');
    expect(sealed).not.toContain('SECRET');
    expect(openKey(secret, sealed)).toBe('live_abcd-1234-SECRET');
    expect(() => openKey(randomBytes(32), sealed)).toThrow();
    expect(keyTail('live_abcd-1234-SECRET')).toBe('CRET');
  });

  it('takes the secret from STUDIO_SECRETS_KEY (64 hex), else a 0600 key file kept in the data folder', async () => {
    const hex = randomBytes(32).toString('hex');
    expect(streamKeysSecret('/nonexistent', hex).toString('hex')).toBe(hex);
    expect(() => streamKeysSecret('/nonexistent', 'short')).toThrow(/64 hexadecimal/);
    const dir = tempDir();
    try {
      const first = streamKeysSecret(dir, '');
      expect(streamKeysSecret(dir, '').equals(first)).toBe(true);
      const { statSync } = await import('node:fs');
      expect(statSync(`${dir}/stream-keys.key`).mode & 0o777).toBe(0o600);
    } finally {
      removeDir(dir);
    }
  });
});

describe('the capture worker environment', () => {
  it("gives Chromium a short temp folder when TMPDIR is too long for its profile's socket", async () => {
    const { captureTmpDir } = await import('../../src/server/live/manager');
    expect(captureTmpDir('/tmp')).toBe('/tmp');
    expect(captureTmpDir(`/work/main/node_modules/.cache/studio-benchmarks/tmp/golive-backend-NtweDC/${'x'.repeat(20)}`)).toBe('/tmp');
  });
});

describe('a destination whose saved key cannot be opened (the secret changed), or saved before the rules of today', () => {
  it('is left out of the broadcast with a clear reason; the others stream, at their checked URL', async () => {
    const ours = randomBytes(32);
    const before = randomBytes(32);
    const row = (id: string, name: string, secret: Buffer, url = 'rtmp://127.0.0.1/live') => ({ id, event_id: 'e', name, server_url: url, key_cipher: sealKey(secret, `key-of-${id}`), key_last4: '', enabled: true, created_at: 0 });
    const rows = [row('a', 'Readable', ours, 'RTMP://0x7f.1/live'), row('b', 'Sealed before', before), row('c', 'Tab in it', ours, 'rt\tmp://127.0.0.1:19361/live')];
    const db = { query: async <T,>() => rows as unknown as T[] };
    const told: string[] = [];
    const destinations = await enabledDestinations(db, ours, 'e', (message) => told.push(message));
    expect(destinations).toEqual([{ id: 'a', name: 'Readable', serverUrl: 'rtmp://127.0.0.1/live', streamKey: 'key-of-a' }]);
    expect(told).toEqual([
      unreadableKeyMessage('Sealed before'),
      'Destination Tab in it is skipped: The server URL cannot hold spaces or control characters. Change it in Destinations.',
    ]);
    expect(told[0]).toBe('Destination Sealed before is skipped: its stream key cannot be read with this backend\'s secret (STUDIO_SECRETS_KEY or stream-keys.key changed). Type the stream key again in Destinations.');
  });
});
