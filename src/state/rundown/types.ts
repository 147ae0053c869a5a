/**
 * Scenes and the rundown (issue 25 "Run of show"): plain data, so the same values live in the store,
 * travel as a keyed document between producers, and sit in local storage for the demo.
 */
import type { ChannelMedia } from '../../../compositor/model/channel';
import type { Transition } from '../../../compositor/model/transition';
import type { LayoutCode } from '../../../compositor/model/types';

/**
 * Which kind of person a place on air is for: the moderator, a guest (any other producer card) or a
 * content share. A scene remembers the person and this slot, so an absent person is replaced by
 * somebody of the same kind ('the first two guests').
 */
export const SLOT_KINDS = ['moderator', 'guest', 'contentShare'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];

/** `index`: the person's place among the on-air cards of their kind, in on-air order (0 = first). */
export interface OnAirSlot {
  kind: SlotKind;
  index: number;
}

export interface OnAirEntry {
  cardId: string;
  slot: OnAirSlot;
}

/** A saved look of the stage (the parts of the channel a scene sets; everything else is left alone). */
export interface SceneLook {
  /** The requested layout; the drawn one follows §4 availability for the people actually on air. */
  layout: LayoutCode;
  /** Who is on air, in on-air order (live rank). */
  onAir: OnAirEntry[];
  /** Index into `onAir` of the spotlit person, so the spotlight follows a slot's stand-in; null = none. */
  spotlight: number | null;
  lowerThirdId: string | null;
  tickerId: string | null;
  /** The logos on stage, in the channel's list order. */
  logoIds: string[];
  nametagsActive: boolean;
  media: ChannelMedia;
  /** The vertical program's own choices (issue 34); absent (a scene saved before them): taking it leaves them as they are. */
  vertical?: VerticalLook;
}

/** The vertical program's layout (null: the 16:9 one) and the graphics it leaves out, by graphicRef. */
export interface VerticalLook {
  layout: LayoutCode | null;
  hidden: string[];
}

export interface Scene {
  id: string;
  name: string;
  look: SceneLook;
  /** Planned length; null = open-ended (never advances by itself). */
  durationMs: number | null;
  /** Notes for the moderator (plain text, line breaks kept). */
  notes: string;
  /** null = the rundown's global transition. */
  transition: Transition | null;
}

export interface RundownSettings {
  /** The transition of every scene that has none of its own. */
  transition: Transition;
  /** NEXT is taken by itself when the live scene's time is up. */
  autoAdvance: boolean;
}

/** The take on air now, as the rundown reads it from the channel's take (liveTakeOf). */
export interface LiveTake {
  sceneId: string;
  /** New for every take: the compositor starts a transition when it sees a new one. */
  takeId: string;
  /** Wall-clock ms of the take. */
  takenAt: number;
  /** Wall-clock ms of the show's first take (kept while the show runs from scene to scene). */
  showStartedAt: number;
  transition: Transition;
  /** The producer (client origin) who made the take: only they auto-advance, so two tabs never both do. */
  by: string;
}

export interface Rundown {
  /** In show order. */
  scenes: Scene[];
  settings: RundownSettings;
  /** The scene on air: the channel's take, read (never stored with the rundown: a take is one channel update). */
  live: LiveTake | null;
}
