/**
 * Backend mode's session state for the screens: who is signed in, the upcoming events, the join
 * progress (waiting for the event to start) and the sockets' connection state for the toolbar.
 * The demo never sets it (status 'demo').
 */
import { create } from 'zustand';
import type { StudioUser } from './session';

/** The toolbar's connection state: the worst of the two sockets. */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface UpcomingEvent {
  eventId: string;
  sharingUrl: string;
  eventTitle: string;
  start: number;
  end: number;
  /** IANA zone the event is scheduled in (its start is shown there, with tzShortName). */
  timezone: string;
  tzShortName: string;
}

export interface RemoteState {
  /** 'demo' while the instant demo runs; otherwise whether someone is signed in. */
  auth: 'demo' | 'unknown' | 'signed-out' | 'signed-in';
  user: StudioUser | null;
  events: UpcomingEvent[];
  eventsNextPage: string | null;
  eventsStatus: 'idle' | 'loading' | 'loaded' | 'failed';
  /** §4: the event has no instance yet; the join polls every 2 s. */
  waitingForEvent: boolean;
  connection: ConnectionStatus;
  /** While reconnecting: when the next try starts (epoch ms). */
  nextRetryAt: number | null;
  /** The channel save's state, for the toolbar ("Saving…", "Not saved"). */
  saveStatus: 'idle' | 'pending' | 'saving' | 'error';
}

export const useRemoteStore = create<RemoteState>()(() => ({
  auth: 'demo',
  user: null,
  events: [],
  eventsNextPage: null,
  eventsStatus: 'idle',
  waitingForEvent: false,
  connection: 'connecting',
  nextRetryAt: null,
  saveStatus: 'idle',
}));
