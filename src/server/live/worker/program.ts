/**
 * One program of a broadcast (issue 34): the 16:9 one, or the vertical one. Its capture page, its
 * ingest and fan-out, its figures, and the outputs fed from it: the watch page's HLS, the recording
 * and the destinations of its shape. The worker (run.ts) runs one per shape in use, so a failing
 * vertical destination or a slow vertical page never touches what the 16:9 audience gets.
 */
import { mkdirSync } from 'node:fs';
import type { CaptureOptions } from './capture';
import { createFpsAlarm } from './fpsAlarm';
import { startIngest, type Ingest } from './ingest';
import { createOutput, type Output, type OutputOptions } from './output';
import { hlsArgs, recordingArgs } from './outputArgs';
import type { WorkerProgram } from './protocol';
import { createTsFanout } from './tsFanout';
import type { CapturePageStats, Quality } from '../../../lib/captureContract';
import type { ProgramFigures } from '../../../lib/liveContract';
import { LANDSCAPE } from '../../../../compositor/model/frame';

/** What runs a capture page: the page in Chromium (capture.ts), or a stand-in in tests. */
export type StartCapture = (o: CaptureOptions) => Promise<{ stop(): Promise<void>; kill(): void }>;

/** The ids of a program's own outputs: the 16:9 ones keep the names the studio has always known. */
export const hlsOutputId = (shape: string) => (shape === LANDSCAPE ? 'hls' : `hls:${shape}`);
export const recordingOutputId = (shape: string) => (shape === LANDSCAPE ? 'recording' : `recording:${shape}`);
const suffix = (shape: string) => (shape === LANDSCAPE ? '' : ' (vertical)');

export interface ProgramOptions extends WorkerProgram {
  pageUrl: string;
  quality: Quality;
  reachable: readonly string[];
  runId: string;
  startCapture: StartCapture;
  /** Media reached the fan-out with a keyframe: the program is on air. */
  flowing(): void;
  /** The program cannot go on (its page or its ingest ended). */
  failed(reason: string): void;
  log(line: string): void;
}

export function createProgram(o: ProgramOptions) {
  const tag = o.shape === LANDSCAPE ? '' : `[${o.shape}] `;
  const log = (line: string) => o.log(tag + line);
  const fanout = createTsFanout();
  const outputs = new Map<string, Output>();
  const alarm = createFpsAlarm();
  let fps: number | null = null;
  let fpsAlarm = false;
  let flowing = false;
  let page: CapturePageStats = { renderMs: null, droppedBeforeEncoding: 0 };
  let encodedBytes = 0;
  let encodedSince = Date.now();
  let encoderKbps: number | null = null;
  let ingest: Ingest | null = null;
  let capture: Awaited<ReturnType<StartCapture>> | null = null;

  const add = (out: Omit<OutputOptions, 'fanout' | 'shape' | 'log' | 'changed'>) => {
    const output = createOutput({ ...out, shape: o.shape, fanout, log, changed: () => undefined }); // health goes out on the worker's beat
    outputs.set(output.id, output);
    output.start();
  };

  return {
    shape: o.shape,
    outputs,
    /** Starts the ingest, the HLS and the recording, then the page. */
    async start(): Promise<void> {
      mkdirSync(o.hlsDir, { recursive: true });
      mkdirSync(o.recordingDir, { recursive: true });
      encodedSince = Date.now();
      ingest = startIngest({
        fanout,
        progress(r) {
          fps = r.fps;
          fpsAlarm = alarm.reading(r.fps);
          if (!flowing && r.frames > 0 && fanout.hasKeyframe()) {
            flowing = true;
            o.flowing();
          }
        },
        log,
        ended: o.failed,
      });
      add({ id: recordingOutputId(o.shape), kind: 'recording', name: `Recording${suffix(o.shape)}`, prepare: async (attempt) => ({ args: recordingArgs(o.recordingDir, attempt, o.runId) }), secrets: [] });
      add({ id: hlsOutputId(o.shape), kind: 'hls', name: `Watch page${suffix(o.shape)}`, prepare: async (attempt) => ({ args: hlsArgs(o.hlsDir, attempt, o.runId) }), secrets: [] });
      const media = (chunk: Buffer) => {
        encodedBytes += chunk.length;
        ingest?.write(chunk);
      };
      capture = await o.startCapture({ pageUrl: o.pageUrl, shape: o.shape, quality: o.quality, reachable: o.reachable, media, log, stats: (s) => (page = s), ended: o.failed });
    },
    /** A destination of this program's shape. */
    addDestination: add,
    get flowing() {
      return flowing;
    },
    /** Each beat: the encoder's output since the last one. */
    measure(now = Date.now()): void {
      encoderKbps = Math.round((encodedBytes * 8) / Math.max(1, now - encodedSince)); // bits per ms = kbit/s
      encodedBytes = 0;
      encodedSince = now;
    },
    figures: (): ProgramFigures => ({ fps, fpsAlarm, ...page, encoderKbps }),
    /** A clean end: the page stops, the ingest flushes, every output finishes its stream or file. */
    async stop(): Promise<void> {
      await capture?.stop();
      await ingest?.stop();
      await Promise.all([...outputs.values()].map((x) => x.stop()));
    },
    kill(): void {
      capture?.kill();
      ingest?.kill();
      for (const x of outputs.values()) x.kill();
    },
  };
}
export type Program = ReturnType<typeof createProgram>;
