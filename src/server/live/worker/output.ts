/**
 * One output of a live channel (an RTMP destination, the HLS of the watch page, the recording): an
 * ffmpeg process fed from the fan-out, with its own state — connecting, live, retrying, failed,
 * stopped — so one failing never stops another. A process that ends while the broadcast runs is
 * started again after a backoff (1 s doubling to 30 s); FAILED_AFTER_ATTEMPTS failures in a row
 * make the output failed until retry() (the §8 dialog's TRY AGAIN).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync } from 'node:fs';
import { guardChild, exited } from '../../processGuard';
import { FAILED_AFTER_ATTEMPTS, OUTPUT_STABLE_MS, retryDelayMs, STOP_GRACE_MS } from '../rules';
import type { OutputHealth, OutputState } from '../../../lib/liveContract';
import { createProgressReader, redact } from './ffmpegProgress';
import type { TsFanout } from './tsFanout';

export const FFMPEG_BIN = process.env.FFMPEG_BIN || 'ffmpeg';
const ERROR_TAIL_CHARS = 600;

/** What one attempt of an output runs. */
export interface OutputRun {
  /** ffmpeg's arguments after the input (MPEG-TS on stdin). */
  args: string[];
  /** Descriptors ffmpeg gets from fd 4 on (closed here once it has them). */
  fds?: number[];
  /** Ends what the attempt opened besides ffmpeg (a destination's connection). */
  close?(): void;
}

export interface OutputOptions {
  id: string;
  kind: OutputHealth['kind'];
  name: string;
  /** The program it carries (issue 34). */
  shape: OutputHealth['shape'];
  /** Gets an attempt ready (`attempt` counts from 1); a rejection fails the attempt with its message. */
  prepare(attempt: number): Promise<OutputRun>;
  fanout: TsFanout;
  /** Texts never to appear in a state's error or a log line (the stream key, the publish URL). */
  secrets: readonly string[];
  /** Whether the output retries when its process ends (the recording and HLS always do; see rules). */
  retries?: boolean;
  changed(): void;
  log(line: string): void;
  now?: () => number;
}

