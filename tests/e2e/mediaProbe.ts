/** What a stream or file really holds, by Debian's ffprobe: codecs, size, frame rate, keyframe spacing, duration. */
import { execFileSync } from 'node:child_process';

export interface Probe {
  video: { codec: string; width: number; height: number } | null;
  audio: { codec: string; sampleRate: number } | null;
  durationSec: number;
  /** Video frames decoded over the duration. */
  fps: number;
  /** The longest gap between two keyframes (seconds). */
  keyframeGapMaxSec: number;
}

const ffprobe = (args: string[]) => execFileSync('ffprobe', ['-v', 'error', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

export function probe(file: string): Probe {
  const info = JSON.parse(ffprobe(['-show_entries', 'stream=codec_type,codec_name,width,height,sample_rate:format=duration', '-of', 'json', file])) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; sample_rate?: string }[];
    format: { duration?: string };
  };
  const v = info.streams.find((s) => s.codec_type === 'video');
  const a = info.streams.find((s) => s.codec_type === 'audio');
  const frames = ffprobe(['-select_streams', 'v:0', '-show_entries', 'frame=pts_time,key_frame', '-of', 'csv=p=0', file])
    .trim()
    .split('\n')
    .map((line) => line.split(','))
    .map(([key, pts]) => ({ key: key === '1', pts: Number(pts) }))
    .filter((f) => Number.isFinite(f.pts));
  const keys = frames.filter((f) => f.key).map((f) => f.pts);
  const gaps = keys.slice(1).map((t, i) => t - keys[i]!);
  const span = frames.length > 1 ? frames[frames.length - 1]!.pts - frames[0]!.pts : 0;
  return {
    video: v ? { codec: v.codec_name, width: v.width ?? 0, height: v.height ?? 0 } : null,
    audio: a ? { codec: a.codec_name, sampleRate: Number(a.sample_rate ?? 0) } : null,
    durationSec: Number(info.format.duration ?? span),
    fps: span > 0 ? (frames.length - 1) / span : 0,
    keyframeGapMaxSec: gaps.length ? Math.max(...gaps) : Number.POSITIVE_INFINITY,
  };
}
