/**
 * What the poll and Q&A stores share (§4 Poll, Question): a list the server owns, the ids the
 * moderator has seen, the ids waiting for a call, and the last failed command for the panel's
 * inline error (§8). Pure state changes only: the calls, and `attempt` which runs one with its
 * rollback, are the services' (src/services/audience/attempt.ts).
 */
import type { Draft } from 'immer';
import { log } from '../log';

/** Undoes an optimistic change (§8: a failing call leaves the store as it was). */
export type Rollback = () => void;

export interface ListFailure<C extends string> {
  command: C;
  /** The item concerned (a pollGuid, a question id), when it existed before the call. */
  id?: string;
  /** The reason the call gave (§8: the error body's message), for the inline error. */
  detail: string;
}

export interface RemoteListState<C extends string> {
  /** Ids the moderator has seen: the unseen count is the items not in it. */
  seen: string[];
  /** Ids with a call in flight (their buttons wait). */
  busy: string[];
  /** The last failed command; cleared by the next command. */
  failure: ListFailure<C> | null;
}

export interface RemoteListActions<C extends string> {
  /** Marks ids seen; returns the ones that were not yet, which the server is told about. */
  markSeen(ids: readonly string[]): string[];
  clearFailure(): void;
  /** A command's call goes out: the last failure is cleared and the item waits. */
  callStarted(id: string | undefined): void;
  callEnded(id: string | undefined): void;
  /** The call failed (already rolled back): logged and kept for the inline error. */
  failed(command: C, id: string | undefined, detail: string): void;
  /** §4 does not allow the command: no call is made; logged and kept for the inline error. */
  refused(command: C, id: string | undefined, detail: string): void;
  /** Takes an item out of the list at once; the rollback puts it back in its place unless it came back meanwhile. */
  takeOut(id: string): Rollback;
}

export const initialRemoteList = <C extends string>(): RemoteListState<C> => ({ seen: [], busy: [], failure: null });

/** Items not in the seen list (the side navigation's counters). */
export const unseenCount = <T>(items: readonly T[], idOf: (item: T) => string, seen: readonly string[]): number => items.filter((item) => !seen.includes(idOf(item))).length;

/** Replaces the item with this id by `make(it)`, or adds `make(undefined)` when the list has none. */
export function upsert<T>(items: T[], idOf: (item: T) => string, id: string, make: (existing: T | undefined) => T): void {
  const i = items.findIndex((item) => idOf(item) === id);
  if (i >= 0) items[i] = make(items[i]);
  else items.push(make(undefined));
}

type ImmerSet<S> = (recipe: (draft: Draft<S>) => void) => void;

export interface RemoteListOptions<S, T> {
  /** The log's scope ('polls', 'qna'). */
  scope: string;
  set: ImmerSet<S>;
  get: () => S;
  /** The store's list (polls, questions). */
  items: (state: S) => T[];
  idOf: (item: T) => string;
}

export function remoteListActions<C extends string, T, S extends RemoteListState<C>>({ scope, set, get, items, idOf }: RemoteListOptions<S, T>): RemoteListActions<C> {
  // A draft of S is S without readonly: the same list to read and edit.
  const draftItems = (draft: Draft<S>) => items(draft as S);
  const record = (command: C, id: string | undefined, detail: string) => set((s) => void (s.failure = (id ? { command, id, detail } : { command, detail }) as Draft<ListFailure<C>>));
  return {
    markSeen: (ids) => {
      const fresh = ids.filter((id) => !get().seen.includes(id));
      if (fresh.length > 0) set((s) => void s.seen.push(...fresh));
      return fresh;
    },
    clearFailure: () => set((s) => void (s.failure = null)),
    callStarted: (id) =>
      set((s) => {
        s.failure = null;
        if (id) s.busy.push(id);
      }),
    callEnded: (id) => {
      if (id) set((s) => void (s.busy = s.busy.filter((x) => x !== id)));
    },
    failed: (command, id, detail) => {
      log.warn(scope, `${command} failed: ${detail}`);
      record(command, id, detail);
    },
    refused: (command, id, detail) => {
      log.warn(scope, `${command} refused: ${detail}`);
      record(command, id, detail);
    },
    takeOut: (id) => {
      const index = items(get()).findIndex((item) => idOf(item) === id);
      const before = items(get())[index];
      if (!before) return () => undefined;
      set((s) => void draftItems(s).splice(index, 1));
      return () =>
        set((s) => {
          const list = draftItems(s);
          if (!list.some((item) => idOf(item) === id)) list.splice(Math.min(index, list.length), 0, before);
        });
    },
  };
}
