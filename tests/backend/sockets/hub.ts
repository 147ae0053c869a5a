/**
 * Who is connected: event sockets per event (they are also the event's interactive roster) and
 * studio sockets per channel. Pushes go through here.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';

export interface RosterEntry {
  id: string;
  name: string;
  role: 'Moderator';
  joinTime: number;
  audioMute: boolean;
  videoMute: boolean;
  audioHardMute: boolean;
  videoHardMute: boolean;
}

export interface EventConnection {
  ws: WebSocket;
  eventId: string;
  userId: string;
  guid: string;
  entry: RosterEntry;
}

export interface StudioConnection {
  ws: WebSocket;
  channel: string;
  /** The producer, or null for an output-token (read-only) registration. */
  userId: string | null;
}

const send = (ws: WebSocket, message: unknown) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
};

export class Hub {
  private readonly events = new Map<string, Set<EventConnection>>();
  private readonly studios = new Map<string, Set<StudioConnection>>();
  private readonly all = new Set<WebSocket>();

  track(ws: WebSocket): void {
    this.all.add(ws);
    ws.on('close', () => this.all.delete(ws));
  }

  joinEvent(ws: WebSocket, eventId: string, userId: string, name: string): EventConnection {
    const guid = randomUUID();
    const conn: EventConnection = {
      ws,
      eventId,
      userId,
      guid,
      entry: { id: guid, name, role: 'Moderator', joinTime: Date.now(), audioMute: false, videoMute: false, audioHardMute: false, videoHardMute: false },
    };
    const set = this.events.get(eventId) ?? new Set();
    set.add(conn);
    this.events.set(eventId, set);
    return conn;
  }

  leaveEvent(conn: EventConnection): boolean {
    return this.events.get(conn.eventId)?.delete(conn) ?? false;
  }

  eventConnections(eventId: string): EventConnection[] {
    return [...(this.events.get(eventId) ?? [])];
  }

  roster(eventId: string): RosterEntry[] {
    return this.eventConnections(eventId)
      .map((c) => ({ ...c.entry }))
      .sort((a, b) => b.joinTime - a.joinTime);
  }

  /** `{ type: 'msg', msg }` to every socket registered for the event. */
  pushEventMsg(eventId: string, msg: unknown): void {
    this.pushEvent(eventId, { type: 'msg', msg });
  }

  pushEvent(eventId: string, message: unknown, only?: (c: EventConnection) => boolean): void {
    for (const c of this.eventConnections(eventId)) if (!only || only(c)) send(c.ws, message);
  }

  pushRoster(eventId: string): void {
    this.pushEventMsg(eventId, { type: 'Event_Roster', participants: this.roster(eventId) });
  }

  joinStudio(conn: StudioConnection): void {
    const set = this.studios.get(conn.channel) ?? new Set();
    set.add(conn);
    this.studios.set(conn.channel, set);
  }

  leaveStudio(conn: StudioConnection): void {
    this.studios.get(conn.channel)?.delete(conn);
  }

  pushStudio(channel: string, message: unknown): void {
    for (const c of this.studios.get(channel) ?? []) send(c.ws, message);
  }

  /** Every socket, abruptly (the fault hook and shutdown). */
  terminateAll(): void {
    for (const ws of this.all) ws.terminate();
  }
}

export { send };
