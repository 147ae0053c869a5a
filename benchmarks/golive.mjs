#!/usr/bin/env node
/**
 * Going live, measured end to end (issue 23): the studio backend (src/server, serving the e2e build
 * dist-e2e/) goes live through its HTTP API to a real nginx-rtmp on loopback, its capture worker
 * running the real path: Chromium draws the program with the compositor, MediaRecorder encodes it,
 * ffmpeg ingests, fans out and pushes RTMP, writes HLS and the recording.
 *
 * The scene: one producer card on air, put there through the channel (a lone producer fills the
 * frame); in non-production builds the capture page gives that card (and only it) a camera and a
 * microphone of the benchmark's (src/dev/goliveBench.ts): a picture repainted before
 * each program frame with a strip holding the frame counter and the wall-clock ms of the draw, a
 * white flash frame and a 1 kHz beep on every wall-clock second.
 *
 * Measured, per quality, over a window after a warm-up:
 * - RTMP: an ffmpeg player on the nginx stream copies the video and the audio into two FLV streams;
 *   each video tag is stamped as it arrives. Decoded after the run (so the decoding costs no CPU in
 *   the window): glass (the time in the strip) to RTMP arrival, frames delivered by the counter, and
 *   the A/V offset (beep onset against the flash frame, in the stream's own timestamps) and its drift.
 * - HLS: the watch page's playlist polled every HLS_POLL_MS as a player would, each new segment
 *   fetched at once; glass to the moment its segment was listed, per frame and per segment.
 * - CPU: utime + stime from /proc of every process under the backend (the capture Chromium's tree,
 *   each ffmpeg by its job, the worker, the backend), as cores over the window.
 *
 * Prints JSON, then a one-line summary. Progress goes to stderr.
 *
 *   node benchmarks/golive.mjs                    # 720p and 1080p, 60 s each (about 4 min)
 *   node benchmarks/golive.mjs --quick            # 720p, 20 s (about 1 min)
 *   node benchmarks/golive.mjs --seconds 600 --quality 720p   # the 10-minute drift check
 *   node benchmarks/golive.mjs --json-only --out golive.json --keep   # --keep: leave the received files
 *   node benchmarks/golive.mjs --quick --attendee # also glass to attendee: the watch page's player (attendee-player.mjs)
 *   node benchmarks/golive.mjs --quick --background-video   # a playing background video behind the card
 *   node benchmarks/golive.mjs --quick --both-shapes        # each quality twice: 16:9 alone, then 16:9 + vertical (issue 34)
 *
 * With --both-shapes a vertical destination (9:16) on the same nginx is switched on for the second
 * run: the worker renders both programs. The vertical stream's frames are counted as they arrive
 * (its picture is the card cropped upright, so the strip is not read there); the 16:9 one is read as
 * always. The cost of the vertical program is the second run's CPU less the first's, in one run of
 * this script on one machine.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dist, load1, round, startBackend, withTimeout } from './backend-harness.mjs';
import { createThreadMeter } from './thread-cpu.mjs';
import { startAttendeePlayer, treeTicks } from './attendee-player.mjs';
import { beepOnsets, createFlvTagReader, delivery, missingFrameIntervals, offsetSummary, pairFlashes, sampleClock, showinfoFrames } from './golive-analysis.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const QUICK = flag('--quick');
const JSON_ONLY = flag('--json-only');
/** Also an attendee's event page playing the HLS: glass to attendee (issue 32); its Chromium costs CPU of its own. */
const ATTENDEE = flag('--attendee');
const KEEP = flag('--keep');
/**
 * Also a moving background video behind the card (a predefined asset, as a moderator picks one): the
 * capture then draws a decoded video every frame, as it does a guest's camera.
 */
const BACKGROUND_VIDEO = flag('--background-video');
const BOTH_SHAPES = flag('--both-shapes');
const VERTICAL_KEY = 'golive-bench-vertical-key';
const OUT = option('--out', null);
const SECONDS = Number(option('--seconds', QUICK ? 20 : 60));
const WARMUP_SECONDS = Number(option('--warmup', 8));
const QUALITY_LIST = option('--quality', QUICK ? '720p' : '720p,1080p').split(',');
/** After the window: frames drawn at its end reach the player, the HLS segment holding them is listed. */
const TAIL_MS = 6000;
const HLS_POLL_MS = 100;
const SHARING_URL = 'product-launch';
const STREAM_KEY = 'golive-bench-key';

const CACHE = join(ROOT, 'node_modules', '.cache', 'studio-benchmarks');
const TMP = join(CACHE, 'tmp');
mkdirSync(TMP, { recursive: true });
process.env.TMPDIR = TMP; // nginx's folder (rtmpServer.ts), the backend's data, the received files

const { tsImport } = await import('tsx/esm/api');
const signal = await tsImport('../src/dev/goliveBenchSignal.ts', import.meta.url);
const { QUALITIES, CAPTURE_FPS } = await tsImport('../src/lib/captureContract.ts', import.meta.url);
const { startRtmpServer } = await tsImport('../src/server/dev/servers/rtmpServer.ts', import.meta.url);
const { guardChild, exited } = await tsImport('../src/server/processGuard.ts', import.meta.url);

