/**
 * The attendee page's port in the demo (issue 32): the same AttendeeClient calls and socket frames as
 * backend mode, over the demo's audience room (attendeeRoom.ts) to the studio tab that hosts it
 * (attendeeHost.ts). Who this tab is in the event lives in its sessionStorage (no secrets in the
 * demo). `presence` says whether a studio tab answers at all, so the page can say it must be open.
 */
import type { AttendeeClient, AttendeeFrames, AttendeePort } from '../../services/watch/attendeePort';
import { realClock, type Clock } from '../../lib/clock';
import { attendeeRoomName, broadcastAttendeeRoom, DEMO_STUDIO_CLOSED, roomError, type AttendeeRoomMessage, type AttendeeRoomTransport, type DemoIdentity } from './attendeeRoom';

/** How long a call waits for the studio tab's answer (a busy two-core machine answers in well under a second). */
export const DEMO_CALL_TIMEOUT_MS = 5_000;
/** How often the page asks whether a studio tab is there; one unanswered ask says it is not. */
export const DEMO_PRESENCE_MS = 2_000;

export const STUDIO_CLOSED_TEXT = 'The demo studio did not answer. Is it open in another tab of this browser?';

export interface DemoIdentityStore {
  get(): DemoIdentity | null;
  set(identity: DemoIdentity | null): void;
}

/** The tab's identity in sessionStorage: a reload is the same attendee, another tab a new one. */
export function sessionIdentity(sharingUrl: string, storage: Storage | null = typeof sessionStorage === 'undefined' ? null : sessionStorage): DemoIdentityStore {
  const key = `studio-demo-attendee:${sharingUrl}`;
  return {
    get() {
      try {
        const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
        const v = value as Partial<DemoIdentity> | null;
        return v && typeof v.id === 'string' && typeof v.name === 'string' ? { id: v.id, name: v.name, removed: v.removed === true } : null;
      } catch {
        return null; // corrupt: not joined
      }
    },
    set: (identity) => (identity ? storage?.setItem(key, JSON.stringify(identity)) : storage?.removeItem(key)),
  };
}


const newTabId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `tab-${Date.now()}-${Math.random()}`);

export function demoAttendeePort({
  sharingUrl,
  transport = broadcastAttendeeRoom(attendeeRoomName(sharingUrl)),
  identity = sessionIdentity(sharingUrl),
  clock = realClock,
  tab = newTabId(),
}: {
  sharingUrl: string;
  transport?: AttendeeRoomTransport & { close?(): void };
  identity?: DemoIdentityStore;
  clock?: Clock;
  tab?: string;
}): AttendeePort {
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: unknown): void; timer: unknown }>();
  let seq = 0;
  const unlisten = transport.listen((m) => {
    if (m.type !== 'answer' || m.to !== tab) return;
    const waiter = pending.get(m.id);
    if (!waiter) return;
    pending.delete(m.id);
    clock.clearTimeout(waiter.timer);
    if (m.ok) waiter.resolve(m.value);
    else waiter.reject(m.error);
  });

  /** One AttendeeClient call, answered by the hosting studio tab, or refused as "the studio is not open". */
  function call<K extends Exclude<keyof AttendeeClient, 'socketPath'>>(method: K, ...args: Parameters<AttendeeClient[K]>): ReturnType<AttendeeClient[K]> {
    const id = `${tab}:${++seq}`;
    return new Promise((resolve, reject) => {
      const timer = clock.setTimeout(() => {
        pending.delete(id);
        reject(roomError(503, STUDIO_CLOSED_TEXT, { code: DEMO_STUDIO_CLOSED }));
      }, DEMO_CALL_TIMEOUT_MS);
      pending.set(id, { resolve, reject, timer });
      transport.post({ type: 'call', id, from: tab, me: identity.get(), method, args });
    }) as ReturnType<AttendeeClient[K]>;
  }

  // A new call of the audience API is one line here and one entry in the host's table.
  const client: AttendeeClient = {
    page: () => call('page'),
    join: (form) => call('join', form).then((answer) => (identity.set(answer.attendee), answer)),
    leave: () => call('leave').finally(() => identity.set(null)),
    chat: () => call('chat'),
    send: (text, to) => call('send', text, to),
    poll: () => call('poll'),
    vote: (pollGuid, optionNumber) => call('vote', pollGuid, optionNumber),
    hand: (raised) => call('hand', raised),
    questions: () => call('questions'),
    ask: (content, anonymous) => call('ask', content, anonymous),
    upvote: (id) => call('upvote', id),
    // The frames' address: the room, not a socket.
    socketPath: () => attendeeRoomName(sharingUrl),
  };

  /** A frame to every page but `except` (the asker of a question), or to this tab's attendee. */
  const mine = (to: string | null, except?: string) => {
    const me = identity.get()?.id;
    return to === null ? except === undefined || except !== me : to === tab || to === me;
  };

  /** The socket's frames from the room: registered by `hello` (again when another studio tab takes over). */
  const frames: AttendeeFrames = (_client, on) => {
    let everJoined = false;
    const hello = () => transport.post({ type: 'hello', from: tab, me: identity.get() });
    const off = transport.listen((m: AttendeeRoomMessage) => {
      if (m.type === 'host') {
        on.onState({ status: 'reconnecting', nextRetryAt: null });
        return hello();
      }
      if (m.type !== 'frame' || !mine(m.to, m.except)) return;
      const frame = m.frame;
      if (frame.type === 'joined') {
        on.onState({ status: 'connected', nextRetryAt: null });
        if (everJoined) on.onReconnected();
        everJoined = true;
        return;
      }
      if (frame.type === 'refused' && typeof frame.code === 'number') return on.onRefused(frame.code);
      // A removed tab stays removed, even for a studio tab that takes over later.
      if (frame.type === 'attendee.removed') identity.set({ ...(identity.get() ?? { id: '', name: '' }), removed: true });
      on.onFrame(frame);
    });
    on.onState({ status: 'connecting', nextRetryAt: null });
    hello();
    return {
      close() {
        off();
        transport.post({ type: 'bye', me: identity.get() });
      },
    };
  };

  function presence(on: (open: boolean) => void): () => void {
    let open: boolean | null = null;
    let answered = false;
    let timer: unknown = null;
    const set = (value: boolean) => value !== open && on((open = value));
    const off = transport.listen((m) => {
      if (m.type !== 'pong' || m.to !== tab) return;
      answered = true;
      set(true);
    });
    const ask = () => {
      answered = false;
      transport.post({ type: 'ping', from: tab, me: identity.get() });
      timer = clock.setTimeout(() => {
        if (!answered) set(false);
        ask();
      }, DEMO_PRESENCE_MS);
    };
    // A closed tab leaves the roster now, not after the host stops hearing from it.
    const bye = () => transport.post({ type: 'bye', me: identity.get() });
    if (typeof window !== 'undefined') window.addEventListener('pagehide', bye);
    ask();
    return () => {
      off();
      clock.clearTimeout(timer);
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', bye);
    };
  }

  return {
    client,
    frames,
    presence,
    close() {
      unlisten();
      for (const w of pending.values()) clock.clearTimeout(w.timer);
      pending.clear(); // their callers are gone with the page
      transport.close?.();
    },
  };
}
