/**
 * Logo view: the logo picture (the host's element for the scene source key, like producers and the
 * background) in its position's box, alpha kept. Transparent until the picture has pixels.
 */
import { Container } from 'pixi.js';
import type { SceneLogo } from '../../model/scene';
import type { TemplateContext, TemplateMediaSprite, TemplateView } from '../types';
import { logoBox } from './geometry';

export function logoLooksDifferent(a: SceneLogo, b: SceneLogo): boolean {
  return a !== b && (a.corner !== b.corner || a.source.key !== b.source.key);
}

export class LogoView implements TemplateView<SceneLogo> {
  readonly root = new Container();
  dirty = true;
  /** Pictures are media textures, counted by the compositor's media, not here. */
  readonly textures = 0;
  private model: SceneLogo;
  private readonly picture: TemplateMediaSprite;
  private showing = false;

  constructor(
    model: SceneLogo,
    private readonly ctx: TemplateContext,
  ) {
    this.model = model;
    this.root.label = `template:logo:${model.id}`;
    this.picture = ctx.mediaSprite(this.root, 0, false);
  }

  update(model: SceneLogo): void {
    if (logoLooksDifferent(this.model, model)) this.dirty = true;
    this.model = model;
  }

  refreshText(): void {}

  checkMedia(key?: string): void {
    if (this.dirty || (key !== undefined && key !== this.model.source.key)) return;
    if (this.ctx.media(this.model.source.key) !== this.picture.element || this.picture.ready !== this.showing) this.dirty = true;
  }

  sync(frameWidth: number, frameHeight: number): void {
    this.dirty = false;
    this.picture.attach(this.ctx.media(this.model.source.key));
    this.showing = this.picture.ready;
    this.picture.visible = this.showing;
    if (!this.showing) return;
    const { width, height } = this.picture.sourceSize;
    this.picture.layout({ x: 0, y: 0, width, height }, logoBox(this.model.corner, width, height, frameWidth, frameHeight));
  }

  destroy(): void {
    this.picture.destroy();
    this.root.destroy({ children: true });
  }
}

export function createLogoView(model: SceneLogo, ctx: TemplateContext): LogoView {
  return new LogoView(model, ctx);
}
