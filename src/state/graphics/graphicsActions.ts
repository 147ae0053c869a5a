/**
 * The Graphics panel's edits of the channel document (§3 Template item, Brand settings, Media state;
 * §4 Lower third, Ticker, Logo, foreground exclusivity). Each is one `edit()`: one undo entry with its
 * label and the §3 updateReason the channel is saved with. Rules come from ./rules; text goes through
 * the shared text rule here too, so no caller can put more than the §5 limits on air.
 */
import type { Draft } from 'immer';
import { graphicRef, type ChannelDoc, type LogoItem, type LogoPosition, type MediaRef, type MediaSlot, type TemplateItem, type TemplateType } from '../../../compositor/model/channel';
import type { EditKind, LowerThirdTheme } from '../../../compositor/model/types';
import { createTemplate } from '../../../compositor/templates/schemas';
import { LOGO_DELETE_DELAY_MS, LOWER_THIRD_TEXT_MAX, NAME_MAX, TICKER_TEXT_MAX } from '../../lib/limits';
import { cleanText, isBlankText } from '../../lib/text';
import { channelHistory, currentDoc, edit } from '../channel/store';
import { forgetVerticalChoice, graphicTitle } from '../channel/stageActions';
import { isHexColor } from '../storage';
import { canEditGraphic, canMoveLogo, cornerOnSelect, REFUSALS } from './rules';

export type Outcome = { ok: true; id: string } | { ok: false; reason: string };
const refused = (reason: string): Outcome => ({ ok: false, reason });

