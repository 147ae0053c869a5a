/**
 * Meeting state (§3) plus what the session learned when it connected: the user, the event
 * information the panels depend on, and the displayed channel's identity.
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { EventInformation, StudioUser, ChannelSummary } from './session';

/** §4 Meeting connection states. */
export type ConnexionState = 'IDLE' | 'CONNECTING' | 'CONNECTED' | 'DISCONNECTED' | 'RECONNECTING' | 'WAITING';

export interface MeetingState {
  videoMute: boolean;
  audioMute: boolean;
  receivingContent: boolean;
  sharingContent: boolean;
  sharingLocalContent: boolean;
  presenterName: string | null;
  presenterGuid: string | null;
  currentVideoId: string | null;
  connexionState: ConnexionState;
  selectedMenuPeople: string | null;
  user: StudioUser | null;
  eventInformation: EventInformation | null;
  channel: ChannelSummary | null;
}

export interface MeetingActions {
  setConnexionState(state: ConnexionState): void;
  /** Applies what a successful connect returned; one update, so nothing is seen half-set. */
  applyConnection(c: { user: StudioUser; eventInformation: EventInformation; channel: ChannelSummary }): void;
  /** Leaving resets the meeting (§4 Moderator initialisation). */
  leave(): void;
}

export const initialMeetingState = (): MeetingState => ({
  videoMute: false,
  audioMute: false,
  receivingContent: false,
  sharingContent: false,
  sharingLocalContent: false,
  presenterName: null,
  presenterGuid: null,
  currentVideoId: null,
  connexionState: 'IDLE',
  selectedMenuPeople: null,
  user: null,
  eventInformation: null,
  channel: null,
});

export const useMeetingStore = create<MeetingState & MeetingActions>()(
  immer((set) => ({
    ...initialMeetingState(),
    setConnexionState: (state) => set((s) => void (s.connexionState = state)),
    applyConnection: ({ user, eventInformation, channel }) =>
      set((s) => {
        s.user = user;
        s.eventInformation = eventInformation;
        s.channel = channel;
        s.connexionState = 'CONNECTED';
      }),
    leave: () => set(() => initialMeetingState()),
  })),
);
