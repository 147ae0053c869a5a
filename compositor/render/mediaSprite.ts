/**
 * A sprite over a shared media texture, showing a sub-rectangle (frame) of the source stretched to a
 * box: crop for producer tiles, cover-fit for the background. Owns its Texture (a frame over the shared
 * source) and its sprite; the source belongs to MediaTextures and is released, not destroyed.
 */
import { Rectangle, Sprite, Texture, type Container } from 'pixi.js';
import type { PixelBox } from './geometry';
import { hasFrame, type MediaEntry, type MediaTextures } from './videoTextures';
import type { MediaElement } from './types';

const sameBox = (a: PixelBox, b: PixelBox): boolean =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
const NO_FRAME: PixelBox = Object.freeze({ x: -1, y: -1, width: -1, height: -1 });

export class MediaSprite {
  private entry: MediaEntry | null = null;
  private texture: Texture | null = null;
  private sprite: Sprite | null = null;
  private frame: PixelBox = NO_FRAME;

  constructor(
    private readonly textures: MediaTextures,
    private readonly parent: Container,
    /** Child index in parent: the media sits under anything added later (labels). */
    private readonly index: number,
    /** Camera feeds and backgrounds are opaque (drawn without blending); a logo keeps its alpha. */
    private readonly opaque = true,
  ) {}

  get element(): MediaElement | null {
    return this.entry?.element ?? null;
  }

  /** The element has pixels: the sprite can be shown. */
  get ready(): boolean {
    return this.entry !== null && hasFrame(this.entry.element);
  }

  /** Source pixel size (1×1 until known). */
  get sourceSize(): { width: number; height: number } {
    const source = this.entry?.source;
    return source ? { width: source.width, height: source.height } : { width: 1, height: 1 };
  }

  /** Show `element` (or nothing), releasing the previous media. */
  attach(element: MediaElement | null): void {
    if (element === this.element) return;
    if (!element && this.sprite) {
      this.sprite.destroy();
      this.sprite = null;
    }
    if (this.entry) {
      this.texture?.destroy(false);
      this.texture = null;
      this.textures.release(this.entry);
      this.entry = null;
    }
    if (!element) return;
    this.entry = this.textures.acquire(element, this.opaque);
    // dynamic: the sprite listens to frame updates of its texture.
    this.texture = new Texture({ source: this.entry.source, frame: new Rectangle(0, 0, 1, 1), dynamic: true });
    this.frame = NO_FRAME;
    if (this.sprite) this.sprite.texture = this.texture;
    else {
      this.sprite = new Sprite(this.texture);
      // Media are opaque: no blending (WebGL skips the framebuffer read per pixel; Canvas 2D draws source-over).
      if (this.opaque) this.sprite.blendMode = 'none';
      this.parent.addChildAt(this.sprite, Math.min(this.index, this.parent.children.length));
    }
  }

  /** Show the source sub-rectangle `frame` (source pixels) stretched over `box` (parent pixels). */
  layout(frame: PixelBox, box: PixelBox): void {
    const { texture, sprite } = this;
    if (!texture || !sprite) return;
    if (!sameBox(frame, this.frame)) {
      this.frame = frame;
      texture.frame.x = frame.x;
      texture.frame.y = frame.y;
      texture.frame.width = frame.width;
      texture.frame.height = frame.height;
      texture.update(); // new UVs; orig is the frame, so setSize below rescales
    }
    sprite.position.set(box.x, box.y);
    sprite.setSize(box.width, box.height);
  }

  /** An opaque media sprite blends only while its tile fades (else it is drawn without blending). */
  blend(on: boolean): void {
    if (!this.opaque || !this.sprite) return;
    const mode = on ? 'normal' : 'none';
    if (this.sprite.blendMode !== mode) this.sprite.blendMode = mode;
  }

  get visible(): boolean {
    return this.sprite?.visible ?? false;
  }

  set visible(value: boolean) {
    if (this.sprite) this.sprite.visible = value;
  }

  destroy(): void {
    this.attach(null);
  }
}
