/**
 * The guest page's state (backend mode): where the guest is (checking the invite, device check,
 * joining, backstage or on air, removed, left) and their own media as the roster and the host decide.
 */
import { create } from 'zustand';

export type GuestPhase =
  | { name: 'checking' }
  | { name: 'invalid'; message: string }
  | { name: 'ready' }
  | { name: 'joining' }
  | { name: 'joined' }
  | { name: 'removed' }
  | { name: 'left' };

export interface GuestSelf {
  participantId: string;
  name: string;
  audioMute: boolean;
  videoMute: boolean;
  audioHardMute: boolean;
  videoHardMute: boolean;
}

export interface GuestState {
  phase: GuestPhase;
  eventTitle: string;
  self: GuestSelf | null;
  /** On air: the program has a live layer of this guest. */
  onAir: boolean;
  /** A failure to show (joining failed, an unmute refused). */
  notice: string | null;
  /** An attendee brought on stage (issue 32): their name, and their event page to go back to. */
  attendee: { name: string; sharingUrl: string } | null;
}

export const initialGuestState = (): GuestState => ({ phase: { name: 'checking' }, eventTitle: '', self: null, onAir: false, notice: null, attendee: null });

export const useGuestStore = create<GuestState>()(() => initialGuestState());
