/**
 * The stage: the channel model's producers, layout and background (§3 Channel, Producer card).
 * Every edit goes through `edit()`: Immer patches feed undo/redo, and local edits are announced
 * with their §3 updateReason so the channel saver sends them. Remote updates apply without either.
 */
import { create } from 'zustand';
import { applyPatches, enablePatches, produceWithPatches, type Draft } from 'immer';
import { goOffAir, goOnAir, reorderOnDrop, spotlight } from '../../compositor/layout';
import { DEFAULT_LAYOUT, DEFAULT_PRIMARY_COLOR } from '../../compositor/model/constants';
import type { BrandSettings, EditAction, EditKind, LayoutCode, ProducerCard, UpdateReason } from '../../compositor/model/types';
import { createHistory } from './history';
import { canMute } from './people/people';
import { log } from '../log';
import { MENU_GUARD_MS, MUTE_GUARD_MS, ON_AIR_GUARD_MS } from '../lib/limits';

enablePatches();

/** The public chat message shown on stream (§3 Template item type CHAT; one at a time, §4). */
export interface ChatOverlay {
  id: string;
  name: string;
  text: string;
}

export interface StageDoc {
  producers: ProducerCard[];
  layout: LayoutCode;
  backgroundId: string | null;
  brandSettings: BrandSettings;
  chatOverlay: ChatOverlay | null;
}

