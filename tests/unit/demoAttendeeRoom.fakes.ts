/**
 * The demo audience room's fakes for the host's unit tests (demoAttendeeHost, demoAttendeeQna): a
 * room that delivers as a BroadcastChannel does (to the others, later, a copy), a tab's identity in
 * memory, and the demo event's page.
 */
import type { DemoIdentityStore } from '../../src/demo/audience/attendeeClient';
import type { AttendeeRoomMessage, AttendeeRoomTransport, DemoIdentity } from '../../src/demo/audience/attendeeRoom';

/** A room: each member hears the others, never itself, a moment later, with a copy. */
export function fakeRoom() {
  const listeners = new Set<(m: AttendeeRoomMessage) => void>();
  return (): AttendeeRoomTransport => {
    const mine = new Set<(m: AttendeeRoomMessage) => void>();
    return {
      post: (m) => [...listeners].filter((l) => !mine.has(l)).forEach((l) => queueMicrotask(() => l(structuredClone(m)))),
      listen(on) {
        listeners.add(on);
        mine.add(on);
        return () => void (listeners.delete(on), mine.delete(on));
      },
    };
  };
}

export const memoryIdentity = (): DemoIdentityStore & { value: DemoIdentity | null } => {
  const store = { value: null as DemoIdentity | null, get: () => store.value, set: (v: DemoIdentity | null) => void (store.value = v) };
  return store;
};

export const PAGE = { eventId: 'demodemo', title: 'Product Launch Live', requireEmail: false, chatEnabled: true, qnaEnabled: true, one2OneModChat: true, raiseHandEnabled: false, invitedOnly: false, invite: null, banner: null, attendeeCount: null };
