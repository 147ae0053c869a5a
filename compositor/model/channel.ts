/**
 * The channel document: everything one producer can change on air, as plain data (§3 Channel,
 * Template item, Brand settings, Media item). The state layer keeps it undoable and saves it as the
 * §7 channel body; the compositor draws it through the scene. Imports only model types.
 */
import type { ChannelTake } from './transition';
import { DEFAULT_LAYOUT, DEFAULT_PRIMARY_COLOR } from './constants';
import type { BrandSettings, LayoutCode, ProducerCard } from './types';

/** §3 Template item types. */
export const TEMPLATE_TYPES = ['LOWERTHIRD', 'TICKER', 'LOGO', 'NAMETAG', 'CHAT'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** §3 Template item theme ('1', '2', '3'). */
export const TEMPLATE_THEMES = ['1', '2', '3'] as const;
export type TemplateTheme = (typeof TEMPLATE_THEMES)[number];

/** §3 Logo positions of the media model; the logo panel offers the four corners. */
export const LOGO_POSITIONS = ['TOPLEFT', 'TOP', 'TOPRIGHT', 'RIGHT', 'BOTTOMRIGHT', 'BOTTOM', 'BOTTOMLEFT', 'LEFT'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

/** Every §3 Template item field; each kind below narrows `type` and adds its own. */
export interface TemplateItemFields {
  id: string;
  theme: TemplateTheme;
  number: number;
  isVisible: boolean;
  isNew: boolean;
  isAdding: boolean;
  selected: boolean;
  /** Fractions of the frame; null = the kind's own placement (§9 template geometry). */
  position: { x: number; y: number } | null;
  primaryText: string;
  secondaryText: string;
  name: string;
  /** Image URL (a logo's picture). */
  source: string;
  template: string;
  primaryColor: string;
  fgColor: string;
  bgColor: string;
  borderColor: string;
  fontFamily: string;
  fontWeight: string;
  badgeColor: string;
  initials: string;
  /** predefined, user_asset, meeting_asset (§3 Asset origins), or '' when made here. */
  origin: string;
}

export interface LowerThirdItem extends TemplateItemFields {
  type: 'LOWERTHIRD';
}
export interface TickerItem extends TemplateItemFields {
  type: 'TICKER';
}
export interface LogoItem extends TemplateItemFields {
  type: 'LOGO';
  corner: LogoPosition;
}
export interface NametagItem extends TemplateItemFields {
  type: 'NAMETAG';
  animate: boolean;
}
/** The public chat message on stream: primaryText is the message, secondaryText the sender. */
export interface ChatItem extends TemplateItemFields {
  type: 'CHAT';
}

export type TemplateItem = LowerThirdItem | TickerItem | LogoItem | NametagItem | ChatItem;
export type TemplateItemOf<T extends TemplateType> = Extract<TemplateItem, { type: T }>;

/** §3 Media item as the channel carries it: what is drawn, not the library entry. */
export interface MediaRef {
  id: string;
  type: 'image' | 'video';
  url: string;
  name: string;
}

/**
 * §3 Media state: background, foreground image, foreground video (mutually exclusive, §4). A content
 * share is not here: it is a producer card of type CONTENT_SHARING that goes on air like any other.
 */
export interface ChannelMedia {
  background: MediaRef | null;
  foregroundImage: MediaRef | null;
  foregroundVideo: MediaRef | null;
}
export const MEDIA_SLOTS = ['background', 'foregroundImage', 'foregroundVideo'] as const satisfies readonly (keyof ChannelMedia)[];
export type MediaSlot = (typeof MEDIA_SLOTS)[number];

export interface ChannelDoc {
  producers: ProducerCard[];
  layout: LayoutCode;
  brandSettings: BrandSettings;
  media: ChannelMedia;
  /**
   * Lower thirds, tickers and logos the moderator made or chose, in list order (drawn by their kind's
   * z-order, §9). Every change here is an undoable edit; what only mirrors other state lives outside
   * it (below), so a mirrored change never shifts the items an undo entry points at.
   */
  templates: TemplateItem[];
  /** The public chat message on stream, mirrored from the chat store (saved, never undone). */
  chatOnStream: ChatItem | null;
  /**
   * The last take of a scene (issue 25, run of show): its transition and the live scene. Not part of
   * the §7 body: the keyed channel carries it in the same update as the look it took, so every page
   * that draws the program sees the new look and how to go to it at once.
   */
  take?: ChannelTake;
  /**
   * The vertical (9:16) program's own layout (issue 34): absent, it follows `layout`. Not part of the
   * §7 body (which draws 16:9): the keyed channel carries it as `layout:9:16`, synced, merged and undone
   * like every key.
   */
  verticalLayout?: LayoutCode;
  /**
   * The graphics the vertical program leaves out (issue 34), by graphicRef: absent, a graphic shows in
   * both shapes. One `hide:9:16:<ref>` key each, so two producers hiding different graphics both keep theirs.
   */
  verticalHidden?: Record<string, true>;
}

/**
 * A graphic's name in the per-shape choices (issue 34): its own channel key, `tpl:<id>`, or `chat` for
 * the chat message on stream (one choice for whichever message is on stream: its id changes with each).
 */
export const graphicRef = (item: Pick<TemplateItem, 'type' | 'id'>): string => (item.type === 'CHAT' ? 'chat' : `tpl:${item.id}`);
/** Whether the vertical program shows `item`. */
export const shownInVertical = (doc: Pick<ChannelDoc, 'verticalHidden'>, item: Pick<TemplateItem, 'type' | 'id'>): boolean => doc.verticalHidden?.[graphicRef(item)] !== true;

export const emptyMedia = (): ChannelMedia => ({ background: null, foregroundImage: null, foregroundVideo: null });

/** A channel with nothing on it yet (§3 defaults: layout classic, brand settings). */
export const emptyChannel = (): ChannelDoc => ({
  producers: [],
  layout: DEFAULT_LAYOUT,
  brandSettings: { nametagsActive: true, primaryColor: DEFAULT_PRIMARY_COLOR, selectedTheme: 'lower_third1' },
  media: emptyMedia(),
  templates: [],
  chatOnStream: null,
});

/**
 * Keys under which the host resolves media to a video, image or canvas: producers by card id, the
 * rest by slot and id, so a producer named like an asset can never show the asset.
 */
export const mediaKey = {
  producer: (id: string) => id,
  media: (slot: MediaSlot, id: string) => `${slot}:${id}`,
  logo: (id: string) => `logo:${id}`,
};
