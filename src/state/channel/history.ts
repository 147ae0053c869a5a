/**
 * Undo/redo by Immer patches with named entries (DESIGN "History by Immer patches"). Each entry keeps
 * the §3 reason of the edit, so undoing it saves the channel with that reason. A gesture (a drag)
 * opens with begin(), folds every update into one entry, and ends with commit() or cancel(). Session
 * state and remote updates never reach the history; a remote update that touches what an entry
 * changed drops that entry and everything older (rebase), so undo never reverts somebody else's edit.
 */
import type { Patch } from 'immer';
import type { ReasonInput } from './reason';

export interface HistoryEntry {
  label: string;
  reason: ReasonInput;
  patches: Patch[];
  inverse: Patch[];
}

export const HISTORY_LIMIT = 200;

export function createHistory(limit = HISTORY_LIMIT) {
  let past: HistoryEntry[] = [];
  let future: HistoryEntry[] = [];
  let gesture: HistoryEntry | null = null;
  let recorded = 0;
  let lastLabel: string | null = null;

  return {
    record(entry: HistoryEntry): void {
      if (entry.patches.length === 0) return;
      if (gesture) {
        gesture.patches.push(...entry.patches);
        gesture.inverse.unshift(...entry.inverse);
        gesture.reason = entry.reason;
        return;
      }
      past.push(entry);
      recorded += 1;
      lastLabel = entry.label;
      if (past.length > limit) past.shift();
      future = [];
    },
    begin(label: string, reason: ReasonInput): void {
      gesture = { label, reason, patches: [], inverse: [] };
    },
    /** Ends the gesture as one entry, named by what it turned out to do if given; returns it (empty gestures leave nothing). */
    commit(label?: string): HistoryEntry | null {
      const done = gesture;
      gesture = null;
      if (!done || done.patches.length === 0) return null;
      if (label) done.label = label;
      this.record(done);
      return done;
    },
    /** Ends the gesture and returns the patches that undo it (the caller applies them). */
    cancel(): Patch[] {
      const done = gesture;
      gesture = null;
      return done ? done.inverse : [];
    },
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
    /**
     * Somebody else changed the document: keeps only the entries newer than the last one that
     * `conflicts` with the change (their patches still apply), and drops a conflicting redo stack.
     * An open gesture is abandoned (its patches no longer describe the document).
     */
    rebase(conflicts: (entry: HistoryEntry) => boolean): void {
      const last = past.findLastIndex(conflicts);
      if (last >= 0) past = past.slice(last + 1);
      if (future.some(conflicts)) future = [];
      if (gesture) gesture = null;
    },
    canUndo: () => past.length > 0,
    canRedo: () => future.length > 0,
    undoLabel: () => past.at(-1)?.label ?? null,
    /** How many entries were ever recorded, and the newest one's label (callers compare counts to see whether an action made one). */
    recorded: () => ({ count: recorded, label: lastLabel }),
    redoLabel: () => future.at(-1)?.label ?? null,
    clear(): void {
      past = [];
      future = [];
      gesture = null;
    },
  };
}
export type History = ReturnType<typeof createHistory>;
