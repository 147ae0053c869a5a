/**
 * Admission counts each program a broadcast renders (issue 34): a job with a vertical program costs
 * two units of a process' capacity (cluster/rules.ts liveCapacity), one without costs one. The claim
 * takes the oldest job that fits; an idle process takes any one job, so a broadcast with both programs
 * still runs where one program fills the capacity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/adapter';
import { claimJob, insertJob } from '../../src/server/live/jobs';
import { jobCost, jobShapes } from '../../src/server/live/manager';
import { recommendedQuality } from '../../src/server/live/rules';
import { migratedPglite, removeDir, tempDir } from './helpers';

describe('admission by programs', () => {
  const dir = tempDir();
  let db: Db;
  beforeAll(async () => {
    db = await migratedPglite(dir);
  });
  afterAll(async () => {
    await db.close();
    removeDir(dir);
  });

  const job = (id: string, vertical: boolean, now: number) =>
    insertJob(db, { id, channel_uuid: `ch-${id}`, event_id: `ev-${id}`, quality: '720p', owner: null, recording_id: `r-${id}`, vertical_recording_id: vertical ? `rv-${id}` : null, capture_token_hash: '' }, now);

  it('a job costs one unit per program', () => {
    expect(jobShapes({ vertical_recording_id: null })).toEqual(['16:9']);
    expect(jobShapes({ vertical_recording_id: 'rv' })).toEqual(['16:9', '9:16']);
    expect([jobCost({ vertical_recording_id: null }), jobCost({ vertical_recording_id: 'rv' })]).toEqual([1, 2]);
  });

  it('takes the oldest job that fits the room left: one unit passes a waiting two-program job over, two take it', async () => {
    await job('both', true, 1000);
    await job('wide', false, 2000);
    expect((await claimJob(db, 'node-a', 3000, 1))?.id).toBe('wide');
    expect(await claimJob(db, 'node-a', 3000, 1)).toBeNull();
    expect(await claimJob(db, 'node-b', 3000, 0)).toBeNull();
    expect((await claimJob(db, 'node-b', 3000, 2))?.id).toBe('both');
  });

  it('what a server carries: one program at 720p on 2 cores, both at 560p there and at 720p on 4', () => {
    expect([recommendedQuality(2), recommendedQuality(2, 2), recommendedQuality(4, 2), recommendedQuality(8, 2)]).toEqual(['720p', '560p', '720p', '1080p']);
  });
});
