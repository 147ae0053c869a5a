// @vitest-environment node
/**
 * A participant whose network is gone (no close ever reaches the server) leaves like one who closed
 * the tab: the hub cuts a socket silent for two of the client's pings, and the close takes them off
 * the roster.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { localBus } from '../../src/server/cluster/bus';
import { openPglite, type Db } from '../../src/server/db/adapter';
import { migrate } from '../../src/server/db/migrations';
import { Hub, SILENT_SOCKET_MS } from '../../src/server/sockets/hub';
import { SOCKET_PING_MS } from '../../src/lib/limits';

/** Enough of a ws socket for the hub: events, and terminate() closing it. */
function fakeSocket() {
  const ws = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    terminated: false,
    send: () => undefined,
    terminate() {
      ws.terminated = true;
      ws.readyState = 3;
      ws.emit('close');
    },
  });
  return ws;
}

describe('the hub cuts silent sockets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'studio-hub-'));
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(join(dir, 'pg'));
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is two pings long (§9: the client pings every 5 s)', () => {
    expect(SILENT_SOCKET_MS).toBe(2 * SOCKET_PING_MS);
    expect(SOCKET_PING_MS).toBe(5000);
  });

  it('a socket that keeps talking stays; one silent past the limit is cut and leaves the roster', async () => {
    let now = 0;
    const hub = new Hub(db, localBus('node-test'), () => now);
    const talking = fakeSocket();
    const silent = fakeSocket();
    for (const ws of [talking, silent]) hub.track(ws as unknown as WebSocket);
    const joined = await hub.joinEventAsGuest(silent as unknown as WebSocket, 'event-1', 'guest-1', 'Gina');
    let left: Promise<boolean> | null = null;
    silent.on('close', () => (left = hub.leaveEvent(joined))); // what the event socket's route does on close
    expect((await hub.roster('event-1')).map((e) => e.name)).toEqual(['Gina']);

    for (now = SOCKET_PING_MS; now <= SILENT_SOCKET_MS + SOCKET_PING_MS; now += SOCKET_PING_MS) {
      talking.emit('message', '{"type":"ping"}');
      hub.sweep();
    }
    expect(talking.terminated).toBe(false);
    expect(silent.terminated).toBe(true);
    expect(await left).toBe(true);
    expect(await hub.roster('event-1')).toEqual([]);
    hub.terminateAll();
  });

  it('a socket heard from just within the limit is kept', () => {
    let now = 0;
    const hub = new Hub(db, localBus('node-test'), () => now);
    const ws = fakeSocket();
    hub.track(ws as unknown as WebSocket);
    now = SILENT_SOCKET_MS;
    hub.sweep();
    expect(ws.terminated).toBe(false);
    hub.terminateAll();
  });
});
