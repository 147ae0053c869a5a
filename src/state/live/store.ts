/**
 * Going live's state in backend mode (issue 23): what the server can afford and where the watch page
 * is, the capture worker's status (live.status frames), the event's destinations and recordings, the
 * ids waiting for a call, the last failure, and the Destinations dialog. Pure actions only: the
 * calls are src/services/live's; an optimistic change returns its rollback.
 */
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { Rollback } from '../remoteList';
import { jobNewlyFailed, newlyFailedDestinations } from './rules';
import type { Destination, DestinationPatch, LiveInfo, LiveStatus, OutputHealth, Recording } from './types';

export type LiveTab = 'destinations' | 'recordings';

export interface LiveState {
  info: LiveInfo | null;
  status: LiveStatus | null;
  destinations: Destination[];
  destinationsLoaded: boolean;
  recordings: Recording[];
  recordingsLoaded: boolean;
  /** Destination or recording ids with a call in flight (their controls wait). */
  busy: string[];
  /** The reason the last call failed, for the dialog's inline error (§8); cleared by the next call. */
  failure: string | null;
  dialog: { open: boolean; tab: LiveTab };
}

export interface LiveActions {
  setInfo(info: LiveInfo | null): void;
  /** Keeps the status; returns what newly failed: destinations (§8 asks once per failure) and the job (its reason). */
  applyStatus(next: LiveStatus): { destinations: OutputHealth[]; job: string | null };
  setDestinations(list: Destination[]): void;
  addedDestination(destination: Destination): void;
  /** The server's copy after a change. */
  replacedDestination(destination: Destination): void;
  patchDestination(id: string, patch: DestinationPatch): Rollback;
  takeOutDestination(id: string): Rollback;
  setRecordings(list: Recording[]): void;
  takeOutRecording(id: string): Rollback;
  callStarted(id: string): void;
  callEnded(id: string): void;
  failed(detail: string): void;
  clearFailure(): void;
  openDialog(tab?: LiveTab): void;
  closeDialog(): void;
  selectTab(tab: LiveTab): void;
  reset(): void;
}

export const initialLiveState = (): LiveState => ({
  info: null,
  status: null,
  destinations: [],
  destinationsLoaded: false,
  recordings: [],
  recordingsLoaded: false,
  busy: [],
  failure: null,
  dialog: { open: false, tab: 'destinations' },
});

/** Takes the item out at once; the rollback puts it back in its place unless it came back meanwhile. */
function takeOut<T extends { id: string }>(list: T[], id: string, put: (restore: (items: T[]) => void) => void): Rollback {
  const index = list.findIndex((x) => x.id === id);
  if (index < 0) return () => undefined;
  const item = list[index]!;
  return () =>
    put((items) => {
      if (!items.some((x) => x.id === id)) items.splice(Math.min(index, items.length), 0, item);
    });
}

export const useLiveStore = create<LiveState & LiveActions>()(
  immer((set, get) => ({
    ...initialLiveState(),
    setInfo: (info) => set((s) => void (s.info = info)),
    applyStatus(next) {
      const previous = get().status;
      set((s) => void (s.status = next));
      return { destinations: newlyFailedDestinations(previous, next), job: jobNewlyFailed(previous, next) };
    },
    setDestinations: (list) =>
      set((s) => {
        s.destinations = list;
        s.destinationsLoaded = true;
      }),
    addedDestination: (d) => set((s) => void (s.destinations = [...s.destinations.filter((x) => x.id !== d.id), d])),
    replacedDestination: (d) =>
      set((s) => {
        const i = s.destinations.findIndex((x) => x.id === d.id);
        if (i >= 0) s.destinations[i] = d;
      }),
    patchDestination(id, patch) {
      const before = get().destinations.find((d) => d.id === id);
      if (!before) return () => undefined;
      const { streamKey: _never, ...shown } = patch; // a key is never kept, not even for a moment
      set((s) => {
        const d = s.destinations.find((x) => x.id === id);
        if (d) Object.assign(d, shown);
      });
      return () =>
        set((s) => {
          const i = s.destinations.findIndex((x) => x.id === id);
          if (i >= 0) s.destinations[i] = before;
        });
    },
    takeOutDestination(id) {
      const rollback = takeOut(get().destinations, id, (restore) => set((s) => restore(s.destinations as Destination[])));
      set((s) => void (s.destinations = s.destinations.filter((d) => d.id !== id)));
      return rollback;
    },
    setRecordings: (list) =>
      set((s) => {
        s.recordings = list;
        s.recordingsLoaded = true;
      }),
    takeOutRecording(id) {
      const rollback = takeOut(get().recordings, id, (restore) => set((s) => restore(s.recordings as Recording[])));
      set((s) => void (s.recordings = s.recordings.filter((r) => r.id !== id)));
      return rollback;
    },
    callStarted: (id) =>
      set((s) => {
        s.failure = null;
        if (!s.busy.includes(id)) s.busy.push(id);
      }),
    callEnded: (id) => set((s) => void (s.busy = s.busy.filter((x) => x !== id))),
    failed: (detail) => set((s) => void (s.failure = detail)),
    clearFailure: () => set((s) => void (s.failure = null)),
    openDialog: (tab) =>
      set((s) => {
        s.dialog.open = true;
        if (tab) s.dialog.tab = tab;
      }),
    closeDialog: () => set((s) => void (s.dialog.open = false)),
    selectTab: (tab) => set((s) => void (s.dialog.tab = tab)),
    reset: () => set(() => initialLiveState()),
  })),
);
