/**
 * The channel document's store (§3 Channel): producers, layout, brand settings, media and template
 * items. Every local edit goes through `edit()`: Immer patches feed the labelled undo history, and
 * the change is announced with its §3 updateReason so the channel saver sends it. Loads and remote
 * updates apply without either (§4: saves only for local changes).
 */
import { create } from 'zustand';
import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';
import { emptyChannel, type ChannelDoc } from '../../../compositor/model/channel';
import type { UpdateReason } from '../../../compositor/model/types';
import { resetGuards } from './guards';
import { createHistory, type HistoryEntry } from './history';
import { reasonOf, type ReasonInput } from './reason';
import { cleanRemoteText } from './remoteText';
import { overlaps, shareUnchanged } from './share';

enablePatches();

export interface ChannelState {
  doc: ChannelDoc;
  /** Session state: which card's menu is open (§4 only one at a time). */
  openMenuId: string | null;
  /** Session state: the card whose name is being edited (F2 or the menu's Edit name). */
  renamingId: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

export interface LocalChange {
  /** The document before the edit and after it. */
  before: ChannelDoc;
  doc: ChannelDoc;
  /** The paths the edit's Immer patches changed (the sync sends only the keys read from them). */
  paths: readonly Patch['path'][];
  reason: UpdateReason;
}

export const useChannelStore = create<ChannelState>()(() => ({ doc: emptyChannel(), openMenuId: null, renamingId: null, canUndo: false, canRedo: false }));

const history = createHistory();
const localListeners = new Set<(change: LocalChange) => void>();

/** Subscribes to local edits (the channel saver); returns the unsubscribe. */
export function onLocalChange(listener: (change: LocalChange) => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

const syncHistoryFlags = () => useChannelStore.setState({ canUndo: history.canUndo(), canRedo: history.canRedo() });

function announce(before: ChannelDoc, doc: ChannelDoc, patches: readonly Patch[], reason: ReasonInput): void {
  const change = { before, doc, paths: patches.map((p) => p.path), reason: reasonOf(reason) };
  localListeners.forEach((l) => l(change));
}

export const currentDoc = () => useChannelStore.getState().doc;

/**
 * Applies a local edit; no-op edits leave no history entry and send nothing. `record: false` for
 * edits that mirror another store (the chat message on stream): saved, not undoable.
 */
export function edit(label: string, reason: ReasonInput, recipe: (doc: Draft<ChannelDoc>) => void | ChannelDoc, opts: { record?: boolean } = {}): boolean {
  const before = currentDoc();
  const [next, patches, inverse] = produceWithPatches(before, recipe);
  if (patches.length === 0) return false;
  useChannelStore.setState({ doc: next });
  if (opts.record !== false) history.record({ label, reason, patches, inverse });
  syncHistoryFlags();
  announce(before, next, patches, reason);
  return true;
}

function replay(entry: HistoryEntry | null, which: 'patches' | 'inverse'): boolean {
  if (!entry) return false;
  const before = currentDoc();
  const doc = applyPatches(before, entry[which]);
  useChannelStore.setState({ doc });
  syncHistoryFlags();
  announce(before, doc, entry[which], entry.reason); // saved with the reason of what was undone or redone
  return true;
}

export const channelHistory = {
  undo: () => replay(history.takeUndo(), 'inverse'),
  redo: () => replay(history.takeRedo(), 'patches'),
  undoLabel: () => history.undoLabel(),
  redoLabel: () => history.redoLabel(),
  /** A drag: every edit until commit or cancel is one entry. */
  beginGesture: (label: string, reason: ReasonInput) => history.begin(label, reason),
  recorded: () => history.recorded(),
  commitGesture: (label?: string) => {
    history.commit(label);
    syncHistoryFlags();
  },
  /** A cancelled drag puts everything back, and the restored state is what gets saved. */
  cancelGesture: (reason: ReasonInput) => {
    const inverse = history.cancel();
    syncHistoryFlags();
    if (!inverse.length) return;
    const before = currentDoc();
    const doc = applyPatches(before, inverse);
    useChannelStore.setState({ doc });
    announce(before, doc, inverse, reason);
  },
};

export const channelActions = {
  /** A fresh channel (join): replaces the document, clears history and guards, saves nothing. */
  load(doc: ChannelDoc): void {
    history.clear();
    resetGuards();
    useChannelStore.setState({ doc, openMenuId: null, renamingId: null, canUndo: false, canRedo: false });
  },
  /**
   * §4 Channel updates from others: the channel as the room has it now (our own edits already in
   * it, so our echo changes nothing), applied only when something changed. Parts equal by value
   * keep their objects; history entries that touch what changed are dropped (never undo somebody
   * else's edit). Its text goes through the text rule. Never saved.
   */
  applyRemote(next: ChannelDoc): boolean {
    const current = currentDoc();
    const { doc, changed } = shareUnchanged(current, cleanRemoteText(next));
    if (doc === current) return false;
    useChannelStore.setState({ doc });
    const touches = (patches: { path: (string | number)[] }[]) => patches.some((p) => changed.some((c) => overlaps(p.path, c)));
    history.rebase((entry) => touches(entry.patches) || touches(entry.inverse));
    syncHistoryFlags();
    return true;
  },
};
