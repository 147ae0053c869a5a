/**
 * Actions answer (issue 26): what an undo, a redo, a shortcut or a setting change did is shown in a
 * brief toast (one at a time: a newer answer replaces the older) and said in the polite live region.
 * The toast is an info message the screen reader skips (the live region already says it).
 */
import { realClock, type Clock } from '../lib/clock';
import { ACTION_TOAST_MS, SLIDER_ANSWER_SETTLE_MS } from '../lib/limits';
import { useAlertsStore } from './alertsStore';
import { announce } from './announcer';
import { channelHistory } from './channel/store';

let nextId = -1;
let hideTimer: unknown = null;

export function tellDone(text: string, clock: Clock = realClock): void {
  const id = nextId--;
  clock.clearTimeout(hideTimer);
  useAlertsStore.setState((s) => ({ infos: [...s.infos.filter((m) => !m.action), { id, text, action: true }] }));
  hideTimer = clock.setTimeout(() => useAlertsStore.setState((s) => ({ infos: s.infos.filter((m) => m.id !== id) })), ACTION_TOAST_MS);
  announce(text);
}

const settling = new Map<string, unknown>();

/**
 * tellDone for a control that moves in steps (a slider dragged or held on an arrow key): each call
 * replaces the last one for `key`, and only the final text is said, once the control has rested
 * SLIDER_ANSWER_SETTLE_MS.
 */
export function tellSettled(key: string, text: string, clock: Clock = realClock): void {
  clock.clearTimeout(settling.get(key));
  settling.set(
    key,
    clock.setTimeout(() => {
      settling.delete(key);
      tellDone(text, clock);
    }, SLIDER_ANSWER_SETTLE_MS),
  );
}

/** 'Put Alex Morgan on air' → 'put Alex Morgan on air' (inside a sentence); names and codes keep their case. */
export const inSentence = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

export const undidText = (label: string) => `Undid: ${inSentence(label)}`;
export const redidText = (label: string) => `Redid: ${inSentence(label)}`;

/** Runs what a shortcut asked for; if that made a history entry, says what it did (undo and redo say it themselves). */
export function performAndTell(perform: () => void, clock: Clock = realClock): void {
  const before = channelHistory.recorded().count;
  perform();
  const after = channelHistory.recorded();
  if (after.count !== before && after.label) tellDone(after.label, clock);
}
