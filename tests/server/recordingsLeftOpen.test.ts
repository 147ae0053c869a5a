/**
 * A program that ended while live (the last vertical destination switched off, issue 34) leaves its
 * recording to be finished by whoever runs the broadcast, also after a crash: recordingsLeftOpen names
 * the broadcast's recordings still being written that none of its programs writes any more.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/adapter';
import { createRecording, recordingsLeftOpen } from '../../src/server/live/recordings';
import { migratedPglite, removeDir, tempDir } from './helpers';

const dir = tempDir();
let db: Db;
beforeAll(async () => {
  db = await migratedPglite(dir);
  const recording = (id: string, channelUuid: string, startedAt: number, shape: '16:9' | '9:16') => createRecording(db, { id, eventId: 'ev', channelUuid, startedAt, shape });
  await recording('earlier-broadcast', 'ch', 500, '16:9');
  await recording('wide', 'ch', 1000, '16:9');
  await recording('vertical-ended', 'ch', 1000, '9:16');
  await recording('vertical-now', 'ch', 2000, '9:16');
  await recording('other-channel', 'ch-2', 1000, '16:9');
});
afterAll(async () => {
  await db.close();
  removeDir(dir);
});

const job = { channel_uuid: 'ch', started_at: 1000, recording_id: 'wide' };

it("names the broadcast's recordings no program writes: not its current ones, not an earlier broadcast's or another channel's", async () => {
  expect(await recordingsLeftOpen(db, { ...job, vertical_recording_id: 'vertical-now' })).toEqual(['vertical-ended']);
  expect((await recordingsLeftOpen(db, { ...job, vertical_recording_id: null })).sort()).toEqual(['vertical-ended', 'vertical-now']);
});

it('leaves out one already finished', async () => {
  await db.query("UPDATE recordings SET state = 'ready' WHERE id = 'vertical-ended'");
  expect(await recordingsLeftOpen(db, { ...job, vertical_recording_id: 'vertical-now' })).toEqual([]);
});
