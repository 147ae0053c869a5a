/**
 * The ingest ffmpeg (outputArgs.ingestArgs): the page's encoded program in, MPEG-TS out to the
 * fan-out; its progress gives the program's real frame rate (the starved-renderer alarm).
 */
import { spawn } from 'node:child_process';
import { exited, guardChild } from '../../processGuard';
import { STOP_GRACE_MS } from '../rules';
import { createProgressReader, type ProgressRates } from './ffmpegProgress';
import { ingestArgs } from './outputArgs';
import { FFMPEG_BIN } from './output';
import type { TsFanout } from './tsFanout';

export function startIngest(o: { fanout: TsFanout; progress(r: ProgressRates): void; log(line: string): void; ended(reason: string): void }) {
  const proc = spawn(FFMPEG_BIN, ingestArgs(), { stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
  guardChild(proc, 'ffmpeg-ingest');
  let tail = '';
  proc.on('error', (e) => (tail += e.message));
  proc.stdin!.on('error', () => undefined);
  proc.stdout!.on('data', (chunk: Buffer) => o.fanout.push(chunk));
  proc.stderr!.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-600);
    o.log(`ingest: ${chunk.toString().trimEnd()}`);
  });
  (proc.stdio[3] as NodeJS.ReadableStream | null)?.on('data', createProgressReader(o.progress));
  let stopping = false;
  void exited(proc).then(() => !stopping && o.ended(tail.trim() || `ingest ffmpeg ended (code ${proc.exitCode ?? proc.signalCode})`));
  return {
    write: (chunk: Buffer) => proc.stdin!.write(chunk),
    /** Ends the input: ffmpeg flushes what it has to the fan-out, then exits. */
    async stop(): Promise<void> {
      stopping = true;
      proc.stdin!.end();
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
      await exited(proc);
      clearTimeout(timer);
    },
    kill: () => {
      stopping = true;
      proc.kill('SIGKILL');
    },
  };
}
export type Ingest = ReturnType<typeof startIngest>;