const log = (...a) => !JSON_ONLY && console.error('[golive]', ...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

for (const q of QUALITY_LIST) if (!QUALITIES[q]) throw new Error(`--quality: ${q} is not one of ${Object.keys(QUALITIES).join(', ')}`);
if (!existsSync(join(ROOT, 'dist-e2e', 'index.html'))) throw new Error('dist-e2e/ is missing: run `npm run build:e2e` once');
const devChunk = readdirSync(join(ROOT, 'dist-e2e', 'assets')).find((f) => /^dev-.*\.js$/.test(f));
if (!devChunk || !readFileSync(join(ROOT, 'dist-e2e', 'assets', devChunk), 'utf8').includes(signal.BENCH_CARD_ID)) {
  throw new Error('dist-e2e/ has no src/dev chunk with the benchmark source (an older build): run `npm run build:e2e`');
}

// ---------------------------------------------------------------------------------------------
// The backend's HTTP API, as the studio (and tests/e2e/live.spec.ts) calls it.

let base = '';
async function api(path, { method, token, json } = {}) {
  const res = await fetch(base + path, {
    method: method ?? (json === undefined ? 'GET' : 'POST'),
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Producer-Authorization': `Bearer ${token}` } : {}) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method ?? 'GET'} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

async function signIn() {
  const res = await fetch(`${base}/usermanager/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'producer1', password: 'studio', grant_type: 'password' }),
  });
  return (await res.json()).access_token;
}

/** The first predefined background video, as the e2e build serves it (the backend's own origin). */
function backgroundVideo(origin) {
  const file = readdirSync(join(ROOT, 'dist-e2e', 'assets')).find((f) => /^background-video-1-.*\.webm$/.test(f));
  if (!file) throw new Error('dist-e2e/ has no background-video-1: run `npm run build:e2e`');
  return { id: 'bench-background-video', type: 'video', url: `${origin}/studio/instant-demo/assets/${file}`, name: 'Background video 1' };
}

/** The benchmark's producer card alone on air (a lone producer fills the frame, §9 geometry). */
const benchLayer = {
  number: 1,
  type: 'PRODUCER',
  sourceUrl: '',
  sourceId: signal.BENCH_CARD_ID,
  sourceName: 'Bench Clock',
  isHidden: false,
  isSpotted: false,
  orderRank: 1,
  liveRank: 1,
  position: { x: 0, y: 0, width: 1, height: 1 },
  crop: { top: 0, left: 0, bottom: 0, right: 0 },
};

async function until(what, ms, check, every = 500) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await sleep(every);
  }
}

// ---------------------------------------------------------------------------------------------
// Processes: ffmpeg runs, the RTMP player, CPU from /proc.

const started = new Set();
function run(cmd, argv, { stdin } = {}) {
  const child = spawn(cmd, argv, { stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  guardChild(child, 'golive-bench');
  started.add(child);
  void exited(child).then(() => started.delete(child));
  return child;
}

/** Runs ffmpeg to the end: stdout as a Buffer, stderr as text. */
async function ffmpeg(argv) {
  const child = run('ffmpeg', ['-hide_banner', '-nostats', ...argv]);
  const out = [];
  let err = '';
  child.stdout.on('data', (c) => out.push(c));
  child.stderr.on('data', (c) => (err += c));
  await exited(child);
  if (child.exitCode !== 0) throw new Error(`ffmpeg ${argv.join(' ')} → ${child.exitCode}: ${err.slice(-800)}`);
  return { out: Buffer.concat(out), err };
}

/**
 * The RTMP player: ffmpeg plays the stream from nginx and copies its video and its audio into two
 * FLV outputs (one stream each, so neither waits for the other to interleave); the video comes
 * through a pipe and each tag is stamped when it has fully arrived.
 */
function startPlayer(url, dir) {
  const videoFile = join(dir, 'rtmp-video.flv');
  const audioFile = join(dir, 'rtmp-audio.flv');
  const child = run('ffmpeg', [
    '-hide_banner', '-nostats', '-loglevel', 'error', '-analyzeduration', '2000000', '-i', url,
    '-map', '0:v:0', '-c', 'copy', '-f', 'flv', '-flush_packets', '1', 'pipe:1',
    '-map', '0:a:0', '-c', 'copy', '-f', 'flv', '-flush_packets', '1', '-y', audioFile,
  ]);
  const file = createWriteStream(videoFile);
  const arrivals = new Map(); // video pts (ms) → Date.now() when its tag arrived
  const videoBytes = []; // [Date.now(), bytes] per video tag
  let err = '';
  const read = createFlvTagReader((tag) => {
    if (tag.type !== 9) return;
    const now = Date.now();
    if (!arrivals.has(tag.pts)) arrivals.set(tag.pts, now);
    videoBytes.push([now, tag.size]);
  });
  child.stdout.on('data', (chunk) => {
    read(chunk);
    file.write(chunk);
  });
  child.stderr.on('data', (c) => (err = (err + c).slice(-2000)));
  return {
    pid: child.pid,
    videoFile,
    audioFile,
    arrivals,
    /** Video frames (tags) that arrived between t0 and t1, per second: what the audience of this stream got. */
    arrivedFps(t0, t1) {
      let n = 0;
      for (const at of arrivals.values()) if (at >= t0 && at <= t1) n += 1;
      return round(n / ((t1 - t0) / 1000), 1);
    },
    /** The video's bitrate as it arrived between t0 and t1: { mean, perSecond: distribution of whole seconds }. */
    videoKbps(t0, t1) {
      const seconds = new Array(Math.floor((t1 - t0) / 1000)).fill(0);
      let bytes = 0;
      for (const [t, b] of videoBytes) {
        if (t < t0 || t > t1) continue;
        bytes += b;
        const i = Math.floor((t - t0) / 1000);
        if (i < seconds.length) seconds[i] += b;
      }
      return { mean: round((bytes * 8) / (t1 - t0), 0), perSecond: dist(seconds.map((b) => (b * 8) / 1000)) };
    },
    error: () => err,
    async stop() {
      child.kill('SIGINT'); // ffmpeg finishes both files
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
      await new Promise((r) => file.end(r));
    },
  };
}

/** The watch page's HLS as a player reads it: the playlist every HLS_POLL_MS, each new segment fetched at once. */
function startHlsReader(playlistUrl, dir) {
  const segments = [];
  const known = new Set();
  let stopped = false;
  let lastPollAt = null;
  let polls = 0;
  let failures = 0;
  const loop = (async () => {
    while (!stopped) {
      const sentAt = Date.now();
      try {
        const res = await fetch(playlistUrl, { cache: 'no-store' });
        if (res.ok) {
          polls += 1;
          const names = (await res.text()).split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
          for (const name of names) {
            if (known.has(name)) continue;
            known.add(name);
            // Listed between the previous poll and this one: the middle (±HLS_POLL_MS / 2).
            const seg = { name, listedAt: lastPollAt === null ? sentAt : (lastPollAt + sentAt) / 2, file: join(dir, name.replace(/[^\w.-]/g, '_')), fetchMs: null };
            segments.push(seg);
            const t = Date.now();
            const body = await fetch(new URL(name, playlistUrl));
            if (body.ok) {
              writeFileSync(seg.file, Buffer.from(await body.arrayBuffer()));
              seg.fetchMs = Date.now() - t;
            }
          }
        } else failures += 1;
        lastPollAt = sentAt;
      } catch {
        failures += 1;
      }
      await sleep(Math.max(0, HLS_POLL_MS - (Date.now() - sentAt)));
    }
  })();
  return {
    segments,
    stats: () => ({ polls, failures }),
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

function procStatOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const close = stat.lastIndexOf(')');
    const f = stat.slice(close + 2).split(' ');
    return { pid, comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), start: Number(f[19]) };
  } catch {
    return null;
  }
}

function processes() {
  return readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map((n) => procStatOf(Number(n))).filter(Boolean);
}

function cmdline(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** What a process is, for the CPU table: { group, part }. */
function classify(p, cmd) {
  const line = cmd.join(' ');
  if (/chrom/.test(p.comm) || /chromium/.test(cmd[0] ?? '')) {
    const type = /--type=(\S+)/.exec(line)?.[1] ?? (/crashpad/.test(line) ? 'crashpad' : 'browser');
    const sub = /--utility-sub-type=(\S+)/.exec(line)?.[1];
    return { group: 'capturePage', part: sub ? `${type}:${sub.split('.')[0]}` : type };
  }
  if (p.comm === 'ffmpeg') {
    if (line.includes('-f matroska -i pipe:0')) return { group: 'ffmpeg', part: 'ingest' };
    if (line.includes(' -f flv ')) return { group: 'ffmpeg', part: 'rtmp' };
    if (line.includes(' -f hls ')) return { group: 'ffmpeg', part: 'hls' };
    if (line.includes('.mkv')) return { group: 'ffmpeg', part: 'recording' };
    return { group: 'ffmpeg', part: 'other' };
  }
  if (p.comm === 'node' || /node/.test(cmd[0] ?? '')) return line.includes('worker/main.ts') ? { group: 'captureWorker', part: 'node' } : { group: 'backend', part: 'node' };
  if (p.comm === 'sh') return { group: 'watchdogs', part: 'sh' };
  return { group: 'other', part: p.comm };
}

const machineTicks = () => {
  const cpu = readFileSync('/proc/stat', 'latin1').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + (cpu[4] ?? 0);
  return { busy: cpu.reduce((a, b) => a + b, 0) - idle };
};
const uptimeTicks = () => Number(readFileSync('/proc/uptime', 'latin1').split(' ')[0]) * CLK_TCK;

/**
 * CPU of every process under `root` (and of `extra` pids, the benchmark's own player), as the
 * difference of utime + stime between the first and the last sample; a process started during the
 * window counts from 0. Sampled every second, so a process that ends in the window loses < 1 s.
 */
function createCpuMeter(root, extra) {
  const seen = new Map();
  let capturePage = [];
  const threads = createThreadMeter(() => capturePage, CLK_TCK);
  const startTicks = uptimeTicks();
  const machineStart = machineTicks();
  const startedAt = performance.now();
  let machineEnd = machineStart;
  let endedAt = startedAt;
  const sample = () => {
    const all = processes();
    const children = new Map();
    for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
    const tree = [];
    const stack = all.filter((p) => p.pid === root);
    while (stack.length) {
      const p = stack.pop();
      tree.push(p);
      stack.push(...(children.get(p.pid) ?? []));
    }
    const own = all.filter((p) => extra.includes(p.pid));
    for (const p of [...tree, ...own]) {
      const key = `${p.pid}:${p.start}`;
      const entry = seen.get(key);
      if (entry) entry.last = p.ticks;
      else {
        const kind = !own.includes(p) ? classify(p, cmdline(p.pid)) : p.pid === process.pid ? { group: 'benchmark', part: 'node' } : { group: 'benchmark', part: 'player ffmpeg' };
        seen.set(key, { ...kind, pid: p.pid, first: p.start > startTicks ? 0 : p.ticks, last: p.ticks });
      }
    }
    capturePage = [...seen.values()].filter((e) => e.group === 'capturePage').map((e) => ({ pid: e.pid, part: e.part }));
    threads.sample();
    machineEnd = machineTicks();
    endedAt = performance.now();
  };
  sample();
  return {
    sample,
    /** The capture page's CPU-ms per frame received, by process and thread. */
    perFrame: (frames) => threads.perFrame(frames),
    result() {
      const seconds = (endedAt - startedAt) / 1000;
      const cores = (ticks) => round(ticks / CLK_TCK / seconds, 3);
      const groups = {};
      for (const e of seen.values()) {
        const g = (groups[e.group] ??= { ticks: 0, processes: 0, parts: {} });
        g.ticks += e.last - e.first;
        g.processes += 1;
        g.parts[e.part] = (g.parts[e.part] ?? 0) + e.last - e.first;
      }
      const out = { seconds: round(seconds, 1), machineBusyCores: cores(machineEnd.busy - machineStart.busy) };
      for (const [name, g] of Object.entries(groups)) {
        out[name] = { cores: cores(g.ticks), processes: g.processes, parts: Object.fromEntries(Object.entries(g.parts).map(([k, v]) => [k, cores(v)])) };
      }
      const sum = (filter) => Object.entries(groups).filter(([n]) => filter(n)).reduce((a, [, g]) => a + g.ticks, 0);
      out.pipelineCores = cores(sum((n) => n !== 'benchmark'));
      // Everything else the machine did: the other engineer's work, the kernel's (loopback, disk).
      out.otherCores = round(out.machineBusyCores - cores(sum(() => true)), 3);
      return out;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the received streams (after the run).

const CELLS = signal.STRIP_CELLS;
const { STRIP_READ: S, FLASH_READ: F } = signal;
const VIDEO_FILTER =
  `[0:v]format=gray,split=2[a][b];` +
  `[a]crop=iw:ih*${S.height}:0:ih*${S.y},scale=${CELLS}:1:flags=area[s];` +
  `[b]crop=iw*${F.width}:ih*${F.height}:iw*${F.x}:ih*${F.y},scale=1:1:flags=area[f];` +
  `[s][f]hstack=inputs=2,showinfo[out]`;

/** Every decoded frame of a file: { pts (s), fields (strip or null), flash }. */
async function readVideo(file) {
  const { out, err } = await ffmpeg(['-loglevel', 'info', '-copyts', '-i', file, '-filter_complex', VIDEO_FILTER, '-map', '[out]', '-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  const infos = showinfoFrames(err);
  const size = CELLS + 1;
  const frames = [];
  for (let i = 0; i < Math.min(infos.length, Math.floor(out.length / size)); i++) {
    const px = out.subarray(i * size, (i + 1) * size);
    frames.push({ pts: infos[i].pts, fields: signal.readStrip(px.subarray(0, CELLS)), flash: px[CELLS] >= 128 });
  }
  return frames;
}

/** The sound of a file as mono float samples, with a sample → stream time clock. */
async function readAudio(file) {
  const { out, err } = await ffmpeg(['-loglevel', 'info', '-copyts', '-i', file, '-map', '0:a:0', '-af', 'ashowinfo', '-ac', '1', '-f', 'f32le', 'pipe:1']);
  const frames = showinfoFrames(err, 'ashowinfo');
  const samples = new Float32Array(out.buffer, out.byteOffset, Math.floor(out.length / 4));
  const rate = 48_000;
  const clock = sampleClock(frames, rate);
  return { onsets: beepOnsets(samples, rate).map(clock), seconds: samples.length / rate };
}

/** The figures shared by RTMP and HLS from decoded frames with a glass time. */
function frameFigures(frames, t0, t1) {
  const inWindow = frames.filter((f) => f.glass >= t0 && f.glass <= t1);
  const byCounter = [...new Map(inWindow.map((f) => [f.fields.counter, f])).values()].sort((a, b) => a.fields.counter - b.fields.counter);
  const span = byCounter.length > 1 ? (byCounter.at(-1).glass - byCounter[0].glass) / 1000 : 0;
  const d = delivery(inWindow.map((f) => f.fields.counter));
  const receivedFps = span > 0 ? round(byCounter.length / span, 1) : null;
  const missing = missingFrameIntervals(byCounter.map((f) => ({ counter: f.fields.counter, glass: f.glass, intervalMs: f.fields.intervalMs })));
  return {
    inWindow,
    // Judged against the quality's frame rate (CAPTURE_FPS), never against what the page drew: a page
    // drawing 14 frames a second and losing none gives the audience 14 fps (issue 36).
    delivered: {
      percent: round((100 * byCounter.length) / ((CAPTURE_FPS * (t1 - t0)) / 1000), 1),
      receivedFps,
      frames: byCounter.length,
      ofDrawn: { drawn: d.drawn, arrived: d.arrived, percent: d.percent, repeats: d.repeats, gaps: d.gaps },
      pageFps: span > 0 ? round((d.drawn - 1) / span, 1) : null,
    },
    page: {
      frameIntervalMs: dist(byCounter.map((f) => f.fields.intervalMs)),
      // Frames lost alone: how long after the frame before them the page drew them.
      lostFrameIntervalMs: dist(missing),
      drawMs: dist(inWindow.map((f) => f.fields.drawMs)),
    },
  };
}

async function analyseRtmp(player, t0, t1) {
  const frames = await readVideo(player.videoFile);
  const unreadable = frames.filter((f) => !f.fields).length;
  const stamped = [];
  for (const f of frames) {
    if (!f.fields) continue;
    const arrivedAt = player.arrivals.get(Math.round(f.pts * 1000));
    if (arrivedAt === undefined) continue;
    stamped.push({ ...f, arrivedAt, glass: signal.unwrapTime(f.fields.timeMs, arrivedAt) });
  }
  const { inWindow, delivered, page } = frameFigures(stamped, t0, t1);
  const audio = await readAudio(player.audioFile);
  const pairs = pairFlashes(inWindow.filter((f) => f.flash), audio.onsets);
  return {
    framesDecoded: frames.length,
    unreadableStrips: unreadable,
    glassToRtmpMs: dist(inWindow.map((f) => f.arrivedAt - f.glass)),
    videoKbps: player.videoKbps(t0, t1),
    delivered,
    page,
    avOffsetMs: offsetSummary(pairs),
    avPairs: pairs.length,
    // [seconds into the window, offset ms] for each paired second: the drift check's curve.
    avOffsetSeries: pairs.map((p) => [Math.round((p.second - t0) / 1000), round(p.offsetMs, 0)]),
    beeps: audio.onsets.length,
    audioSeconds: round(audio.seconds, 1),
  };
}

async function analyseHls(segments, dir, t0, t1) {
  const fetched = segments.filter((s) => s.fetchMs !== null);
  const frames = [];
  const perSegment = [];
  for (const seg of fetched) {
    const decoded = (await readVideo(seg.file)).filter((f) => f.fields);
    const withGlass = decoded.map((f) => ({ ...f, glass: signal.unwrapTime(f.fields.timeMs, seg.listedAt), listedAt: seg.listedAt }));
    frames.push(...withGlass);
    if (withGlass.length && withGlass[0].glass >= t0 && withGlass.at(-1).glass <= t1) {
      perSegment.push({ firstFrameToListedMs: seg.listedAt - withGlass[0].glass, seconds: (withGlass.at(-1).glass - withGlass[0].glass) / 1000 + 1 / 30 });
    }
  }
  const { inWindow, delivered } = frameFigures(frames, t0, t1);
  const all = join(dir, 'hls-all.ts'); // the segments back to back: one MPEG-TS, its timestamps running on
  writeFileSync(all, '');
  for (const s of fetched) appendFileSync(all, readFileSync(s.file));
  const audio = fetched.length ? await readAudio(all) : { onsets: [] };
  const pairs = pairFlashes(inWindow.filter((f) => f.flash), audio.onsets);
  return {
    segments: fetched.length,
    segmentSeconds: dist(perSegment.map((s) => s.seconds)),
    glassToListedMs: dist(inWindow.map((f) => f.listedAt - f.glass)),
    segmentStartToListedMs: dist(perSegment.map((s) => s.firstFrameToListedMs)),
    fetchMs: dist(fetched.map((s) => s.fetchMs)),
    delivered,
    avOffsetMs: offsetSummary(pairs),
    avPairs: pairs.length,
  };
}

// ---------------------------------------------------------------------------------------------
// One broadcast per quality.

async function broadcast(ctx, quality, rtmp, { vertical = false } = {}) {
  const dir = mkdtempSync(join(TMP, `golive-${quality}-`));
  if (ctx.verticalId) await api(`/api/studio/live/${ctx.eventId}/destinations/${ctx.verticalId}`, { method: 'PATCH', token: ctx.token, json: { enabled: vertical } });
  const t = { goLive: Date.now() };
  log(`${quality}: GO LIVE`);
  await until('channel ready to go live', 20_000, async () => {
    try {
      return await api(`/api/studio/channel/${ctx.uuid}/golive`, { token: ctx.token, json: { quality } });
    } catch (e) {
      if (/409/.test(String(e))) return null; // the previous broadcast's channel still settling
      throw e;
    }
  });
  const status = async () => (await api(`/api/studio/live/${ctx.eventId}`, { token: ctx.token })).status.job;
  const rtmpOut = (job) => job?.outputs?.find((o) => o.kind === 'rtmp');
  await until(`${quality}: the broadcast is live`, 90_000, async () => {
    const job = await status();
    if (job?.state === 'failed') throw new Error(`the broadcast failed: ${job.error}`);
    if (job?.state === 'live' && !t.live) t.live = Date.now();
    return job?.state === 'live' && rtmpOut(job)?.state === 'live' && (!vertical || job.outputs.some((o) => o.shape === '9:16' && o.kind === 'rtmp' && o.state === 'live'));
  });
  t.rtmpLive = Date.now();
  const player = startPlayer(`${rtmp.url}/${STREAM_KEY}`, dir);
  const verticalDir = join(dir, 'vertical');
  if (vertical) mkdirSync(verticalDir);
  const verticalPlayer = vertical ? startPlayer(`${rtmp.url}/${VERTICAL_KEY}`, verticalDir) : null;
  const hls = startHlsReader(`${base}/api/studio/watch/${SHARING_URL}/hls/index.m3u8`, dir);
  let attendee = null;
  let result;
  try {
    await until(`${quality}: the RTMP player gets video`, 30_000, () => player.arrivals.size > 0, 200);
    log(`${quality}: live; warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s measured`);
    const attendeeStarting = ATTENDEE ? startAttendeePlayer(`${base}/studio/instant-demo/watch/${SHARING_URL}`, signal, { log }) : null;
    await sleep(WARMUP_SECONDS * 1000);
    attendee = await attendeeStarting;
    const attendeeTicks0 = attendee ? treeTicks(attendee.pid) : 0;
    const load = load1();
    const cpu = createCpuMeter(ctx.backendPid, [player.pid, process.pid]);
    const health = [];
    const t0 = Date.now();
    for (let s = 1; s <= SECONDS; s++) {
      await sleep(t0 + s * 1000 - Date.now());
      cpu.sample();
      if (s % 2 === 0) health.push(await status());
      if (s % 10 === 0) log(`${quality}: ${s} / ${SECONDS} s`);
    }
    const t1 = Date.now();
    cpu.sample();
    const attendeeCores = attendee ? round((treeTicks(attendee.pid) - attendeeTicks0) / CLK_TCK / ((t1 - t0) / 1000), 3) : null;
    const loadEnd = load1();
    await sleep(TAIL_MS);
    const attendeeFrames = attendee ? await attendee.take(t0, t1) : null;
    await attendee?.stop();
    await player.stop();
    await verticalPlayer?.stop();
    await hls.stop();
    log(`${quality}: END STREAM`);
    const stopAt = Date.now();
    await api(`/api/studio/channel/${ctx.uuid}/stoplive`, { token: ctx.token, json: {} });
    await until(`${quality}: the broadcast stops`, 40_000, async () => (await status())?.state === 'stopped');
    const stopMs = Date.now() - stopAt;
    log(`${quality}: reading what arrived`);
    const outputs = health.filter(Boolean).flatMap((job) => job.outputs);
    const health1 = (kind) => {
      const of = outputs.filter((o) => o.kind === kind);
      return { states: [...new Set(of.map((o) => o.state))], fps: dist(of.map((o) => o.fps).filter((v) => v !== null)), kbps: dist(of.map((o) => o.bitrateKbps).filter((v) => v !== null)), droppedFramesAtEnd: of.at(-1)?.droppedFrames ?? null };
    };
    const rtmpFigures = await analyseRtmp(player, t0, t1);
    result = {
      quality,
      size: `${QUALITIES[quality].width}x${QUALITIES[quality].height}`,
      videoKbps: QUALITIES[quality].videoKbps,
      window: { seconds: round((t1 - t0) / 1000, 1), warmupSeconds: WARMUP_SECONDS, load1: [load, loadEnd] },
      startMs: { goLiveToJobLive: t.live - t.goLive, goLiveToRtmpLive: t.rtmpLive - t.goLive },
      stopMs,
      rtmp: { ...rtmpFigures, arrivedFps: player.arrivedFps(t0, t1) },
      ...(verticalPlayer ? { vertical: verticalFigures(verticalPlayer, t0, t1, health) } : {}),
      hls: { ...(await analyseHls(hls.segments, dir, t0, t1)), polls: hls.stats() },
      ...(attendeeFrames ? { attendee: attendeeFigures(attendeeFrames, t0, t1, attendeeCores) } : {}),
      cpuCores: cpu.result(),
      // Where a frame's time went: the capture page's CPU-ms per frame received, by process/thread,
      // and the page's JavaScript draw (the compositor's renderNow) per frame.
      frameTime: { ...cpu.perFrame(rtmpFigures.delivered.frames), drawMs: rtmpFigures.page.drawMs },
      outputsHealth: { rtmp: health1('rtmp'), hls: health1('hls'), recording: health1('recording'), fpsAlarm: health.some((j) => j?.fpsAlarm) },
      playerError: player.error().trim() || null,
    };
  } finally {
    await attendee?.stop();
    await player.stop().catch(() => undefined);
    await verticalPlayer?.stop().catch(() => undefined);
    await hls.stop().catch(() => undefined);
    if (KEEP) log(`${quality}: received files kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

/** The vertical stream as it arrived: its size (ffprobe), its frames per second, and what the worker said of its program. */
function verticalFigures(player, t0, t1, health) {
  const [stream] = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height,codec_name', '-of', 'json', player.videoFile], { encoding: 'utf8' })).streams;
  const figures = health.filter((j) => j?.vertical).map((j) => j.vertical);
  return {
    size: stream ? `${stream.width}x${stream.height}` : null,
    codec: stream?.codec_name ?? null,
    arrivedFps: player.arrivedFps(t0, t1),
    percentOf30: round((100 * player.arrivedFps(t0, t1)) / CAPTURE_FPS, 1),
    workerFps: dist(figures.map((f) => f.fps).filter((v) => v !== null)),
    pageRenderMs: dist(figures.map((f) => f.renderMs).filter((v) => v !== null)),
    videoKbps: player.videoKbps(t0, t1),
  };
}

/** Glass to attendee: per frame the attendee's page showed, from the draw to the moment it was meant for the screen; and how many of the drawn frames it showed. */
function attendeeFigures({ frames, sampled }, t0, t1, cores) {
  const counters = frames.map((f) => f.counter);
  return {
    glassToAttendeeMs: dist(frames.map((f) => f.shownAt - f.glass)),
    shownFps: round(new Set(counters).size / ((t1 - t0) / 1000), 1),
    delivered: delivery(counters),
    sampledFrames: sampled,
    playerCores: cores,
  };
}

/** Lines of the backend's live.log that are not routine (the page's console errors, ffmpeg's errors). */
function liveLogIssues(dataDir) {
  const file = join(dataDir, 'live.log');
  if (!existsSync(file)) return { lines: 0, samples: [] };
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => /page console|error|failed|ingest:|rtmp |hls |recording /i.test(l));
  return { lines: lines.length, samples: lines.slice(0, 8).map((l) => l.slice(0, 300)) };
}

// ---------------------------------------------------------------------------------------------

const environment = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  node: process.version,
  chromium: (() => {
    try {
      return execFileSync('/usr/lib/chromium/chromium', ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      return null;
    }
  })(),
  ffmpeg: execFileSync('ffmpeg', ['-version'], { encoding: 'utf8' }).split('\n')[0],
  load1AtStart: load1(),
};

const dataDir = mkdtempSync(join(TMP, 'golive-backend-'));
// The capture Chromium's profile goes to the backend's TMPDIR: under node_modules/.cache its
// singleton socket path passes the 108-byte limit of a unix socket and Chromium aborts at launch.
const backendTmp = mkdtempSync('/tmp/golive-bench-');
let backend = null;
let backendStopped = false;
let rtmp = null;
let ctx = null;
const cleanups = async () => {
  if (ctx?.live) await api(`/api/studio/channel/${ctx.uuid}/stoplive`, { token: ctx.token, json: {} }).catch(() => undefined);
  for (const child of started) child.kill('SIGKILL');
  await backend?.stop().catch(() => undefined);
  backendStopped = true;
  await rtmp?.close().catch(() => undefined);
  if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
  rmSync(backendTmp, { recursive: true, force: true });
};
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    log(`${sig}: cleaning up`);
    void cleanups().finally(() => process.exit(130));
  });
}

const runs = {};
let issues = null;
try {
  log('starting nginx-rtmp and the backend');
  [rtmp, backend] = await Promise.all([startRtmpServer(), startBackend(dataDir, { TMPDIR: backendTmp })]);
  process.once('exit', () => {
    if (backendStopped) return;
    try {
      process.kill(-backend.pid, 'SIGKILL'); // a crash of this script never leaves the backend behind
    } catch {
      // already gone
    }
  });
  base = backend.url;
  const token = await signIn();
  const event = await api(`/ptapi/api/eventdetails/v1/events/public/details?sharingUrl=${SHARING_URL}`);
  const channel = await api(`/api/studio/channel?ptEventId=${event.eventId}`, { token });
  ctx = { token, eventId: event.eventId, uuid: channel.uuid, backendPid: backend.pid, live: false };
  await api(`/api/studio/live/${ctx.eventId}/destinations`, { token, json: { name: 'Bench RTMP', serverUrl: rtmp.url, streamKey: STREAM_KEY } });
  if (BOTH_SHAPES) ctx.verticalId = (await api(`/api/studio/live/${ctx.eventId}/destinations`, { token, json: { name: 'Bench vertical', serverUrl: rtmp.url, streamKey: VERTICAL_KEY, shape: '9:16' } })).id;
  // The scene: the benchmark's card alone on air, saved like any producer's change (whole-body PUT).
  await api(`/api/studio/channel/${ctx.uuid}`, { method: 'PUT', token, json: { layers: [benchLayer], layout: 'CLASSIC', producerOrder: JSON.stringify([signal.BENCH_CARD_ID]) } });
  // The background is a media slot of the keyed channel (the §7 body has no field for it): one sync update.
  if (BACKGROUND_VIDEO) await api(`/api/studio/channel/${ctx.uuid}`, { method: 'PUT', token, json: { sync: { origin: 'golive-bench', seq: 1, changes: { 'media:background': backgroundVideo(base) } } } });
  for (const quality of QUALITY_LIST) {
    for (const vertical of BOTH_SHAPES ? [false, true] : [false]) {
      const name = vertical ? `${quality}+vertical` : quality;
      ctx.live = true;
      runs[name] = await withTimeout(broadcast(ctx, quality, rtmp, { vertical }), (SECONDS + WARMUP_SECONDS + 600) * 1000, `${name} broadcast`);
      ctx.live = false;
    }
  }
  issues = liveLogIssues(dataDir);
} finally {
  await cleanups();
}

const target = (r) =>
  r && {
    // ≥ 95 % of 30 fps received (issue 36), not of what the page drew.
    receivedOf30Fps95: (r.rtmp.delivered.percent ?? 0) >= 95,
    glassToRtmpP50Under500: (r.rtmp.glassToRtmpMs.p50 ?? Infinity) <= 500,
    avOffsetWithin80: (r.rtmp.avOffsetMs?.maxAbs ?? Infinity) <= 80,
    // "No drift": the offset's change from the first 10 s to the last under one frame (33 ms).
    noDrift: Math.abs(r.rtmp.avOffsetMs?.changeMs ?? Infinity) <= 1000 / 30,
    // Issue 32's aim: an attendee sees a frame within 5 s of its draw (p50).
    ...(r.attendee ? { glassToAttendeeP50Under5s: (r.attendee.glassToAttendeeMs.p50 ?? Infinity) <= 5000 } : {}),
  };
function verticalCost(alone, both) {
  if (!alone || !both) return null;
  const cores = (r) => r.cpuCores.pipelineCores;
  return { pipelineCores: { alone: cores(alone), both: cores(both), vertical: round(cores(both) - cores(alone), 3) }, capturePageCores: { alone: alone.cpuCores.capturePage?.cores, both: both.cpuCores.capturePage?.cores } };
}
const result = {
  environment: { ...environment, load1AtEnd: load1() },
  config: { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, qualities: QUALITY_LIST, hlsPollMs: HLS_POLL_MS, attendee: ATTENDEE },
  targets: Object.fromEntries(Object.keys(runs).map((q) => [q, target(runs[q])])),
  // The vertical program's cost (issue 34): CPU with both programs less CPU with 16:9 alone, per quality.
  ...(BOTH_SHAPES ? { verticalCost: Object.fromEntries(QUALITY_LIST.map((q) => [q, verticalCost(runs[q], runs[`${q}+vertical`])])) } : {}),
  runs,
  liveLog: issues,
};
const text = JSON.stringify(result, null, JSON_ONLY ? 0 : 2);
console.log(text);
if (OUT) writeFileSync(OUT, text);
const line = (q) => {
  const r = runs[q];
  const v = r.vertical;
  const av = r.rtmp.avOffsetMs;
  const c = r.cpuCores;
  return (
    `${q}: ${r.rtmp.delivered.receivedFps} fps received (${r.rtmp.delivered.percent} % of 30; ${r.rtmp.delivered.ofDrawn.percent} % of drawn), glass→RTMP p50 ${r.rtmp.glassToRtmpMs.p50} / p95 ${r.rtmp.glassToRtmpMs.p95} ms, ` +
    `HLS p50 ${r.hls.glassToListedMs.p50} / p95 ${r.hls.glassToListedMs.p95} ms, ` +
    (r.attendee ? `glass→attendee p50 ${r.attendee.glassToAttendeeMs.p50} / p95 ${r.attendee.glassToAttendeeMs.p95} ms at ${r.attendee.shownFps} fps (player ${r.attendee.playerCores} cores), ` : '') +
    `A/V ${av ? `${av.p50} ms (|max| ${av.maxAbs}, drift ${av.changeMs})` : 'n/a'}, ` +
    (v ? `vertical ${v.size} ${v.arrivedFps} fps arrived (${v.percentOf30} % of 30; 16:9 ${r.rtmp.arrivedFps}), ` : '') +
    `CPU page ${c.capturePage?.cores} + ffmpeg ${c.ffmpeg?.cores} cores (other work ${c.otherCores}), ` +
    `frame ${r.frameTime.totalCpuMs} CPU-ms (${Object.entries(r.frameTime.split).slice(0, 3).map(([k, v]) => `${k} ${v}`).join(', ')}; draw p50 ${r.frameTime.drawMs.p50})`
  );
};
console.log(`golive: ${Object.keys(runs).map(line).join('; ')} (${SECONDS} s each, load ${environment.load1AtStart}→${result.environment.load1AtEnd}; ${environment.cpus}-core ${environment.cpuModel}, ${environment.chromium})`);
