/**
 * The scene background. A colour is the renderer's clear colour (no full-frame quad to shade: on a
 * software rasteriser a 1920×1080 fill is a measurable share of the frame). A media background is a
 * cover-fit sprite over the whole frame, on the placeholder colour while it has no frame.
 */
import { Container } from 'pixi.js';
import type { SceneBackground } from '../model/scene';
import { coverFrame } from './geometry';
import { MediaSprite } from './mediaSprite';
import type { ViewContext } from './producerView';
import type { MediaElement } from './types';

function sameBackground(a: SceneBackground | null, b: SceneBackground): boolean {
  if (a === b) return true;
  if (!a || a.kind !== b.kind) return false;
  if (a.kind === 'color' && b.kind === 'color') return a.color === b.color;
  if (a.kind === 'media' && b.kind === 'media')
    return a.source.key === b.source.key && a.source.placeholderColor === b.source.placeholderColor;
  return false;
}

export class BackgroundView {
  readonly root = new Container();
  dirty = true;
  private model: SceneBackground | null = null;
  private readonly media: MediaSprite;
  private showingMedia = false;

  constructor(
    private readonly ctx: ViewContext,
    private readonly setClearColor: (color: string) => void,
    /** A background is opaque; a foreground image keeps its alpha (the producers show through). */
    opaque = true,
  ) {
    this.root.label = 'background';
    this.media = new MediaSprite(ctx.textures, this.root, 0, opaque);
  }

  get element(): MediaElement | null {
    return this.media.element;
  }

  update(model: SceneBackground): void {
    if (!sameBackground(this.model, model)) this.dirty = true;
    this.model = model;
  }

  checkMedia(): void {
    if (this.dirty || this.model?.kind !== 'media') return;
    if (this.ctx.media(this.model.source.key) !== this.media.element || this.media.ready !== this.showingMedia)
      this.dirty = true;
  }

  sync(frameWidth: number, frameHeight: number): void {
    this.dirty = false;
    const bg = this.model;
    if (!bg || bg.kind === 'color') {
      this.media.attach(null);
      this.showingMedia = false;
      if (bg) this.setClearColor(bg.color);
      return;
    }
    this.setClearColor(bg.source.placeholderColor);
    this.media.attach(this.ctx.media(bg.source.key));
    this.showingMedia = this.media.ready;
    this.media.visible = this.showingMedia;
    if (!this.showingMedia) return;
    const { width, height } = this.media.sourceSize;
    this.media.layout(coverFrame(width, height, frameWidth, frameHeight), {
      x: 0,
      y: 0,
      width: frameWidth,
      height: frameHeight,
    });
  }

  destroy(): void {
    this.media.destroy();
    this.root.destroy({ children: true });
  }
}
