/** What every route and socket handler is given. */
import type { Db } from './db/adapter';
import type { Meeting } from './meeting';
import type { Hub } from './sockets/hub';
import type { LiveManager } from './live/manager';
import type { DestinationRules } from './live/addresses';
import type { MediaOrigins } from './mediaUrls';
import type { BucketRule } from './cluster/rateBucket';
import type { Metrics } from './metrics/metrics';

export interface Ctx {
  db: Db;
  hub: Hub;
  /** Where uploaded files are kept (`<dataDir>/files`). */
  filesDir: string;
  /** Runs `fn` after `ms` unless the server closes first. */
  later(ms: number, fn: () => void | Promise<void>): void;
  /** The meeting (Janus VideoRoom), or null when Janus does not run. */
  meeting: Meeting | null;
  /** How long an invite lasts (guests.ts INVITE_TTL_MS unless overridden). */
  inviteTtlMs: number;
  /** The server key (serverKey.ts): invite links are derived from it. */
  serverKey: Buffer;
  /** The broadcasts this backend runs (live/manager.ts). */
  live: LiveManager;
  /** Seals stream keys at rest (live/streamKeys.ts). */
  streamKeySecret: Buffer;
  /** Where destinations may stream (live/addresses.ts). */
  destinationRules: DestinationRules;
  /** Whose URLs a channel's media may be (mediaUrls.ts). */
  mediaOrigins: MediaOrigins;
  /** Attendee writes from one address to one event (audience/addressRate.ts AUDIENCE_ADDRESS_RATE unless overridden). */
  audienceAddressRate: BucketRule;
  /** The clock of throttles (injected by tests). */
  now(): number;
  /** The events /metrics counts that no other state keeps (metrics/metrics.ts). */
  metrics: Pick<Metrics, 'signInThrottled'>;
}