let counter = 0;
/** A new item's id: unique in this channel even across producers (random part). */
export const graphicId = (prefix: string) => `${prefix}-${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const line = (text: string, max: number) => cleanText(text, { max }).text.trim();
const find = (id: string) => currentDoc().templates.find((t) => t.id === id);
const draftOf = (doc: Draft<ChannelDoc>, id: string) => doc.templates.find((t) => t.id === id);

/** Removes an item, and its vertical choice with it (issue 34): one edit, so undo brings back both. */
function removeItem(doc: Draft<ChannelDoc>, item: TemplateItem): void {
  doc.templates = doc.templates.filter((t) => t.id !== item.id);
  forgetVerticalChoice(doc, graphicRef(item));
}

/** Selects `id` as the only selected item of its kind, or unselects it when it is selected (§4). */
function toggleOnly(type: 'LOWERTHIRD' | 'TICKER', id: string): boolean {
  const item = find(id);
  if (!item || item.type !== type) return false;
  const selecting = !item.selected;
  return edit(`${selecting ? 'Show' : 'Hide'} ${type === 'TICKER' ? 'ticker' : 'lower third'}: ${graphicTitle(item)}`, { group: type, action: selecting ? 'SELECT' : 'UNSELECT', id }, (doc) => {
    for (const t of doc.templates) {
      if (t.type !== type) continue;
      t.selected = selecting && t.id === id;
      if (type === 'TICKER' && t.id === id && selecting) t.isNew = false; // §4 selecting clears its new flag
    }
  });
}

/** Deletes a lower third or ticker unless it is on stage (§4 the selected one cannot be deleted). */
function removeUnselected(type: TemplateType, id: string, label: string): Outcome {
  const item = find(id);
  if (!item || item.type !== type) return refused('It is already gone.');
  if (!canEditGraphic(item)) return refused(REFUSALS.selectedCannotChange);
  edit(`Delete ${label}: ${graphicTitle(item)}`, { group: type as EditKind, action: 'REMOVE', id }, (doc) => removeItem(doc, item));
  return { ok: true, id };
}

export interface LowerThirdDraft {
  /** Absent for a new one. */
  id?: string;
  primaryText: string;
  secondaryText: string;
}

export interface TickerDraft {
  id?: string;
  primaryText: string;
  primaryColor: string;
}

export const lowerThirdActions = {
  /** §4 create or save the edited clone; the one on stage cannot be edited. */
  save(draft: LowerThirdDraft): Outcome {
    const primaryText = line(draft.primaryText, LOWER_THIRD_TEXT_MAX);
    const secondaryText = line(draft.secondaryText, LOWER_THIRD_TEXT_MAX);
    if (isBlankText(primaryText)) return refused(REFUSALS.emptyText);
    const existing = draft.id ? find(draft.id) : undefined;
    if (existing) {
      if (!canEditGraphic(existing)) return refused(REFUSALS.selectedCannotChange);
      edit(`Edit lower third: ${primaryText}`, { group: 'LOWERTHIRD', action: 'PRIMARYTEXT', id: existing.id, value: primaryText }, (doc) => {
        const t = draftOf(doc, existing.id);
        if (!t) return;
        t.primaryText = primaryText;
        t.secondaryText = secondaryText;
      });
      return { ok: true, id: existing.id };
    }
    const id = graphicId('lower-third');
    edit(`Add lower third: ${primaryText}`, { group: 'LOWERTHIRD', action: 'ADD', id }, (doc) => {
      doc.templates.push(createTemplate('LOWERTHIRD', { id, primaryText, secondaryText, isNew: true }));
    });
    return { ok: true, id };
  },
  toggle: (id: string) => toggleOnly('LOWERTHIRD', id),
  remove: (id: string) => removeUnselected('LOWERTHIRD', id, 'lower third'),
};

export const tickerActions = {
  /** §4 a new ticker is saved as new and unselected; the one on stage cannot be edited. */
  save(draft: TickerDraft): Outcome {
    const primaryText = line(draft.primaryText, TICKER_TEXT_MAX);
    if (isBlankText(primaryText)) return refused(REFUSALS.emptyText);
    const primaryColor = isHexColor(draft.primaryColor) ? draft.primaryColor : currentDoc().brandSettings.primaryColor;
    const existing = draft.id ? find(draft.id) : undefined;
    if (existing) {
      if (!canEditGraphic(existing)) return refused(REFUSALS.selectedCannotChange);
      edit(`Edit ticker: ${primaryText.slice(0, 40)}`, { group: 'TICKER', action: 'PRIMARYTEXT', id: existing.id, value: primaryText }, (doc) => {
        const t = draftOf(doc, existing.id);
        if (!t) return;
        t.primaryText = primaryText;
        t.primaryColor = primaryColor;
      });
      return { ok: true, id: existing.id };
    }
    const id = graphicId('ticker');
    edit(`Add ticker: ${primaryText.slice(0, 40)}`, { group: 'TICKER', action: 'ADD', id }, (doc) => {
      doc.templates.push(createTemplate('TICKER', { id, primaryText, primaryColor, isNew: true, selected: false }));
    });
    return { ok: true, id };
  },
  toggle: (id: string) => toggleOnly('TICKER', id),
  /** The caller plays the §4 trash sound when this succeeds. */
  remove: (id: string) => removeUnselected('TICKER', id, 'ticker'),
};

/** The logos the last 'Logos on/off' hid, to bring back (session state). */
let hiddenLogos: string[] = [];

const logo = (id: string): LogoItem | undefined => {
  const t = find(id);
  return t?.type === 'LOGO' ? t : undefined;
};

export const logoActions = {
  add(input: { name: string; source: string; origin: string }): string {
    const id = graphicId('logo');
    const name = line(input.name, NAME_MAX) || 'Logo';
    edit(`Add logo: ${name}`, { group: 'LOGO', action: 'ADD', id }, (doc) => {
      doc.templates.push(createTemplate('LOGO', { id, name, source: input.source, origin: input.origin, isNew: true }));
    });
    return id;
  },
  /** §4 select (moving to the first free corner when its own is taken) or unselect. */
  toggle(id: string): Outcome {
    const item = logo(id);
    if (!item) return refused('It is already gone.');
    if (item.selected) {
      edit(`Hide logo: ${item.name}`, { group: 'LOGO', action: 'UNSELECT', id }, (doc) => {
        const t = draftOf(doc, id);
        if (t) t.selected = false;
      });
      return { ok: true, id };
    }
    const corner = cornerOnSelect(currentDoc().templates, id);
    if (!corner) return refused(REFUSALS.allCornersTaken);
    edit(`Show logo: ${item.name}`, { group: 'LOGO', action: 'SELECT', id, value: corner }, (doc) => {
      const t = draftOf(doc, id);
      if (t?.type !== 'LOGO') return;
      t.selected = true;
      t.isNew = false;
      t.corner = corner;
    });
    return { ok: true, id };
  },
  /** §4 only to a corner no other selected logo uses. */
  move(id: string, corner: LogoPosition): Outcome {
    const item = logo(id);
    if (!item) return refused('It is already gone.');
    if (!canMoveLogo(currentDoc().templates, id, corner)) return refused(REFUSALS.cornerTaken);
    edit(`Move logo: ${item.name}`, { group: 'LOGO', action: 'CHANGE_POSITION', id, value: corner }, (doc) => {
      const t = draftOf(doc, id);
      if (t?.type === 'LOGO') t.corner = corner;
    });
    return { ok: true, id };
  },
  rename(id: string, name: string): boolean {
    const clean = line(name, NAME_MAX);
    if (!clean) return false;
    return edit(`Rename logo: ${clean}`, { group: 'LOGO', action: 'RENAME', id, value: clean }, (doc) => {
      const t = draftOf(doc, id);
      if (t) t.name = clean;
    });
  },
  /**
   * Logos on/off in one edit (a shortcut): hides every logo on stage, or brings back the ones hidden
   * that way (the first logo when there are none), each to a free corner.
   */
  toggleAll(): boolean {
    const logos = currentDoc().templates.filter((t): t is LogoItem => t.type === 'LOGO');
    const shown = logos.filter((l) => l.selected).map((l) => l.id);
    if (shown.length) {
      hiddenLogos = shown;
      return edit('Hide logos', { group: 'LOGO', action: 'UNSELECT', value: 'all' }, (doc) => doc.templates.forEach((t) => t.type === 'LOGO' && (t.selected = false)));
    }
    const ids = hiddenLogos.filter((id) => logos.some((l) => l.id === id));
    const restore = ids.length ? ids : logos.slice(0, 1).map((l) => l.id);
    return edit('Show logos', { group: 'LOGO', action: 'SELECT', value: 'all' }, (doc) => {
      for (const id of restore) {
        const corner = cornerOnSelect(doc.templates as TemplateItem[], id);
        const t = draftOf(doc, id);
        if (corner && t?.type === 'LOGO') Object.assign(t, { selected: true, corner, isNew: false });
      }
    });
  },
  /**
   * §4 delete: unselect first, then remove after 100 ms. Both steps are one undo entry (a gesture),
   * so undo brings the logo back where it was.
   */
  remove(id: string, schedule: (run: () => void, ms: number) => void = (run, ms) => void setTimeout(run, ms)): void {
    const item = logo(id);
    if (!item) return;
    const reason = { group: 'LOGO', action: 'REMOVE', id } as const;
    channelHistory.beginGesture(`Delete logo: ${item.name}`, reason);
    edit(`Delete logo: ${item.name}`, { ...reason, action: 'UNSELECT' }, (doc) => {
      const t = draftOf(doc, id);
      if (t) t.selected = false;
    });
    schedule(() => {
      edit(`Delete logo: ${item.name}`, reason, (doc) => removeItem(doc, item));
      channelHistory.commitGesture();
    }, LOGO_DELETE_DELAY_MS);
  },
};

const BRAND = 'BRANDSETTING' as const;

export const brandActions = {
  setPrimaryColor(color: string): boolean {
    if (!isHexColor(color)) return false;
    return edit(`Primary colour: ${color}`, { group: BRAND, action: 'COLOR', value: color }, (doc) => void (doc.brandSettings.primaryColor = color));
  },
  /** A drag in the colour picker: every colour until the pointer lifts is one undo entry. */
  beginColorDrag: () => channelHistory.beginGesture('Primary colour', { group: BRAND, action: 'COLOR' }),
  endColorDrag: () => channelHistory.commitGesture(),
  setTheme(theme: LowerThirdTheme): boolean {
    return edit(`Theme: ${theme.slice(-1)}`, { group: BRAND, action: 'THEME', value: theme }, (doc) => void (doc.brandSettings.selectedTheme = theme));
  },
  toggleNametags(): boolean {
    const on = !currentDoc().brandSettings.nametagsActive;
    return edit(`Name Tags ${on ? 'on' : 'off'}`, { group: BRAND, action: 'NAMETAGS', value: on }, (doc) => void (doc.brandSettings.nametagsActive = on));
  },
};

const MEDIA_KIND: Record<MediaSlot, EditKind> = { background: 'BACKGROUND', foregroundImage: 'IMAGE', foregroundVideo: 'VIDEO' };
const MEDIA_LABEL: Record<MediaSlot, string> = { background: 'Background', foregroundImage: 'Image', foregroundVideo: 'Video' };

export const mediaActions = {
  /**
   * Shows `ref` in its slot, or clears the slot (null). §4 a foreground image and a foreground video
   * are mutually exclusive: selecting one clears the other in the same edit.
   */
  select(slot: MediaSlot, ref: MediaRef | null): boolean {
    const current = currentDoc().media[slot];
    return edit(
      ref ? `${MEDIA_LABEL[slot]}: ${ref.name}` : `Remove ${MEDIA_LABEL[slot].toLowerCase()}${current ? `: ${current.name}` : ''}`,
      { group: slot === 'background' && ref ? (ref.type === 'video' ? 'BACKGROUND_VIDEO' : 'BACKGROUND_IMAGE') : MEDIA_KIND[slot], action: ref ? 'SELECT' : 'UNSELECT', id: ref?.id ?? current?.id ?? null },
      (doc) => {
        doc.media[slot] = ref;
        if (ref && slot === 'foregroundImage') doc.media.foregroundVideo = null;
        if (ref && slot === 'foregroundVideo') doc.media.foregroundImage = null;
      },
    );
  },
};
