/**
 * Reads ffmpeg's `-progress` output (key=value lines, a block ending in `progress=…`) into rates:
 * frames per second and kilobits per second over the last block, from its frame and byte counters
 * (ffmpeg's own fps and bitrate are averages since the start, too slow to show a stall).
 */
export interface ProgressSample {
  frames: number;
  bytes: number;
  droppedFrames: number;
  /** When the block arrived (ms). */
  at: number;
}

export interface ProgressRates {
  fps: number | null;
  kbps: number | null;
  droppedFrames: number;
  frames: number;
}

export function createProgressReader(onBlock: (rates: ProgressRates) => void, now: () => number = Date.now) {
  let text = '';
  let block: Record<string, string> = {};
  let last: ProgressSample | null = null;
  const finishBlock = () => {
    const sample: ProgressSample = { frames: Number(block.frame ?? 0), bytes: Number(block.total_size ?? 0), droppedFrames: Number(block.drop_frames ?? 0), at: now() };
    const seconds = last ? (sample.at - last.at) / 1000 : 0;
    const rates: ProgressRates = {
      fps: last && seconds > 0 ? Math.max(0, (sample.frames - last.frames) / seconds) : null,
      kbps: last && seconds > 0 && Number.isFinite(sample.bytes) ? Math.max(0, ((sample.bytes - last.bytes) * 8) / 1000 / seconds) : null,
      droppedFrames: Number.isFinite(sample.droppedFrames) ? sample.droppedFrames : 0,
      frames: Number.isFinite(sample.frames) ? sample.frames : 0,
    };
    last = sample;
    block = {};
    onBlock(rates);
  };
  return (chunk: Buffer | string) => {
    text += chunk.toString();
    let newline: number;
    while ((newline = text.indexOf('\n')) >= 0) {
      const line = text.slice(0, newline).trim();
      text = text.slice(newline + 1);
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq);
      block[key] = line.slice(eq + 1);
      if (key === 'progress') finishBlock();
    }
  };
}

/** Replaces every secret in a text (ffmpeg echoes the URL it publishes to, key and all). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join('****');
  return out;
}
