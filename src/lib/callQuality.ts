/**
 * The producer card's network-quality indicator (§3 callQuality 1..5, default 5) from WebRTC stats of
 * the participant's feed as received here: the round-trip time to the media server and the share of
 * packets lost since the previous sample. Each grade needs both measures within its limits, so the
 * worse of the two decides:
 *
 * | callQuality | round trip  | packets lost |
 * | ----------- | ----------- | ------------ |
 * | 5 excellent | < 150 ms    | < 1 %        |
 * | 4 good      | < 250 ms    | < 3 %        |
 * | 3 fair      | < 400 ms    | < 6 %        |
 * | 2 poor      | < 700 ms    | < 12 %       |
 * | 1 bad       | otherwise   | otherwise    |
 *
 * These follow the usual VoIP thresholds (ITU-T G.114 puts one-way delay above 150 ms as noticeable;
 * Opus and VP8 hide about 1–3 % loss, and video breaks up beyond about 10 %).
 */
export const CALL_QUALITY_GRADES: readonly { quality: number; maxRttMs: number; maxLoss: number }[] = [
  { quality: 5, maxRttMs: 150, maxLoss: 0.01 },
  { quality: 4, maxRttMs: 250, maxLoss: 0.03 },
  { quality: 3, maxRttMs: 400, maxLoss: 0.06 },
  { quality: 2, maxRttMs: 700, maxLoss: 0.12 },
];

/** How often the stats are read. */
export const CALL_QUALITY_SAMPLE_MS = 2000;

export interface NetworkSample {
  /** Round-trip time in ms; null when not measured yet (counts as fine). */
  rttMs: number | null;
  /** Packets lost / (received + lost) since the previous sample, 0..1; null with no packets. */
  loss: number | null;
}

export function callQualityFrom({ rttMs, loss }: NetworkSample): number {
  const rtt = rttMs ?? 0;
  const lost = loss ?? 0;
  return CALL_QUALITY_GRADES.find((g) => rtt < g.maxRttMs && lost < g.maxLoss)?.quality ?? 1;
}

/** Cumulative receive counters of one feed (inbound-rtp summed over its tracks). */
export interface ReceiveCounters {
  packetsReceived: number;
  packetsLost: number;
}

/** The loss share between two readings of the cumulative counters (null when nothing arrived). */
export function lossBetween(before: ReceiveCounters | null, now: ReceiveCounters): number | null {
  const received = now.packetsReceived - (before?.packetsReceived ?? 0);
  const lost = Math.max(0, now.packetsLost - (before?.packetsLost ?? 0));
  return received + lost > 0 ? lost / (received + lost) : null;
}
