/**
 * Recordings of broadcasts: Matroska parts while live (a worker restarted after a crash starts a new
 * part; a part cut short still plays to where it ends), joined into one MP4 with faststart when the
 * broadcast ends. Listed per event, downloaded and deleted by the event's moderators only.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Queryable } from '../db/adapter';
import { conflict, notFound } from '../errors';
import { FFMPEG_BIN } from './worker/output';
import type { Recording, RecordingState } from '../../lib/liveContract';
import type { FrameShape } from '../../../compositor/model/frame';

const run = promisify(execFile);
export const RECORDING_FILE = 'recording.mp4';
const FFPROBE_BIN = process.env.FFPROBE_BIN || 'ffprobe';

interface RecordingRow {
  id: string;
  event_id: string;
  started_at: string | number;
  ended_at: string | number | null;
  duration_sec: number | null;
  size_bytes: string | number | null;
  state: RecordingState;
  shape: FrameShape;
}
export type RecordingJson = Recording;
const toJson = (r: RecordingRow): RecordingJson => ({
  id: r.id,
  shape: r.shape,
  startedAt: Number(r.started_at),
  durationSec: r.duration_sec === null ? null : Number(r.duration_sec),
  sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
  state: r.state,
});

export const recordingDir = (recordingsDir: string, id: string) => join(recordingsDir, id);

export async function createRecording(db: Queryable, r: { id: string; eventId: string; channelUuid: string; startedAt: number; shape: FrameShape }): Promise<void> {
  await db.query("INSERT INTO recordings (id, event_id, channel_uuid, started_at, state, shape) VALUES ($1, $2, $3, $4, 'recording', $5)", [r.id, r.eventId, r.channelUuid, r.startedAt, r.shape]);
}

/** A broadcast's recordings still marked as being written that none of its programs writes now: those of programs that ended while live. */
export async function recordingsLeftOpen(db: Queryable, job: { channel_uuid: string; started_at: number | string; recording_id: string; vertical_recording_id: string | null }): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    "SELECT id FROM recordings WHERE channel_uuid = $1 AND state = 'recording' AND started_at >= $2 AND id <> $3 AND id IS DISTINCT FROM $4",
    [job.channel_uuid, job.started_at, job.recording_id, job.vertical_recording_id],
  );
  return rows.map((r) => r.id);
}

export async function listRecordings(db: Queryable, eventId: string): Promise<RecordingJson[]> {
  return (await db.query<RecordingRow>('SELECT * FROM recordings WHERE event_id = $1 ORDER BY started_at DESC', [eventId])).map(toJson);
}

export async function recordingOf(db: Queryable, eventId: string, id: string): Promise<RecordingJson> {
  const row = (await db.query<RecordingRow>('SELECT * FROM recordings WHERE event_id = $1 AND id = $2', [eventId, id]))[0];
  if (!row) throw notFound('No such recording');
  return toJson(row);
}

export async function deleteRecording(db: Queryable, recordingsDir: string, eventId: string, id: string): Promise<void> {
  const recording = await recordingOf(db, eventId, id);
  if (recording.state === 'recording' || recording.state === 'finalizing') throw conflict('This recording is still being written: end the broadcast first');
  await db.query('DELETE FROM recordings WHERE event_id = $1 AND id = $2', [eventId, id]);
  await rm(recordingDir(recordingsDir, id), { recursive: true, force: true });
}

/** The file's duration in seconds by ffprobe, or null. */
async function durationOf(file: string): Promise<number | null> {
  try {
    const { stdout } = await run(FFPROBE_BIN, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', file]);
    const d = Number(stdout.trim());
    return Number.isFinite(d) ? d : null;
  } catch {
    return null;
  }
}

/** How many video packets a file holds (0 when ffprobe cannot read it); a part cut by a crash has no duration, but its packets. */
async function videoPackets(file: string): Promise<number> {
  try {
    const { stdout } = await run(FFPROBE_BIN, ['-v', 'error', '-count_packets', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_packets', '-of', 'csv=p=0', file]);
    return Number(stdout.trim()) || 0;
  } catch {
    return 0;
  }
}

/** Joins the parts into one MP4 (streams copied, moov first) and records its size and duration. */
export async function finalizeRecording(db: Queryable, recordingsDir: string, id: string, now = Date.now()): Promise<RecordingState> {
  await db.query("UPDATE recordings SET state = 'finalizing', ended_at = $2 WHERE id = $1", [id, now]);
  const dir = recordingDir(recordingsDir, id);
  const parts = existsSync(dir) ? (await readdir(dir)).filter((f) => /^part-.*\.mkv$/.test(f)).sort() : [];
  // A part a crash left without a single whole cluster cannot be read: it is left out.
  const readable = await Promise.all(parts.map(async (f) => ({ f, ok: (await stat(join(dir, f))).size > 0 && (await videoPackets(join(dir, f))) > 0 })));
  const usable = readable.filter((p) => p.ok).map((p) => p.f);
  let state: RecordingState = 'failed';
  let size: number | null = null;
  let duration: number | null = null;
  if (usable.length) {
    const list = join(dir, 'parts.txt');
    await writeFile(list, usable.map((f) => `file '${f}'\n`).join(''));
    const out = join(dir, RECORDING_FILE);
    try {
      await run(FFMPEG_BIN, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, '-map', '0', '-c', 'copy', '-movflags', '+faststart', out]);
      size = (await stat(out)).size;
      duration = await durationOf(out);
      state = 'ready';
      await Promise.all([...parts, 'parts.txt'].map((f) => rm(join(dir, f), { force: true })));
    } catch {
      state = 'failed';
    }
  }
  await db.query('UPDATE recordings SET state = $2, size_bytes = $3, duration_sec = $4 WHERE id = $1', [id, state, size, duration]);
  return state;
}
