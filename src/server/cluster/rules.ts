/**
 * The timings and limits of several backend processes on one database (CONTRACT.md "Scale-out").
 * Each is a named constant with a unit test (tests/server/clusterRules.test.ts).
 */

/** How often a process says it is alive (its row in `nodes`). */
export const NODE_HEARTBEAT_MS = 2000;
/** A process silent this long is gone: its sockets leave the roster, its Janus' rooms move. */
export const NODE_STALE_MS = 3 * NODE_HEARTBEAT_MS;
/** The PostgreSQL channel every process LISTENs on. */
export const BUS_CHANNEL = 'studio_bus';
/**
 * NOTIFY's payload must be shorter than 8000 bytes; a bigger message is stored in `bus_messages`
 * and only its id is notified (with room to spare for the envelope).
 */
export const NOTIFY_PAYLOAD_MAX_BYTES = 7900;
/** Messages one NOTIFY statement carries at most (those queued while the previous one was on its way). */
export const NOTIFY_BATCH_MAX = 100;
/** Stored bus messages are read within milliseconds; they are deleted after this. */
export const BUS_ROW_TTL_MS = 60_000;
/** A lost LISTEN connection is made again after this pause (doubling up to the maximum). */
export const LISTEN_RETRY_MS = 500;
export const LISTEN_RETRY_MAX_MS = 8000;
/**
 * The close code of a socket this process drops because it may have missed pushes (its LISTEN
 * connection was lost, or it was taken for dead): the client reconnects and resyncs, as after a
 * network drop.
 */
export const CLOSE_RESYNC = 1012;
export const RESYNC_REASON = 'Resync';

/**
 * Cores one program costs at 720p30 (benchmarks/golive.mjs): the default admission. A broadcast
 * renders one program, or two with a vertical destination (issue 34: live/manager.ts jobCost).
 */
export const LIVE_CORES_PER_PROGRAM = 1.5;

/** How many programs (a channel's 16:9 one and its vertical one) a process with `cores` runs at most (at least one). */
export function liveCapacity(cores: number, override?: number): number {
  if (override !== undefined && Number.isInteger(override) && override >= 0) return override;
  return Math.max(1, Math.floor(cores / LIVE_CORES_PER_PROGRAM));
}

