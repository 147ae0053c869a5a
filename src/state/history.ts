/**
 * Undo/redo by Immer patches with named entries (DESIGN "History by Immer patches"). A gesture
 * (a drag) opens with begin(), folds every update into one entry, and ends with commit() or
 * cancel(). Session state and remote updates never reach the history.
 */
import type { Patch } from 'immer';

export interface HistoryEntry {
  label: string;
  patches: Patch[];
  inverse: Patch[];
}

export const HISTORY_LIMIT = 200;

export function createHistory(limit = HISTORY_LIMIT) {
  let past: HistoryEntry[] = [];
  let future: HistoryEntry[] = [];
  let gesture: HistoryEntry | null = null;

  return {
    record(entry: HistoryEntry): void {
      if (entry.patches.length === 0) return;
      if (gesture) {
        gesture.patches.push(...entry.patches);
        gesture.inverse.unshift(...entry.inverse);
        return;
      }
      past.push(entry);
      if (past.length > limit) past.shift();
      future = [];
    },
    begin(label: string): void {
      gesture = { label, patches: [], inverse: [] };
    },
    /** Ends the gesture as one entry; returns it (empty gestures leave nothing). */
    commit(): HistoryEntry | null {
      const done = gesture;
      gesture = null;
      if (!done || done.patches.length === 0) return null;
      this.record(done);
      return done;
    },
    /** Ends the gesture and returns the patches that undo it (the caller applies them). */
    cancel(): Patch[] {
      const done = gesture;
      gesture = null;
      return done ? done.inverse : [];
    },
    inGesture: () => gesture !== null,
    takeUndo(): HistoryEntry | null {
      const entry = past.pop() ?? null;
      if (entry) future.push(entry);
      return entry;
    },
    takeRedo(): HistoryEntry | null {
      const entry = future.pop() ?? null;
      if (entry) past.push(entry);
      return entry;
    },
    canUndo: () => past.length > 0,
    canRedo: () => future.length > 0,
    undoLabel: () => past.at(-1)?.label ?? null,
    redoLabel: () => future.at(-1)?.label ?? null,
    clear(): void {
      past = [];
      future = [];
      gesture = null;
    },
  };
}
export type History = ReturnType<typeof createHistory>;
