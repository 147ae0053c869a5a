/**
 * Live jobs in the database (pending → starting → live → stopping → stopped / failed): whose worker
 * runs it (owner) and its heartbeat, so a backend that restarts — or another one on the same
 * database — finds the running jobs whose heartbeat went stale, or that no process had room for,
 * and takes them over.
 *
 * This is a lease table, not a job queue library: a broadcast is not a task that finishes and is
 * retried but a lease held for hours by one process and renewed every HEARTBEAT_MS, moved when it
 * lapses, and stopped by a flag the holder reads. pg-boss and graphile-worker model finite jobs
 * (an expiry, retries, completion) and need a PostgreSQL server, while the embedded default
 * (PGlite) is one process; the three statements below (a claim with FOR UPDATE SKIP LOCKED, a
 * beat, a stop flag) are the whole protocol on both.
 */
import type { Queryable } from '../db/adapter';
import { JOB_STALE_MS, RUNNING_JOB_STATES, type Quality } from './rules';
import type { JobState } from '../../lib/liveContract';

export interface JobRow {
  id: string;
  channel_uuid: string;
  event_id: string;
  state: JobState;
  quality: Quality;
  owner: string | null;
  heartbeat_at: string | number;
  started_at: string | number;
  live_at: string | number | null;
  ended_at: string | number | null;
  stop_requested: boolean;
  error: string | null;
  recording_id: string;
  /** The vertical program's recording; null: the broadcast has no vertical program (issue 34). */
  vertical_recording_id: string | null;
  capture_token_hash: string;
}

const RUNNING = RUNNING_JOB_STATES.map((s) => `'${s}'`).join(', ');

export async function insertJob(db: Queryable, j: Pick<JobRow, 'id' | 'channel_uuid' | 'event_id' | 'quality' | 'owner' | 'recording_id' | 'vertical_recording_id' | 'capture_token_hash'>, now: number): Promise<void> {
  await db.query("INSERT INTO live_jobs (id, channel_uuid, event_id, state, quality, owner, heartbeat_at, started_at, recording_id, vertical_recording_id, capture_token_hash) VALUES ($1, $2, $3, 'pending', $4, $5, $6, $6, $7, $8, $9)", [
    j.id, j.channel_uuid, j.event_id, j.quality, j.owner, now, j.recording_id, j.vertical_recording_id, j.capture_token_hash,
  ]);
}

/** The channel's job that runs or is stopping, or null. */
export async function activeJob(db: Queryable, channelUuid: string): Promise<JobRow | null> {
  return (await db.query<JobRow>(`SELECT * FROM live_jobs WHERE channel_uuid = $1 AND state IN (${RUNNING}, 'stopping') ORDER BY started_at DESC LIMIT 1`, [channelUuid]))[0] ?? null;
}

/** The channel's newest job, whatever its state, or null. */
export async function latestJob(db: Queryable, channelUuid: string): Promise<JobRow | null> {
  return (await db.query<JobRow>('SELECT * FROM live_jobs WHERE channel_uuid = $1 ORDER BY started_at DESC LIMIT 1', [channelUuid]))[0] ?? null;
}

export async function setJobState(db: Queryable, id: string, state: JobState, extra: { error?: string | null; now?: number } = {}): Promise<void> {
  const now = extra.now ?? Date.now();
  await db.query(
    `UPDATE live_jobs SET state = $2, error = COALESCE($3, error),
       live_at = CASE WHEN $2 = 'live' AND live_at IS NULL THEN $4 ELSE live_at END,
       ended_at = CASE WHEN $2 IN ('stopped', 'failed') THEN $4 ELSE ended_at END
     WHERE id = $1`,
    [id, state, extra.error ?? null, now],
  );
}

/** Marks the channel's running job to stop (whichever backend runs it acts on it); returns it. */
export async function requestStop(db: Queryable, channelUuid: string): Promise<JobRow | null> {
  return (await db.query<JobRow>(`UPDATE live_jobs SET stop_requested = true, state = 'stopping' WHERE channel_uuid = $1 AND state IN (${RUNNING}, 'stopping') RETURNING *`, [channelUuid]))[0] ?? null;
}

/** This owner's jobs stay fresh; returns those among them now asked to stop. */
export async function beat(db: Queryable, owner: string, now: number): Promise<JobRow[]> {
  return db.query<JobRow>(`UPDATE live_jobs SET heartbeat_at = $2 WHERE owner = $1 AND state IN (${RUNNING}, 'stopping') RETURNING *`, [owner, now]);
}

/**
 * Takes the oldest job no process runs whose programs fit in `room` (jobShapes: one unit each): one
 * waiting for a process with capacity (no owner), or whose owner stopped beating (a crashed or
 * closed backend). SKIP LOCKED so processes claiming at once each take different ones.
 */
export async function claimJob(db: Queryable, owner: string, now: number, room: number, staleMs = JOB_STALE_MS): Promise<JobRow | null> {
  if (room <= 0) return null;
  const rows = await db.query<JobRow>(
    `UPDATE live_jobs SET owner = $1, heartbeat_at = $2 WHERE id IN (
       SELECT id FROM live_jobs WHERE state IN (${RUNNING}, 'stopping') AND (owner IS NULL OR (heartbeat_at < $3 AND owner <> $1))
         AND (CASE WHEN vertical_recording_id IS NULL THEN 1 ELSE 2 END) <= $4
       ORDER BY started_at FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING *`,
    [owner, now, now - staleMs, room],
  );
  return rows[0] ?? null;
}

export async function setCaptureToken(db: Queryable, id: string, hash: string): Promise<void> {
  await db.query('UPDATE live_jobs SET capture_token_hash = $2 WHERE id = $1', [id, hash]);
}

/** Whether `hash` is the capture token of the channel's running job (the capture page's access). */
export async function isCaptureToken(db: Queryable, channelUuid: string, hash: string): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM live_jobs WHERE channel_uuid = $1 AND capture_token_hash = $2 AND state IN (${RUNNING}, 'stopping')`, [channelUuid, hash])).length > 0;
}
