/** Types of golive-analysis.mjs (plain ESM for the benchmark; typed for its unit test). */
export interface FlvTag {
  type: number;
  dts: number;
  pts: number;
  keyframe: boolean;
  size: number;
}
export declare function createFlvTagReader(onTag: (tag: FlvTag) => void): (chunk: Buffer) => void;
export declare function showinfoFrames(stderr: string, filter?: string): { pts: number; samples: number | null }[];
export declare function beepOnsets(samples: ArrayLike<number>, rate: number, o?: { quietMs?: number; minLevel?: number }): number[];
export declare function sampleClock(frames: { pts: number; samples: number | null }[], rate: number): (index: number) => number;
export declare function pairFlashes(flashes: { pts: number; glass: number }[], onsets: number[], o?: { maxMs?: number }): { second: number; offsetMs: number }[];
export interface Distribution {
  p50: number | null;
  p95: number | null;
  max: number | null;
  n: number;
}
export declare function offsetSummary(pairs: { second: number; offsetMs: number }[]):
  | (Distribution & { min: number | null; maxAbs: number | null; firstMean: number | null; lastMean: number | null; changeMs: number | null; slopeMsPerMin: number | null; spanMin: number | null })
  | null;
export declare function delivery(counters: number[]): { drawn: number; arrived: number; percent: number | null; repeats: number; gaps: Record<string, number> };
export declare function missingFrameIntervals(frames: { counter: number; glass: number; intervalMs: number }[]): number[];
