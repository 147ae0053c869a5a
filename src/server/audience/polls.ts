/**
 * Polls as the audience meets them (issue 32): the live poll (or, between polls, the last one ended,
 * with its results), and one vote per attendee per poll, enforced by the database (a primary key on
 * poll and attendee), so no tab, reload or process gives a second. A vote counts into the poll's
 * results under the poll's row lock; the producers are told at most once per POLL_RESULTS_PUSH_MS.
 */
import type { AudiencePoll } from '../../lib/audienceContract';
import type { Ctx } from '../context';
import { json, type Queryable } from '../db/adapter';
import { badRequest, conflict, notFound } from '../errors';
import { toPoll, type PollRow } from '../polls';

/** Ours: at a vote storm the studio's counts move at most this often (one push carries every vote so far). */
export const POLL_RESULTS_PUSH_MS = 500;

const audienceView = (r: PollRow, myVote: number | null): AudiencePoll => ({
  pollGuid: r.guid,
  question: r.question,
  options: r.options,
  status: r.status === 'DONE' ? 'DONE' : 'ACTIVE',
  myVote,
  results: myVote !== null || r.status === 'DONE' ? r.results : null,
});

/** The poll as every attendee sees it when it starts or ends (nobody's vote in it). */
export const pollForAudience = (r: PollRow): AudiencePoll => audienceView(r, null);

const myVoteIn = async (db: Queryable, pollGuid: string, attendeeId: string) =>
  (await db.query<{ option_number: number }>('SELECT option_number FROM poll_votes WHERE poll_guid = $1 AND attendee_id = $2', [pollGuid, attendeeId]))[0]?.option_number ?? null;

/** The event's live poll, else the last one ended; null when there is neither. */
export async function currentPoll(db: Queryable, eventId: string, attendeeId: string): Promise<AudiencePoll | null> {
  const row = (
    await db.query<PollRow>(
      "SELECT guid, question, options, status, results FROM polls WHERE event_id = $1 AND status IS NOT NULL ORDER BY (status = 'ACTIVE') DESC, created_at DESC LIMIT 1",
      [eventId],
    )
  )[0];
  return row ? audienceView(row, await myVoteIn(db, row.guid, attendeeId)) : null;
}

/**
 * An attendee's vote: 404 for a poll of another event, 409 once it ended or when they voted already
 * (their first vote stands), 400 for an option the poll does not have. Answers the poll with its
 * results, and tells the producers (coalesced).
 */
export async function vote({ db, hub }: Pick<Ctx, 'db' | 'hub'>, eventId: string, pollGuid: string, attendeeId: string, optionNumber: unknown, now: number): Promise<AudiencePoll> {
  const row = await db.transaction(async (tx) => {
    const poll = (await tx.query<PollRow>('SELECT guid, question, options, status, results FROM polls WHERE guid = $1 AND event_id = $2 FOR UPDATE', [pollGuid, eventId]))[0];
    if (!poll) throw notFound('No such poll');
    if (poll.status !== 'ACTIVE') throw conflict('This poll is not open for votes');
    const option = poll.options.find((o) => o.optionNumber === optionNumber);
    if (!option) throw badRequest('optionNumber must be one of the poll’s options');
    const inserted = await tx.query('INSERT INTO poll_votes (poll_guid, attendee_id, option_number, voted_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING poll_guid', [pollGuid, attendeeId, option.optionNumber, now]);
    if (!inserted.length) throw conflict('You voted in this poll already');
    const results = poll.results.map((r, i) => (poll.options[i]?.optionNumber === option.optionNumber ? { ...r, votes: r.votes + 1 } : r));
    await tx.query('UPDATE polls SET results = $2::jsonb WHERE guid = $1', [pollGuid, json(results)]);
    return { ...poll, results };
  });
  // The vote is stored: a results push that fails (the database gone for a moment) is made by the next vote.
  hub
    .coalesce(`poll-results:${pollGuid}`, POLL_RESULTS_PUSH_MS, async () => {
      const latest = (await db.query<PollRow>('SELECT guid, question, options, status, results FROM polls WHERE guid = $1', [pollGuid]))[0];
      if (latest) hub.pushEventMsg(eventId, { type: 'POLL', notificationType: 'UPDATE', pollData: toPoll(latest) });
    })
    .catch(() => undefined);
  return audienceView(row, optionNumber as number);
}
