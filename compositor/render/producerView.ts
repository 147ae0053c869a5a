/**
 * One producer tile: a sprite over its media (crop applied through the texture frame), or, while the
 * producer's video is muted or there is no frame yet, a placeholder tile with centred initials.
 * Created once per producer id and updated in place; destroy() releases everything it owns.
 */
import { Container, Sprite, Text, Texture, type TextStyle } from 'pixi.js';
import type { SceneProducer } from '../model/scene';
import type { Crop, Rect } from '../model/types';
import { easeInOutCubic, TILE_EASE_MS, tweenProgress, tweenRect } from '../layout/tween';
import { reversedStart, tileAlpha } from '../layout/fade';
import type { RasterCounter, TemplateContext } from '../templates/types';
import { cropFrame, initials, mutedTileColor, pixelBox, type PixelBox } from './geometry';
import { MediaSprite } from './mediaSprite';
import type { MediaTextures } from './videoTextures';
import type { MediaElement } from './types';

/** Font size the initials are rasterised at, once; the label is scaled to the tile, never re-rasterised. */
export const LABEL_FONT_PX = 96;
/** Initials font size as a share of the tile height. */
const LABEL_HEIGHT_SHARE = 0.3;
/** Initials over a feed's placeholder are a little subdued; over a muted tile they are the picture. */
const LABEL_ALPHA = 0.85;
const MUTED_LABEL_ALPHA = 1;

export interface ViewContext {
  media: (key: string) => MediaElement | null;
  textures: MediaTextures;
  labelStyle: TextStyle;
  /** Live initials labels (each owns a text texture). */
  labels: { count: number };
  /** Text rasterisations (Compositor.stats().textRasters). */
  rasters: RasterCounter;
  /** What template views get (media sprites, the raster counter). */
  templates: TemplateContext;
}

