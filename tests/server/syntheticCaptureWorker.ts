/**
 * The real capture worker (src/server/live/worker/run.ts: the ingest, the fan-out, every output's
 * ffmpeg, the destinations' connections) with a stand-in for the page: ffmpeg draws a test picture
 * and a tone and encodes them as the page would (H.264 + Opus in Matroska), small and slow so it
 * costs little. For backend tests that stream for real without a browser.
 */
import { spawn } from 'node:child_process';
import { exited, guardChild } from '../../src/server/processGuard';
import { runWorker } from '../../src/server/live/worker/run';

/** A small picture in the program's shape (issue 34): what arrives shows which program it was. */
const picture = (shape: string) => `testsrc2=size=${shape === '9:16' ? '180x320' : '320x180'}:rate=15`;
const TONE = 'sine=frequency=440:sample_rate=48000';

runWorker(async (o) => {
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', picture(o.shape), '-f', 'lavfi', '-i', TONE];
  const encode = ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', '-b:a', '64k', '-f', 'matroska', 'pipe:1'];
  const proc = spawn(process.env.FFMPEG_BIN || 'ffmpeg', [...args, ...encode], { stdio: ['ignore', 'pipe', 'ignore'] });
  guardChild(proc, 'synthetic-capture');
  let stopping = false;
  proc.stdout!.on('data', (chunk: Buffer) => o.media(chunk));
  void exited(proc).then(() => !stopping && o.ended('the synthetic capture ended'));
  return {
    async stop() {
      stopping = true;
      proc.kill('SIGTERM');
      await exited(proc);
    },
    kill() {
      stopping = true;
      proc.kill('SIGKILL');
    },
  };
});
