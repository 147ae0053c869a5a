/**
 * The stage's edits of the channel document (§3 edit actions on producers and layout; §4 on air,
 * spotlight, reorder, swap, mute): each is one `edit()` with its label and §3 reason.
 */
import type { Draft } from 'immer';
import { goOffAir, goOnAir, reorderOnDrop, spotlight } from '../../../compositor/layout';
import { graphicRef, type ChannelDoc, type TemplateItem } from '../../../compositor/model/channel';
import type { LayoutCode, ProducerCard } from '../../../compositor/model/types';
import { canMute } from '../people/people';
import { log } from '../../log';
import { MENU_GUARD_MS, MUTE_GUARD_MS, ON_AIR_GUARD_MS } from '../../lib/limits';
import { guardAllows, guardKeys } from './guards';
import { LAYOUT_LABELS } from './layoutNames';
import { channelActions, channelHistory, currentDoc, edit, useChannelStore } from './store';

const setProducers = (producers: ProducerCard[]) => (doc: Draft<ChannelDoc>) => void (doc.producers = producers as Draft<ProducerCard>[]);
/** §5: a mute is skipped for a participant id of 6 characters or fewer (logged). */
function mutable(id: string): boolean {
  const guid = currentDoc().producers.find((p) => p.id === id)?.participantGuid;
  if (canMute(guid)) return true;
  log.warn('people', `mute skipped: participant id '${guid ?? ''}' is too short`);
  return false;
}
const cardName = (id: string) => currentDoc().producers.find((p) => p.id === id)?.name ?? id;

/** What each kind of graphic is called in a sentence, and the words that say which one it is. */
const GRAPHIC_NOUNS = { LOWERTHIRD: 'lower third', TICKER: 'ticker', LOGO: 'logo', NAMETAG: 'name tag', CHAT: 'chat message' } as const;
export const graphicTitle = (t: TemplateItem) => (t.type === 'LOGO' ? t.name : t.primaryText).slice(0, 40);

/** History labels that name what an edit did, as a sentence ('Undid: put Alex Morgan on air'). */
export const editLabels = {
  onAir: (name: string, live: boolean) => (live ? `Put ${name} on air` : `Take ${name} off air`),
  swap: (a: string, b: string) => `Swap ${a} and ${b}`,
  move: (name: string) => `Move ${name}`,
  layout: (layout: LayoutCode) => `Layout: ${LAYOUT_LABELS[layout]}`,
  verticalLayout: (layout: LayoutCode | null) => `Vertical layout: ${layout ? LAYOUT_LABELS[layout] : 'same as 16:9'}`,
  shownInVertical: (item: TemplateItem, shown: boolean) => `${shown ? 'Show' : 'Hide'} ${GRAPHIC_NOUNS[item.type]} in vertical${item.type === 'CHAT' ? '' : `: ${graphicTitle(item)}`}`,
};

/** A graphic back to the default, shown in vertical (an empty set of hides is no field at all, as before any). */
export function forgetVerticalChoice(doc: Draft<ChannelDoc>, ref: string): void {
  if (!doc.verticalHidden?.[ref]) return;
  delete doc.verticalHidden[ref];
  if (Object.keys(doc.verticalHidden).length === 0) delete doc.verticalHidden;
}

/** A card drag is one history entry (§3 REORDER). */
const DRAG = { group: 'PRODUCER', action: 'REORDER' } as const;

