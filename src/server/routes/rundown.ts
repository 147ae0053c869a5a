/**
 * The run of show's rundown (issue 25, CONTRACT.md "Rundown"): one keyed document per channel, synced
 * as the channel is (compositor/sync: each update applied once per origin and seq, merged per key),
 * stored beside it, and pushed as `rundown.updated` to the channel's producers (never to its output
 * pages or guests: the notes are the moderators'). Producers of the channel's event only.
 */
import type { FastifyInstance } from 'fastify';
import { requireProducer } from '../auth';
import { loadChannel, requireChannelAccess } from '../channels';
import type { Ctx } from '../context';
import { json, type Queryable } from '../db/adapter';
import { badRequest } from '../errors';
import { isRecord } from '../../../compositor/model/json';
import { validateUpdate, type ServerChannel } from '../../../compositor/sync';
import { applySync } from '../syncCore';
import { writeSyncedDoc } from '../syncedDoc';
import { enforceRundownLimits } from '../rundownLimits';
import { STUDIO_API } from './channel';

type UuidParams = { Params: { uuid: string } };

/** The rundown of a channel as answered and pushed. */
export const rundownJson = (uuid: string, state: ServerChannel) => ({ uuid, version: state.version, applied: state.applied, keyed: state.keyed });

/** The stored rundown (an empty one before the first edit); `lock` takes its row lock inside a transaction. */
async function loadRundown(db: Queryable, uuid: string, lock = false): Promise<ServerChannel> {
  if (lock) await db.query(`INSERT INTO rundowns (channel_uuid, keyed, version, applied) VALUES ($1, '{}'::json, 0, '{}'::json) ON CONFLICT (channel_uuid) DO NOTHING`, [uuid]);
  const row = (await db.query<{ keyed: ServerChannel['keyed']; version: number; applied: Record<string, number> }>(`SELECT keyed, version, applied FROM rundowns WHERE channel_uuid = $1${lock ? ' FOR UPDATE' : ''}`, [uuid]))[0];
  return row ? { version: row.version, applied: row.applied, keyed: row.keyed } : { version: 0, applied: {}, keyed: {} };
}

export function rundownRoutes(app: FastifyInstance, { db, hub }: Ctx): void {
  /** The channel, after checking that the signed-in producer (`me`) moderates its event. */
  const accessible = async (tx: Queryable, me: string, uuid: string) => {
    const row = await loadChannel(tx, uuid);
    await requireChannelAccess(tx, me, row);
    return row;
  };

  app.get<UuidParams>(`${STUDIO_API}/channel/:uuid/rundown`, async (req) => {
    const row = await accessible(db, await requireProducer(db, req), req.params.uuid);
    return rundownJson(row.uuid, await loadRundown(db, row.uuid));
  });

  app.put<UuidParams>(`${STUDIO_API}/channel/:uuid/rundown`, async (req) => {
    const body = req.body;
    if (!isRecord(body) || body.sync === undefined) throw badRequest('The rundown body must be { sync: { origin, seq, changes } }');
    const me = await requireProducer(db, req);
    let update;
    try {
      update = validateUpdate(body.sync);
    } catch (error) {
      throw badRequest(`Malformed rundown update: ${error instanceof Error ? error.message : String(error)}`);
    }
    const uuid = req.params.uuid;
    const state = await writeSyncedDoc(db, {
      lock: async (tx) => loadRundown(tx, (await accessible(tx, me, uuid)).uuid, true),
      apply(current) {
        const result = applySync(current, update);
        if (result.duplicate) return null;
        // The whole stored document (its sync record too) counts against the limit.
        return { ...result.state, keyed: enforceRundownLimits(current.keyed, result.state.keyed, { applied: current.applied }, { applied: result.state.applied }) };
      },
      store: (tx, next) => tx.query('UPDATE rundowns SET keyed = $2::json, version = $3, applied = $4::json WHERE channel_uuid = $1', [uuid, json(next.keyed), next.version, json(next.applied)]).then(() => undefined),
      announce: (next) => hub.pushProducers(uuid, { type: 'rundown.updated', rundown: rundownJson(uuid, next) }),
    });
    return rundownJson(uuid, state);
  });
}