export interface StageState {
  doc: StageDoc;
  /** Session state: which card's menu is open (§4 only one at a time). */
  openMenuId: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

export type ReasonInput = { group: EditKind; action: EditAction; id?: string | number | null; value?: string | number | boolean | null };

/** This client's origin id (§4: updates carrying it are our own echoes). */
export const LOCAL_ORIGIN = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `local-${Date.now()}`;

export const emptyDoc = (): StageDoc => ({
  producers: [],
  layout: DEFAULT_LAYOUT,
  backgroundId: null,
  brandSettings: { nametagsActive: true, primaryColor: DEFAULT_PRIMARY_COLOR, selectedTheme: 'lower_third1' },
  chatOverlay: null,
});

const history = createHistory();
type LocalChange = { doc: StageDoc; reason: UpdateReason };
const localListeners = new Set<(change: LocalChange) => void>();

/** Subscribes to local edits (the channel saver); returns the unsubscribe. */
export function onLocalChange(listener: (change: LocalChange) => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

const reasonOf = (r: ReasonInput): UpdateReason => ({ group: r.group, action: r.action, id: r.id ?? null, value: r.value ?? null, fromUuid: LOCAL_ORIGIN });

/** Guard clocks of §5 (on-air 800 ms, menu 500 ms, mute 400 ms), per card and kind. */
const lastToggle = new Map<string, number>();
export function guardAllows(key: string, guardMs: number, now: number): boolean {
  const last = lastToggle.get(key);
  if (last !== undefined && now - last < guardMs) return false;
  lastToggle.set(key, now);
  return true;
}

export const useStageStore = create<StageState>()(() => ({ doc: emptyDoc(), openMenuId: null, canUndo: false, canRedo: false }));

const syncHistoryFlags = () => useStageStore.setState({ canUndo: history.canUndo(), canRedo: history.canRedo() });

/** Applies a local edit; no-op edits leave no history entry and send nothing. */
export function edit(label: string, reason: ReasonInput, recipe: (doc: Draft<StageDoc>) => void | StageDoc, opts: { record?: boolean } = {}): boolean {
  const [next, patches, inverse] = produceWithPatches(useStageStore.getState().doc, recipe);
  if (patches.length === 0) return false;
  useStageStore.setState({ doc: next });
  // Edits that mirror another store (the chat message on stream) are saved but not undoable.
  if (opts.record !== false) history.record({ label, patches, inverse });
  syncHistoryFlags();
  const change = { doc: next, reason: reasonOf(reason) };
  localListeners.forEach((l) => l(change));
  return true;
}

function applyHistory(patchesOf: 'patches' | 'inverse', take: () => ReturnType<typeof history.takeUndo>): boolean {
  const entry = take();
  if (!entry) return false;
  const doc = applyPatches(useStageStore.getState().doc, entry[patchesOf]);
  useStageStore.setState({ doc });
  syncHistoryFlags();
  const change = { doc, reason: reasonOf({ group: 'CHANNEL', action: 'PEOPLE_UPDATE', value: `${patchesOf === 'inverse' ? 'undo' : 'redo'}: ${entry.label}` }) };
  localListeners.forEach((l) => l(change));
  return true;
}

const setProducers = (producers: ProducerCard[]) => (doc: Draft<StageDoc>) => void (doc.producers = producers as Draft<ProducerCard>[]);
/** §5: a mute is skipped for a participant id of 6 characters or fewer (logged). */
function mutable(id: string): boolean {
  const guid = useStageStore.getState().doc.producers.find((p) => p.id === id)?.participantGuid;
  if (canMute(guid)) return true;
  log.warn('people', `mute skipped: participant id '${guid ?? ''}' is too short`);
  return false;
}
const cardName = (id: string) => useStageStore.getState().doc.producers.find((p) => p.id === id)?.name ?? id;

export const stageActions = {
  /** A fresh channel (join): replaces the doc, clears history, saves nothing. */
  load(doc: StageDoc): void {
    history.clear();
    lastToggle.clear();
    useStageStore.setState({ doc, openMenuId: null, canUndo: false, canRedo: false });
  },
  /** §4 Channel updates from others: applied only if from another origin and something changed. */
  applyRemote(doc: StageDoc, fromUuid: string): boolean {
    if (fromUuid === LOCAL_ORIGIN) return false;
    if (JSON.stringify(doc) === JSON.stringify(useStageStore.getState().doc)) return false;
    useStageStore.setState({ doc });
    return true;
  },
  /** §4 on air / off air, ignored within 800 ms of the card's last toggle (§5). */
  toggleLive(id: string, now = Date.now()): boolean {
    const card = useStageStore.getState().doc.producers.find((p) => p.id === id);
    if (!card || !guardAllows(`live:${id}`, ON_AIR_GUARD_MS, now)) return false;
    const next = card.isLive ? goOffAir : goOnAir;
    return edit(`${card.isLive ? 'Take off air' : 'Put on air'}: ${card.name}`, { group: 'PRODUCER', action: 'TOGGLE_LIVE', id, value: !card.isLive }, (doc) =>
      setProducers(next(doc.producers as ProducerCard[], id))(doc),
    );
  },
  toggleSpotlight(id: string): boolean {
    return edit(`Spotlight: ${cardName(id)}`, { group: 'PRODUCER', action: 'TOGGLE_SPOTTED', id }, (doc) => setProducers(spotlight(doc.producers as ProducerCard[], id))(doc));
  },
  setLayout(layout: LayoutCode): boolean {
    return edit(`Layout: ${layout}`, { group: 'LAYOUT', action: 'SELECT', value: layout }, (doc) => void (doc.layout = layout));
  },
  /** §4 drop reorder (steps of 10; the two lowest numbers swapped if out of order). */
  reorder(draggedId: string, targetIndex: number): boolean {
    return edit(`Reorder: ${cardName(draggedId)}`, { group: 'PRODUCER', action: 'REORDER', id: draggedId, value: targetIndex }, (doc) =>
      setProducers(reorderOnDrop(doc.producers as ProducerCard[], draggedId, targetIndex).cards)(doc),
    );
  },
  /** Dropping one producer on another swaps their layers (§2): numbers, ranks and slots. */
  swapProducers(aId: string, bId: string): boolean {
    return edit(`Swap: ${cardName(aId)} ↔ ${cardName(bId)}`, { group: 'PRODUCER', action: 'SWAP', id: aId, value: bId }, (doc) => {
      const a = doc.producers.find((p) => p.id === aId);
      const b = doc.producers.find((p) => p.id === bId);
      if (!a || !b || a === b) return;
      for (const key of ['number', 'liveRank', 'isLive', 'isSpotted'] as const) {
        const t = a[key];
        (a as Record<string, unknown>)[key] = b[key];
        (b as Record<string, unknown>)[key] = t;
      }
    });
  },
  rename(id: string, name: string): boolean {
    if (!name.trim()) return false;
    return edit(`Rename: ${name}`, { group: 'PRODUCER', action: 'RENAME', id, value: name }, (doc) => {
      const card = doc.producers.find((p) => p.id === id);
      if (card) card.name = name;
    });
  },
  /** Camera or mic of a card, guarded 400 ms (§5); a hard-muted card stays muted (§4). */
  toggleMute(id: string, kind: 'audio' | 'video', now = Date.now()): boolean {
    if (!mutable(id) || !guardAllows(`mute:${kind}:${id}`, MUTE_GUARD_MS, now)) return false;
    return edit(`${kind === 'audio' ? 'Microphone' : 'Camera'}: ${cardName(id)}`, { group: 'PRODUCER', action: 'TOGGLE_MUTED', id, value: kind }, (doc) => {
      const card = doc.producers.find((p) => p.id === id);
      if (!card) return;
      if (kind === 'audio') card.audioMute = card.audioHardMute ? true : !card.audioMute;
      else card.videoMute = card.videoHardMute ? true : !card.videoMute;
    });
  },
  /** Disable/enable (hard mute): a hard-muted participant is forced muted (§4). */
  toggleHardMute(id: string, kind: 'audio' | 'video'): boolean {
    if (!mutable(id)) return false;
    return edit(`${kind === 'audio' ? 'Disable mic' : 'Disable video'}: ${cardName(id)}`, { group: 'PRODUCER', action: 'TOGGLE_MUTED', id, value: `hard-${kind}` }, (doc) => {
      const card = doc.producers.find((p) => p.id === id);
      if (!card) return;
      if (kind === 'audio') {
        card.audioHardMute = !card.audioHardMute;
        if (card.audioHardMute) card.audioMute = true;
      } else {
        card.videoHardMute = !card.videoHardMute;
        if (card.videoHardMute) card.videoMute = true;
      }
    });
  },
  /** §4 Mute All / Unmute All of the presenters (one undo entry); self and unmutable ids are left. */
  muteAll(mute: boolean, exceptId: string): boolean {
    return edit(mute ? 'Mute all' : 'Unmute all', { group: 'PRODUCER', action: 'TOGGLE_MUTED', value: mute ? 'mute-all' : 'unmute-all' }, (doc) => {
      for (const card of doc.producers) {
        if (card.id === exceptId || !canMute(card.participantGuid) || card.type === 'CONTENT_SHARING') continue;
        card.audioMute = card.audioHardMute ? true : mute;
      }
    });
  },
  toggleNoiseCancellation(id: string): boolean {
    return edit(`Noise cancellation: ${cardName(id)}`, { group: 'PRODUCER', action: 'PEOPLE_UPDATE', id, value: 'voiceProcessing' }, (doc) => {
      const card = doc.producers.find((p) => p.id === id);
      if (card) card.voiceProcessing = !card.voiceProcessing;
    });
  },
  /** Removes a participant's card (§2 remove attendee or presenter; never self or a moderator). */
  remove(id: string): boolean {
    const card = useStageStore.getState().doc.producers.find((p) => p.id === id);
    if (!card || card.type === 'MODERATOR') return false;
    return edit(`Remove: ${card.name}`, { group: 'PRODUCER', action: 'REMOVE', id }, (doc) => {
      doc.producers = doc.producers.filter((p) => p.id !== id);
    });
  },
  /** The chat message on stream follows the chat store (§4 one at a time); saved, not undoable. */
  setChatOverlay(overlay: ChatOverlay | null): boolean {
    return edit('Chat on stream', { group: 'CHANNEL', action: overlay ? 'SELECT' : 'UNSELECT', id: overlay?.id ?? null }, (doc) => void (doc.chatOverlay = overlay), { record: false });
  },
  /** §4 only one menu open at a time; toggles inside 500 ms are ignored (§5). */
  toggleMenu(id: string, now = Date.now()): boolean {
    if (!guardAllows('menu', MENU_GUARD_MS, now)) return false;
    useStageStore.setState((s) => ({ openMenuId: s.openMenuId === id ? null : id }));
    return true;
  },
  closeMenu(): void {
    useStageStore.setState({ openMenuId: null });
  },
  undo: () => applyHistory('inverse', () => history.takeUndo()),
  redo: () => applyHistory('patches', () => history.takeRedo()),
  beginGesture: (label: string) => history.begin(label),
  commitGesture: () => {
    history.commit();
    syncHistoryFlags();
  },
  /** A cancelled drag puts everything back, and the restored state is what gets saved. */
  cancelGesture: () => {
    const inverse = history.cancel();
    syncHistoryFlags();
    if (!inverse.length) return;
    const doc = applyPatches(useStageStore.getState().doc, inverse);
    useStageStore.setState({ doc });
    const change = { doc, reason: reasonOf({ group: 'PRODUCER', action: 'REORDER', value: 'cancel' }) };
    localListeners.forEach((l) => l(change));
  },
  undoLabel: () => history.undoLabel(),
  redoLabel: () => history.redoLabel(),
};