export const stageActions = {
  ...channelActions,
  /** §4 on air / off air, ignored within 800 ms of the card's last toggle (§5). */
  toggleLive(id: string, now = Date.now()): boolean {
    const card = currentDoc().producers.find((p) => p.id === id);
    if (!card || !guardAllows(guardKeys.live(id), ON_AIR_GUARD_MS, now)) return false;
    const next = card.isLive ? goOffAir : goOnAir;
    return edit(editLabels.onAir(card.name, !card.isLive), { group: 'PRODUCER', action: 'TOGGLE_LIVE', id, value: !card.isLive }, (doc) =>
      setProducers(next(doc.producers as ProducerCard[], id))(doc),
    );
  },
  toggleSpotlight(id: string): boolean {
    return edit(`Spotlight: ${cardName(id)}`, { group: 'PRODUCER', action: 'TOGGLE_SPOTTED', id }, (doc) => setProducers(spotlight(doc.producers as ProducerCard[], id))(doc));
  },
  setLayout(layout: LayoutCode): boolean {
    return edit(editLabels.layout(layout), { group: 'LAYOUT', action: 'SELECT', value: layout }, (doc) => void (doc.layout = layout));
  },
  /** The vertical program's own layout (issue 34), or null to follow the 16:9 one; the 16:9 program is untouched. */
  setVerticalLayout(layout: LayoutCode | null): boolean {
    return edit(editLabels.verticalLayout(layout), { group: 'LAYOUT', action: 'SELECT', value: layout ?? 'SAME' }, (doc) => {
      if (layout) doc.verticalLayout = layout;
      else delete doc.verticalLayout;
    });
  },
  /** Whether the vertical program shows a graphic (issue 34); the 16:9 program is untouched. */
  setShownInVertical(item: TemplateItem, shown: boolean): boolean {
    const ref = graphicRef(item);
    return edit(editLabels.shownInVertical(item, shown), { group: 'CHANNEL', action: shown ? 'SELECT' : 'UNSELECT', id: ref, value: 'vertical' }, (doc) => {
      if (shown) forgetVerticalChoice(doc, ref);
      else (doc.verticalHidden ??= {})[ref] = true;
    });
  },
  /** §4 drop reorder (steps of 10; the two lowest numbers swapped if out of order). */
  reorder(draggedId: string, targetIndex: number): boolean {
    return edit(editLabels.move(cardName(draggedId)), { group: 'PRODUCER', action: 'REORDER', id: draggedId, value: targetIndex }, (doc) =>
      setProducers(reorderOnDrop(doc.producers as ProducerCard[], draggedId, targetIndex).cards)(doc),
    );
  },
  /**
   * Dropping one producer on another swaps their layers (§2): numbers, ranks and slots, and their
   * places in the backstage row, so the row and the stage agree after the swap.
   */
  swapProducers(aId: string, bId: string): boolean {
    return edit(editLabels.swap(cardName(aId), cardName(bId)), { group: 'PRODUCER', action: 'SWAP', id: aId, value: bId }, (doc) => {
      const ia = doc.producers.findIndex((p) => p.id === aId);
      const ib = doc.producers.findIndex((p) => p.id === bId);
      const a = doc.producers[ia];
      const b = doc.producers[ib];
      if (!a || !b || a === b) return;
      for (const key of ['number', 'liveRank', 'isLive', 'isSpotted', 'orderRank'] as const) {
        const t = a[key];
        (a as Record<string, unknown>)[key] = b[key];
        (b as Record<string, unknown>)[key] = t;
      }
      doc.producers[ia] = b;
      doc.producers[ib] = a;
    });
  },
  /** Dropping a card on the preview (StreamYard's 'drag to stage'): on air if it is not; no guard, it is one deliberate gesture. */
  putOnAir(id: string): boolean {
    const card = currentDoc().producers.find((p) => p.id === id);
    if (!card || card.isLive) return false;
    return edit(editLabels.onAir(card.name, true), { group: 'PRODUCER', action: 'TOGGLE_LIVE', id, value: true }, (doc) =>
      setProducers(goOnAir(doc.producers as ProducerCard[], id))(doc),
    );
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
    if (!mutable(id) || !guardAllows(guardKeys.mute(id, kind), MUTE_GUARD_MS, now)) return false;
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
    const card = currentDoc().producers.find((p) => p.id === id);
    if (!card || card.type === 'MODERATOR') return false;
    return edit(`Remove: ${card.name}`, { group: 'PRODUCER', action: 'REMOVE', id }, (doc) => {
      doc.producers = doc.producers.filter((p) => p.id !== id);
    });
  },
  /** §4 only one menu open at a time; toggles inside 500 ms are ignored (§5). */
  toggleMenu(id: string, now = Date.now()): boolean {
    if (!guardAllows('menu', MENU_GUARD_MS, now)) return false;
    useChannelStore.setState((s) => ({ openMenuId: s.openMenuId === id ? null : id }));
    return true;
  },
  closeMenu(): void {
    useChannelStore.setState({ openMenuId: null });
  },
  /** Opens a card's name for editing (F2, the menu's Edit name); the card's rename field ends it. */
  startRename(id: string): void {
    useChannelStore.setState({ renamingId: id, openMenuId: null });
  },
  endRename(): void {
    useChannelStore.setState({ renamingId: null });
  },
  undo: channelHistory.undo,
  redo: channelHistory.redo,
  undoLabel: channelHistory.undoLabel,
  redoLabel: channelHistory.redoLabel,
  recorded: channelHistory.recorded,
  beginGesture: (label: string) => channelHistory.beginGesture(label, DRAG),
  commitGesture: channelHistory.commitGesture,
  cancelGesture: () => channelHistory.cancelGesture({ ...DRAG, value: 'cancel' }),
};
