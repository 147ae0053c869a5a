/**
 * SceneModel: what the compositor draws, as plain serialisable data (DESIGN "Compositor rules").
 * selectScene(state) makes it; the same SceneModel renders the same pixels at any output size.
 */
import type { LogoPosition, TemplateTheme } from './channel';
import type { Crop, Rect } from './types';
import type { SceneTransition } from './transition';

/** A drawable feed, resolved by key to a video or canvas by whoever hosts the compositor. */
export interface SceneSource {
  /** Key of the media (a producer id, a background id). */
  key: string;
  /** What to paint while the media has no frame yet. */
  placeholderColor: string;
}

export interface SceneProducer {
  id: string;
  number: number;
  name: string;
  rect: Rect;
  crop: Crop;
  source: SceneSource;
  videoMuted: boolean;
}

export type SceneBackground = { kind: 'color'; color: string } | { kind: 'media'; source: SceneSource };

/**
 * A chat message shown on stream (§3 Template item, type CHAT; §5 only one public message is on stream
 * at a time). `text` and `name` are plain user text, already sanitised by the state layer; the
 * compositor draws them as pixi Text, never as HTML (RELIABILITY-NOTES §2.1).
 */
export interface SceneChatOverlay {
  kind: 'chat';
  id: string;
  /** The sender's display name (the card header). */
  name: string;
  /** The message body; wrapped every 50 characters (§9). */
  text: string;
  /** Header colour (§3 primaryColor, default #0D62C5). */
  primaryColor: string;
  /** The bottom band's place for the card (fractions of the height): its bottom edge and the highest its top may reach. */
  bottom?: number;
  ceiling?: number;
}

/** §4 Lower third: the selected one, in the brand's theme and primary colour. */
export interface SceneLowerThird {
  kind: 'lowerThird';
  id: string;
  theme: TemplateTheme;
  primaryText: string;
  secondaryText: string;
  primaryColor: string;
  /** The bottom band's place for it: its bottom edge (fraction of the height). */
  bottom?: number;
}

/** §4 Ticker: the selected one, scrolling at y 0.95 on its primaryColor background. */
export interface SceneTicker {
  kind: 'ticker';
  id: string;
  text: string;
  color: string;
}

/** §4 Logo: a selected logo in one corner (anchor margins 0.08 / 0.92). */
export interface SceneLogo {
  kind: 'logo';
  id: string;
  corner: LogoPosition;
  source: SceneSource;
}

/** A live producer's name tag (shown while brand settings' Name Tags is on), on that producer's tile. */
export interface SceneNametag {
  kind: 'nametag';
  id: string;
  number: number;
  /** The producer's tile (fractions of the frame, as its layer's position): the tag sits at its bottom left. */
  rect: Rect;
  theme: TemplateTheme;
  name: string;
  initials: string;
  primaryColor: string;
}

/** A graphic drawn over the producers; each kind is one folder under compositor/templates/. */
export type SceneTemplate = SceneChatOverlay | SceneLowerThird | SceneTicker | SceneLogo | SceneNametag;

export interface SceneModel {
  background: SceneBackground;
  /** Visible producers, bottom to top. */
  producers: SceneProducer[];
  /**
   * Visible templates, drawn above the producers, ordered by their kind's z (§9 template z-order:
   * lower third 10000, ticker 10001, logo 10002; the chat overlay sits just under them at 9999),
   * ties in array order. Absent = none.
   */
  templates?: SceneTemplate[];
  /** A foreground image or video over the producers, under the templates (§3 Media state). */
  foreground?: SceneSource | null;
  /**
   * Where the producers' layout is drawn (the bottom band: smaller and higher while lower graphics
   * are on stage with shiftVideosUp); absent = the full frame. Producer rects are already in it; a
   * change of area is what the compositor eases tiles for.
   */
  producerArea?: Rect;
  /** Preview zoom (§2: 104 %, 100 % for content share); the output page draws at 100 %. */
  previewZoom: number;
  primaryColor: string;
  /**
   * The take that brought this scene on air (issue 25, run of show): a new id starts its transition
   * (a Cut shows the scene at once; a Fade still running by the compositor's clock cross-fades from the
   * look drawn before). Absent, or an id already seen: changes within the look (tiles ease).
   */
  transition?: SceneTransition;
}
