/**
 * A capture worker: one per live channel, a child process of the backend (forked with IPC), so the
 * browser, the encoders and the byte pumping never run in the backend's request loop. It runs the
 * capture (capture.ts, or a test's stand-in), the ingest (ingest.ts), the fan-out and every output,
 * reports their health each second, and exits when told to stop — or at once, killing its
 * children, when the backend is gone (the IPC channel closes). main.ts is its entry.
 */
import { mkdirSync } from 'node:fs';
import type { CaptureOptions } from './capture';
import { destinationCas } from './destinationRelay';
import { destinationRun } from './destinationOutput';
import { createFpsAlarm } from './fpsAlarm';
import { startIngest, type Ingest } from './ingest';
import { createOutput, type Output } from './output';
import { hlsArgs, recordingArgs } from './outputArgs';
import type { FromWorker, ToWorker, WorkerDestination, WorkerHealth } from './protocol';
import { createTreeCpu } from './treeCpu';
import type { CapturePageStats } from '../../../lib/captureContract';
import { createTsFanout } from './tsFanout';
import type { DestinationRules } from '../addresses';

/** What runs the capture: the page in Chromium (capture.ts), or a stand-in in tests. */
export type StartCapture = (o: CaptureOptions) => Promise<{ stop(): Promise<void>; kill(): void }>;

const HEALTH_EVERY_MS = 1000;

const send = (m: FromWorker) => process.send?.(m);
const log = (line: string) => send({ type: 'log', line });

const fanout = createTsFanout();
const outputs = new Map<string, Output>();
const alarm = createFpsAlarm();
let fps: number | null = null;
let fpsAlarm = false;
let startCapture: StartCapture;
let capture: Awaited<ReturnType<StartCapture>> | null = null;
/** Where destinations may stream and the CAs of RTMPS, from the start message. */
let rules: DestinationRules = { privateAllowed: false, allow: [] };
let cas: string[] = [];
let ingest: Ingest | null = null;
let flowing = false;
let ending = false;
let healthTimer: ReturnType<typeof setInterval> | undefined;

/** The capture's figures: the page's (each second), the encoder's bytes and the process tree's CPU (each health beat). */
let capturePage: CapturePageStats = { renderMs: null, droppedBeforeEncoding: 0 };
let encodedBytes = 0;
let encodedSince = Date.now();
let encoderKbps: number | null = null;
let cpuCores: number | null = null;
const treeCpu = createTreeCpu();

/** Each beat: the encoder's output since the last one, and the CPU of this worker and all it runs. */
async function measure(): Promise<void> {
  const now = Date.now();
  encoderKbps = Math.round((encodedBytes * 8) / (now - encodedSince)); // bits per ms = kbit/s
  encodedBytes = 0;
  encodedSince = now;
  cpuCores = await treeCpu().catch(() => null);
}

const health = (): WorkerHealth => ({
  fps,
  fpsAlarm,
  capture: { ...capturePage, encoderKbps, cpuCores },
  outputs: [...outputs.values()].map((o) => o.health()),
});
const changed = () => undefined; // health goes out on its own beat; a state change waits at most a second

function addOutput(o: Output): void {
  outputs.set(o.id, o);
  o.start();
}

function destinationOutput(d: WorkerDestination): Output {
  const prepare = destinationRun(d, { rules, ca: cas });
  return createOutput({ id: d.id, kind: 'rtmp', name: d.name, prepare, fanout, secrets: [d.streamKey], changed, log });
}

function fail(error: string): void {
  if (ending) return;
  ending = true;
  send({ type: 'failed', error });
  teardown(1);
}

function teardown(code: number): void {
  clearInterval(healthTimer);
  capture?.kill();
  ingest?.kill();
  for (const o of outputs.values()) o.kill();
  setTimeout(() => process.exit(code), 100);
}

async function start(m: Extract<ToWorker, { type: 'start' }>): Promise<void> {
  rules = m.destinationRules;
  cas = destinationCas(m.destinationCaFile);
  encodedSince = Date.now();
  mkdirSync(m.hlsDir, { recursive: true });
  mkdirSync(m.recordingDir, { recursive: true });
  ingest = startIngest({
    fanout,
    progress(r) {
      fps = r.fps;
      fpsAlarm = alarm.reading(r.fps);
      if (!flowing && r.frames > 0 && fanout.hasKeyframe()) {
        flowing = true;
        send({ type: 'flowing' });
      }
    },
    log,
    ended: fail,
  });
  addOutput(createOutput({ id: 'recording', kind: 'recording', name: 'Recording', prepare: async (attempt) => ({ args: recordingArgs(m.recordingDir, attempt, m.runId) }), fanout, secrets: [], changed, log }));
  addOutput(createOutput({ id: 'hls', kind: 'hls', name: 'Watch page', prepare: async (attempt) => ({ args: hlsArgs(m.hlsDir, attempt, m.runId) }), fanout, secrets: [], changed, log }));
  for (const d of m.destinations) addOutput(destinationOutput(d));
  healthTimer = setInterval(() => void measure().then(() => send({ type: 'health', health: health() })), HEALTH_EVERY_MS);
  const media = (chunk: Buffer) => {
    encodedBytes += chunk.length;
    ingest?.write(chunk);
  };
  try {
    capture = await startCapture({ pageUrl: m.pageUrl, quality: m.quality, reachable: m.captureOrigins, media, log, stats: (s) => (capturePage = s), ended: fail });
  } catch (error) {
    fail(`The capture browser did not start: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A clean end: the page stops, the ingest flushes, every output finishes its stream or file. */
async function stop(): Promise<void> {
  if (ending) return;
  ending = true;
  await capture?.stop();
  await ingest?.stop();
  await Promise.all([...outputs.values()].map((o) => o.stop()));
  clearInterval(healthTimer);
  send({ type: 'health', health: health() });
  send({ type: 'stopped' });
  setTimeout(() => process.exit(0), 100);
}

/** Runs this process as a worker, its capture started by `capture`. */
export function runWorker(capture: StartCapture): void {
  startCapture = capture;
  process.on('message', (m: ToWorker) => {
    if (m.type === 'start') void start(m);
    else if (m.type === 'add' && !outputs.has(m.destination.id)) addOutput(destinationOutput(m.destination));
    else if (m.type === 'remove') {
      const o = outputs.get(m.id);
      outputs.delete(m.id);
      void o?.stop();
    } else if (m.type === 'retry') outputs.get(m.id)?.retry();
    else if (m.type === 'stop') void stop();
  });
  // The backend is gone (killed, crashed): nothing of this broadcast may outlive it.
  process.on('disconnect', () => {
    ending = true;
    teardown(0);
  });
}
