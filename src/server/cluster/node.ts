/**
 * This backend process as one node of several on the same database: a row in `nodes` with a
 * heartbeat. Every beat also sweeps: a node silent for NODE_STALE_MS is gone, so its row goes, and
 * with it its sockets' roster rows (their events' rosters are pushed again) and its Janus instance
 * (whose rooms move on their next use, janus/placement.ts). Any node may sweep: each step is one
 * idempotent statement. With the embedded database there is only ever one process, so at its start
 * every other node is gone at once (a restart does not wait for its old self to go stale).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/adapter';
import { removeOrphanSockets } from './presence';
import { NODE_HEARTBEAT_MS, NODE_STALE_MS } from './rules';

export const newNodeId = (): string => `node-${randomBytes(6).toString('hex')}`;

export interface NodeOptions {
  db: Db;
  id: string;
  /** The embedded database: this process is the only one. */
  alone: boolean;
  now?: () => number;
  /** Events whose roster changed because a node went (push them). */
  onRosterChanged(eventIds: string[]): void;
  /** This node was taken for dead by another (a long pause): what it held was swept, resync its sockets. */
  onSwept(): void;
  log(line: string): void;
}

export interface ClusterNode {
  readonly id: string;
  /** One beat and sweep now (tests; the timer runs them every NODE_HEARTBEAT_MS). */
  beat(): Promise<void>;
  close(): Promise<void>;
}

export async function startNode(o: NodeOptions): Promise<ClusterNode> {
  const now = o.now ?? Date.now;
  const insert = () => o.db.query('INSERT INTO nodes (id, started_at, heartbeat_at) VALUES ($1, $2, $2) ON CONFLICT (id) DO UPDATE SET heartbeat_at = $2', [o.id, now()]);
  await insert();
  if (o.alone) await o.db.query('DELETE FROM nodes WHERE id <> $1', [o.id]);
  let closed = false;

  async function sweep(): Promise<void> {
    await o.db.query('DELETE FROM nodes WHERE heartbeat_at < $1 AND id <> $2', [now() - NODE_STALE_MS, o.id]);
    await o.db.query('DELETE FROM janus_instances i WHERE NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = i.node_id)');
    const events = await removeOrphanSockets(o.db);
    if (events.length) o.onRosterChanged(events);
  }

  async function beat(): Promise<void> {
    if (closed) return;
    const alive = await o.db.query('UPDATE nodes SET heartbeat_at = $2 WHERE id = $1 RETURNING id', [o.id, now()]);
    if (alive.length === 0) {
      o.log(`node ${o.id}: another process took this one for dead; joining again and resyncing its sockets`);
      await insert();
      o.onSwept();
    }
    await sweep();
  }

  await sweep();
  const timer = setInterval(() => void beat().catch((e: unknown) => o.log(`node ${o.id}: heartbeat failed: ${String(e)}`)), NODE_HEARTBEAT_MS);
  timer.unref();
  return {
    id: o.id,
    beat,
    async close() {
      closed = true;
      clearInterval(timer);
      await o.db.query('DELETE FROM janus_instances WHERE node_id = $1', [o.id]);
      await o.db.query('DELETE FROM nodes WHERE id = $1', [o.id]);
      const events = await removeOrphanSockets(o.db);
      if (events.length) o.onRosterChanged(events);
    },
  };
}