const sameRect = (a: Rect, b: Rect): boolean =>
  a === b || (a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
const sameCrop = (a: Crop, b: Crop): boolean =>
  a === b || (a.top === b.top && a.left === b.left && a.bottom === b.bottom && a.right === b.right);

/**
 * Does the tile look different? Compared by value: selectScene builds new producer objects on every
 * doc change, so reference equality alone would redo every tile. (number is not drawn.)
 */
export function producerLooksDifferent(a: SceneProducer, b: SceneProducer): boolean {
  if (a === b) return false;
  return (
    !sameRect(a.rect, b.rect) ||
    !sameCrop(a.crop, b.crop) ||
    a.videoMuted !== b.videoMuted ||
    a.name !== b.name ||
    a.source.key !== b.source.key ||
    a.source.placeholderColor !== b.source.placeholderColor
  );
}

export class ProducerView {
  readonly root = new Container();
  /** Needs sync() before the next draw. */
  dirty = true;
  private model: SceneProducer;
  private readonly tile = new Sprite(Texture.WHITE);
  private readonly media: MediaSprite;
  private tileColor = '';
  private label: Text | null = null;
  private labelText = '';
  private showingMedia = false;
  /** The rect drawn last (null before the first sync): where an eased move starts. */
  private shown: Rect | null = null;
  /** An eased move to the model's rect (compositor clock), or null: the tile is where its model says. */
  private tween: { from: Rect; start: number } | null = null;
  /** Going on air (entering) or off air (leaving): the tile's alpha eases over TILE_EASE_MS. */
  private fade: { start: number; entering: boolean } | null = null;
  /** The alpha drawn last. */
  private shownAlpha = 1;

  constructor(
    model: SceneProducer,
    private readonly ctx: ViewContext,
  ) {
    this.model = model;
    this.root.label = `producer:${model.id}`;
    this.tile.blendMode = 'none'; // an opaque tile: no blending
    this.root.addChild(this.tile);
    this.media = new MediaSprite(ctx.textures, this.root, 1);
  }

  get producer(): SceneProducer {
    return this.model;
  }

  /** The media element drawn (or waited for) now. */
  get element(): MediaElement | null {
    return this.media.element;
  }

  /**
   * `easeAt`: the compositor time at which a change of rect starts easing (a change within the look:
   * layout, bottom band, someone on or off air); null = the tile jumps (a take, the first scene).
   * Only the rect moves: the texture is not touched.
   */
  update(model: SceneProducer, easeAt: number | null = null): void {
    if (producerLooksDifferent(this.model, model)) this.dirty = true;
    if (easeAt !== null && this.shown && !sameRect(this.shown, model.rect)) this.tween = { from: this.shown, start: easeAt };
    else if (easeAt === null && !sameRect(this.model.rect, model.rect)) this.tween = null;
    this.model = model;
  }

  /** Easing towards its rect or fading: needs a frame (sync) every animation frame until it lands. */
  get moving(): boolean {
    return this.tween !== null || (this.fade !== null && !this.gone);
  }

  /** The rect drawn last (null before the first sync). */
  get drawnRect(): Rect | null {
    return this.shown;
  }

  /** The alpha drawn last (fading in or out). */
  get alpha(): number {
    return this.shownAlpha;
  }

  /** Off air: fading out at its last rect; `gone` once the fade has ended. */
  get leaving(): boolean {
    return this.fade !== null && !this.fade.entering;
  }

  /** A leaving tile whose fade-out ended at the last sync: it can be destroyed. */
  get gone(): boolean {
    return this.leaving && this.shownAlpha <= 0;
  }

  /** Went on air within the look: fades in at its place from `now`. */
  enter(now: number): void {
    this.fade = { start: now, entering: true };
    this.dirty = true;
  }

  /** Went off air within the look: fades out where it was drawn, its rect frozen (no tween). */
  leave(now: number): void {
    this.tween = null;
    if (this.shown) this.model = { ...this.model, rect: this.shown };
    this.fade = { start: now, entering: false };
    this.dirty = true;
  }

  /** A take: no move or fade-in carries over into the new look. */
  settle(): void {
    if (!this.tween && !this.fade) return;
    this.tween = null;
    this.fade = null;
    this.dirty = true;
  }

  /** Back on air while leaving: fades in again from the alpha it had. */
  revive(now: number): void {
    if (this.fade && !this.fade.entering) this.fade = { start: reversedStart(now, this.fade.start), entering: true };
    this.dirty = true;
  }

  /** After invalidateMedia: does the key resolve to another element, or did its readiness change? */
  checkMedia(): void {
    if (this.dirty || !this.root.visible) return;
    if (this.wantedElement() !== this.media.element || this.media.ready !== this.showingMedia) this.dirty = true;
  }

  /** Bring the display objects in line with the model at this frame size. */
  sync(frameWidth: number, frameHeight: number, now: number = 0): void {
    this.dirty = false;
    const p = this.model;
    const rect = this.rectAt(now);
    this.shown = rect;
    const box = pixelBox(rect, frameWidth, frameHeight);
    const visible = box.width > 0 && box.height > 0; // a hidden slot is zero-sized: draw nothing
    this.root.visible = visible;
    this.media.attach(visible ? this.wantedElement() : null);
    this.applyAlpha(now);
    if (!visible) return;

    this.root.position.set(box.x, box.y);
    const local: PixelBox = { x: 0, y: 0, width: box.width, height: box.height };
    const showMedia = this.media.ready;
    this.showingMedia = showMedia;
    this.media.visible = showMedia;
    if (showMedia) {
      const { width, height } = this.media.sourceSize;
      this.media.layout(cropFrame(width, height, p.crop), local);
    }
    // An opaque video covers its tile: the placeholder is not drawn under it (no overdraw).
    this.tile.visible = !showMedia;
    if (!showMedia) this.layoutPlaceholder(local);
    else if (this.label) this.label.visible = false;
  }

  destroy(): void {
    this.media.destroy();
    if (this.label) {
      this.label.destroy(); // returns its text texture; the shared style stays
      this.label = null;
      this.ctx.labels.count -= 1;
    }
    this.root.destroy({ children: true }); // the tile's Texture.WHITE is shared and never destroyed
  }

  /**
   * Opaque tiles draw without blending (no framebuffer read per pixel); only while fading do they blend.
   */
  private applyAlpha(now: number): void {
    let alpha = 1;
    if (this.fade) {
      alpha = tileAlpha(now, this.fade.start, this.fade.entering);
      if (this.fade.entering && alpha >= 1) this.fade = null;
    }
    this.shownAlpha = alpha;
    this.root.alpha = alpha;
    const blend = alpha < 1 ? 'normal' : 'none';
    if (this.tile.blendMode !== blend) this.tile.blendMode = blend;
    this.media.blend(alpha < 1);
  }

  private rectAt(now: number): Rect {
    if (!this.tween) return this.model.rect;
    const t = tweenProgress(now, this.tween.start, TILE_EASE_MS);
    if (t >= 1) this.tween = null;
    return tweenRect(this.tween?.from ?? this.model.rect, this.model.rect, easeInOutCubic(t));
  }

  private wantedElement(): MediaElement | null {
    return this.model.videoMuted ? null : this.ctx.media(this.model.source.key);
  }

  /**
   * No picture: the placeholder colour while the feed has no frame; while the video is muted, an
   * initials-on-colour tile (the colour from the name), so the audience sees who is there.
   */
  private layoutPlaceholder(box: PixelBox): void {
    this.tile.setSize(box.width, box.height);
    const muted = this.model.videoMuted;
    const color = muted ? mutedTileColor(this.model.name) : this.model.source.placeholderColor;
    if (color !== this.tileColor) {
      this.tileColor = color;
      this.tile.tint = color;
    }
    const text = initials(this.model.name);
    if (text !== this.labelText) {
      this.labelText = text;
      if (this.label) {
        this.label.text = text; // the only re-rasterisation: the name changed
        if (text) this.ctx.rasters.count += 1;
      }
    }
    if (!this.label && text) {
      this.label = new Text({ text, style: this.ctx.labelStyle, anchor: 0.5 });
      this.root.addChild(this.label);
      this.ctx.labels.count += 1;
      this.ctx.rasters.count += 1;
    }
    if (this.label) {
      this.label.alpha = muted ? MUTED_LABEL_ALPHA : LABEL_ALPHA;
      this.label.visible = text.length > 0;
      this.label.position.set(box.width / 2, box.height / 2);
      this.label.scale.set((box.height * LABEL_HEIGHT_SHARE) / LABEL_FONT_PX);
    }
  }
}
