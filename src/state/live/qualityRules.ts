/**
 * Which broadcast quality this server carries (issue 33). The server says what it recommends for its
 * cores (GET live/{eventId}: 720p on 2 cores); a quality above that was a 4 fps broadcast to every
 * destination. So GO LIVE asks before counting down, and a quality nobody chose follows the server.
 * Pure: goLive.ts, liveSession.ts and the Stats panel read these.
 */
import type { BroadcastQuality } from '../settingsStore';
import type { Destination, LiveInfo } from './types';
import { PORTRAIT } from '../../../compositor/model/frame';

/** Pixels per frame, smallest first (560p < 720p < 1080p). */
const RANK: Record<BroadcastQuality, number> = { '560p': 0, '720p': 1, '1080p': 2 };

/** What the chosen quality asks beyond what the server carries: null when it carries it, or cannot say (the demo, no answer yet). */
export interface QualityOverLimit {
  chosen: BroadcastQuality;
  recommended: BroadcastQuality;
  cores: number;
  /** The broadcast renders the vertical program beside the 16:9 one (issue 34): what the server carries is less. */
  bothShapes: boolean;
}

/** A broadcast started now renders the vertical program too: a vertical destination is switched on (issue 34). */
export const wantsVertical = (destinations: readonly Destination[]): boolean => destinations.some((d) => d.enabled && d.shape === PORTRAIT);

export function qualityOverLimit(chosen: BroadcastQuality, info: LiveInfo | null, bothShapes = false): QualityOverLimit | null {
  const recommended = info && (bothShapes ? info.recommendedQualityBothShapes : info.recommendedQuality);
  if (!info || !recommended || RANK[chosen] <= RANK[recommended]) return null;
  return { chosen, recommended, cores: info.cores, bothShapes };
}

/** Before the countdown: go, or ask first (the quality is above what the server carries). */
export type GoLiveQualityCheck = { kind: 'go' } | ({ kind: 'ask' } & QualityOverLimit);

export function checkGoLiveQuality(chosen: BroadcastQuality, info: LiveInfo | null, bothShapes = false): GoLiveQualityCheck {
  const over = qualityOverLimit(chosen, info, bothShapes);
  return over ? { kind: 'ask', ...over } : { kind: 'go' };
}
