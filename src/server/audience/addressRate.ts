/**
 * One limit per address on everything attendees write (issue 32): chat, questions, upvotes, votes
 * and hands, on top of each attendee's own limits (chat's RATE_MAX, QUESTION_RATE, HAND_RATE, one
 * vote per poll, one upvote per question). The per-attendee limits stop one page; this one stops a
 * script that joined many attendees from one address (JOIN_RATE lets 30 a minute in) and writes
 * with all of them. A token bucket every process shares (cluster/rateBucket.ts), keyed by event and
 * address like JOIN_RATE. An attendee's own limit is checked first, so one attendee over theirs
 * spends nothing of what their neighbours behind the same address share.
 */
import { takeToken, type BucketRule } from '../cluster/rateBucket';
import type { Ctx } from '../context';
import { HttpError } from '../errors';

/**
 * Ours: writes from one address to one event, at once and refilled over a minute. Generous, since a
 * classroom or an office behind one NAT shares an address: 300 people there can all vote within
 * the same few seconds, and 30 of them chatting at a message every 10 s use 180 of the 300 a minute.
 * A script with many joined attendees from one address gets 5 writes a second, whatever their number:
 * each public message is one push to every attendee, so that keeps the studio's work per address
 * bounded. `audienceAddressRate` (STUDIO_AUDIENCE_ADDRESS_RATE: writes a minute) changes it.
 */
export const AUDIENCE_ADDRESS_RATE: BucketRule = { capacity: 300, windowMs: 60_000 };

/** What a refused write says (the page shows it as it is). */
export const ADDRESS_LIMIT_TEXT = (seconds: number) => `Too many messages from your network right now (everyone behind its address shares a limit). Try again in ${seconds}s.`;

/** The address' bucket for an event's attendee writes: `take()` answers 0 or the seconds until a token is back. */
export interface SharedLimit {
  take(): Promise<number>;
  message(retryAfter: number): string;
}

export function addressLimit({ db, now, audienceAddressRate }: Pick<Ctx, 'db' | 'now' | 'audienceAddressRate'>, eventId: string, address: string): SharedLimit {
  return {
    take: () => takeToken(db, `audience-address\n${eventId}\n${address}`, audienceAddressRate, now()),
    message: ADDRESS_LIMIT_TEXT,
  };
}

/** Takes one of the address' tokens, or throws 429 with Retry-After. */
export async function spendAddressToken(limit: SharedLimit): Promise<void> {
  const retryAfter = await limit.take();
  if (retryAfter > 0) throw new HttpError(429, limit.message(retryAfter), { 'Retry-After': String(retryAfter) });
}