export function createOutput(o: OutputOptions) {
  const now = o.now ?? Date.now;
  let state: OutputState = 'connecting';
  let child: ChildProcess | null = null;
  /** An attempt is being prepared (no ffmpeg yet): retry() must not start a second. */
  let preparing = false;
  let attempt = 0;
  let failuresInRow = 0;
  let liveSince: number | null = null;
  let retryAt: number | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let error: string | null = null;
  let rates = { fps: null as number | null, kbps: null as number | null, droppedFrames: 0 };
  let stopping = false;
  let detach: (() => void) | null = null;

  const set = (next: OutputState) => {
    if (state === next) return;
    state = next;
    o.changed();
  };

  /** An attempt ended (ffmpeg exited, or it never started): retry after a backoff, or fail. */
  function ended(reason: string): void {
    rates = { fps: null, kbps: null, droppedFrames: rates.droppedFrames };
    if (stopping) return set('stopped');
    error = reason;
    const wasStable = liveSince !== null && now() - liveSince >= OUTPUT_STABLE_MS;
    failuresInRow = wasStable ? 1 : failuresInRow + 1;
    liveSince = null;
    if (o.retries !== false && failuresInRow < FAILED_AFTER_ATTEMPTS) scheduleRetry(retryDelayMs(failuresInRow));
    else set('failed');
  }

  async function run(): Promise<void> {
    attempt += 1;
    retryAt = null;
    set('connecting');
    preparing = true;
    let prepared: OutputRun;
    try {
      prepared = await o.prepare(attempt);
    } catch (e) {
      const reason = redact(e instanceof Error ? e.message : String(e), o.secrets);
      o.log(`${o.kind} ${o.name}: ${reason}`);
      return ended(reason);
    } finally {
      preparing = false;
    }
    if (stopping) {
      prepared.close?.();
      prepared.fds?.forEach((fd) => closeSync(fd));
      return set('stopped');
    }
    const tail: string[] = [];
    // The fan-out starts it at a keyframe with the tables first: a short probe finds the streams at once.
    const args = ['-hide_banner', '-nostats', '-loglevel', 'error', '-probesize', '512k', '-analyzeduration', '1000000', '-f', 'mpegts', '-i', 'pipe:0', ...prepared.args, '-progress', 'pipe:3'];
    const proc = spawn(FFMPEG_BIN, args, { stdio: ['pipe', 'ignore', 'pipe', 'pipe', ...(prepared.fds ?? [])] });
    prepared.fds?.forEach((fd) => closeSync(fd));
    child = proc;
    guardChild(proc, 'ffmpeg');
    proc.on('error', (e) => tail.push(e.message));
    proc.stdin!.on('error', () => undefined); // a process gone mid-write: its exit handles it
    proc.stderr!.on('data', (chunk: Buffer) => {
      const text = redact(chunk.toString(), o.secrets);
      tail.push(text);
      o.log(`${o.kind} ${o.name}: ${text.trimEnd()}`);
    });
    const progress = createProgressReader((r) => {
      rates = { fps: r.fps, kbps: r.kbps, droppedFrames: r.droppedFrames };
      if (r.frames > 0 && state === 'connecting') {
        liveSince = now();
        error = null;
        set('live');
      }
      if (state === 'live' && liveSince !== null && now() - liveSince >= OUTPUT_STABLE_MS) failuresInRow = 0;
      o.changed();
    }, now);
    (proc.stdio[3] as NodeJS.ReadableStream | null)?.on('data', progress);
    const stdin = proc.stdin!;
    detach = o.fanout.add({ write: (chunk) => stdin.write(chunk), backlog: () => stdin.writableLength });
    void exited(proc).then(() => {
      detach?.();
      detach = null;
      prepared.close?.();
      if (child === proc) child = null;
      ended(redact(tail.join('').trim().slice(-ERROR_TAIL_CHARS), o.secrets) || `ffmpeg ended (code ${proc.exitCode ?? proc.signalCode})`);
    });
  }

  function scheduleRetry(ms: number): void {
    retryAt = now() + ms;
    set('retrying');
    o.changed();
    retryTimer = setTimeout(() => !stopping && void run(), ms);
  }

  return {
    id: o.id,
    start: () => void run(),
    /** TRY AGAIN: a failed or waiting output starts again now, its failures forgotten. */
    retry(): void {
      if (stopping || child || preparing) return;
      clearTimeout(retryTimer);
      failuresInRow = 0;
      void run();
    },
    /** Ends the input so ffmpeg finishes its file or stream cleanly; kills it after STOP_GRACE_MS. */
    async stop(grace = STOP_GRACE_MS): Promise<void> {
      stopping = true;
      clearTimeout(retryTimer);
      const proc = child;
      if (!proc) return set('stopped');
      detach?.();
      proc.stdin?.end();
      const timer = setTimeout(() => proc.kill('SIGKILL'), grace);
      await exited(proc);
      clearTimeout(timer);
      set('stopped');
    },
    /** Kills at once (the worker is being torn down). */
    kill(): void {
      stopping = true;
      clearTimeout(retryTimer);
      child?.kill('SIGKILL');
    },
    health(): OutputHealth {
      return {
        id: o.id,
        kind: o.kind,
        name: o.name,
        shape: o.shape,
        state,
        bitrateKbps: state === 'live' && rates.kbps !== null ? Math.round(rates.kbps) : null,
        fps: state === 'live' && rates.fps !== null ? Math.round(rates.fps * 10) / 10 : null,
        droppedFrames: rates.droppedFrames,
        reconnects: Math.max(0, attempt - 1),
        retryInSec: retryAt === null ? null : Math.max(0, Math.ceil((retryAt - now()) / 1000)),
        error: state === 'live' ? null : error,
      };
    },
  };
}
export type Output = ReturnType<typeof createOutput>;
