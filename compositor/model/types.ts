/**
 * Types of the channel model (§3 Channel, Layer, Producer card; §7 PUT /channel).
 * Plain JSON data only: these objects go to the channel API and through Immer unchanged.
 * Imports nothing.
 */

/** §2 Stage layouts, in layout-toolbar order. */
export const LAYOUT_CODES = ['CLASSIC', 'COVER', 'SPLIT', 'CINEMA', 'SIDEBYSIDE', 'PIP'] as const;
export type LayoutCode = (typeof LAYOUT_CODES)[number];

/** §3 Layer type (also the type of a producer card). */
export const LAYER_TYPES = ['PRODUCER', 'VIDEO', 'IMAGE', 'MODERATOR', 'LISTENER', 'CONTENT_SHARING'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** Fractions of the canvas (0..1); the canvas is 10000×10000 units standing for a 16:9 frame. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Fractions of the source cut away on each side (0 = no crop). */
export interface Crop {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** §3 Layer: sent for each live producer. */
export interface Layer {
  number: number;
  type: LayerType;
  sourceUrl: string;
  sourceId: string;
  sourceName: string;
  isHidden: boolean;
  isSpotted: boolean;
  orderRank: number;
  liveRank: number;
  /** Rounded to 4 decimals (POSITION_DECIMALS). */
  position: Rect;
  crop: Crop;
}

/** §3 Producer card. Fields the SPEC names but does not type are optional. */
export interface ProducerCard {
  id: string;
  name: string;
  /** Media URL; null or '' means none (such cards sort after those with one). */
  url: string | null;
  shmUrl?: string | null;
  /** Layer number: 0 while off air, 20000 for a live content share. */
  number: number;
  type: LayerType;
  isLive: boolean;
  /** 0 while off air. */
  liveRank: number;
  orderRank: number;
  isSpotted: boolean;
  audioMute: boolean;
  videoMute: boolean;
  audioHardMute: boolean;
  videoHardMute: boolean;
  /** Default 5 (DEFAULT_CALL_QUALITY). */
  callQuality: number;
  timezone: string;
  participantGuid: string;
  rosterGuid?: string;
  endpointGUID?: string;
  streamIndex: number;
  csrc?: number;
  speaking: boolean;
  /** Camera device label (SPEC does not say more). */
  camera?: string | null;
  blurRange?: number;
  isMenuOpened?: boolean;
  /** Noise cancellation (§2 participant menu; §7 voiceProcessing). */
  voiceProcessing?: boolean;
}

/**
 * §3 Layout-edit entity kinds. The SPEC names "image/video/background variants" without spelling
 * them; we use the §3 media type names.
 */
export const EDIT_KINDS = [
  'CHANNEL',
  'PRODUCER',
  'LAYOUT',
  'BRANDSETTING',
  'LOGO',
  'LOWERTHIRD',
  'TICKER',
  'NAMETAG',
  'IMAGE',
  'VIDEO',
  'BACKGROUND',
  'BACKGROUND_IMAGE',
  'BACKGROUND_VIDEO',
] as const;
export type EditKind = (typeof EDIT_KINDS)[number];

/** §3 Edit actions. */
export const EDIT_ACTIONS = [
  'SELECT',
  'UNSELECT',
  'ADD',
  'REMOVE',
  'RENAME',
  'THEME',
  'NAMETAGS',
  'COLOR',
  'PRIMARYTEXT',
  'SECONDARYTEXT',
  'REORDER',
  'CHANGE_POSITION',
  'SWAP',
  'TOGGLE_LIVE',
  'TOGGLE_SPOTTED',
  'TOGGLE_MUTED',
  'PEOPLE_UPDATE',
] as const;
export type EditAction = (typeof EDIT_ACTIONS)[number];

/** §3 Channel updateReason: who changed what; fromUuid lets a client ignore its own echoes (§4). */
export interface UpdateReason {
  group: EditKind;
  action: EditAction;
  id: string | number | null;
  value: string | number | boolean | null;
  fromUuid: string;
}

/** §3 Brand settings. */
export const LOWER_THIRD_THEMES = ['lower_third1', 'lower_third2', 'lower_third3'] as const;
export type LowerThirdTheme = (typeof LOWER_THIRD_THEMES)[number];
export interface BrandSettings {
  nametagsActive: boolean;
  primaryColor: string;
  selectedTheme: LowerThirdTheme;
  /**
   * §3 Settings (local) shiftVideosUp, mirrored here from the moderator's settings so every view of
   * the channel (the output page, the capture) draws the program the preview draws. Absent = true (§9 default).
   */
  shiftVideosUp?: boolean;
}

/** §4 Channel eventStatus (null counts as NEW). */
export type ChannelEventStatus = 'NEW' | 'LIVE' | 'TERMINATED';

/**
 * Swap payload: layer numbers taken in pairs (§7 "a swap takes two producer numbers"; §5 sent only
 * if the count is even and every number is a present layer).
 */
export type LayerSwap = number[];

/**
 * Body of PUT /channel/{uuid} (§7): eventStatus omitted. templateAttributes, producerOrder and
 * updateReason travel as JSON text, as GET /channel/{uuid} returns them.
 */
export interface ChannelBody {
  layers: Layer[];
  name: string;
  layout: LayoutCode;
  brandSettings: BrandSettings;
  templateUrl: string;
  /** JSON text with an attributes list. */
  templateAttributes: string;
  /** JSON text. */
  producerOrder: string;
  /** JSON text of UpdateReason. */
  updateReason: string;
  swap?: LayerSwap;
}
