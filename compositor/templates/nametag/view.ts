/**
 * Name-tag view: at the bottom left of its producer's tile, a badge with the initials in the theme's
 * fill and the name on a band beside it (pixi Graphics and two pixi Text). The texts are rasterised
 * when the name, colour or tag size (the tile's size) changes.
 */
import { CanvasTextMetrics, Container, Graphics, TextStyle } from 'pixi.js';
import type { SceneNametag } from '../../model/scene';
import { readableOn, safeColor } from '../shared/color';
import { RasterText } from '../shared/rasterText';
import { normalizeText } from '../shared/text';
import { initialsOf as initials } from '../../layout/initials';
import type { RasterCounter, TemplateContext, TemplateView } from '../types';
import { layoutNametag, tileBox, type NametagLayout } from './geometry';
import { NAMETAG_DARK, NAMETAG_DARK_ALPHA, NAMETAG_FONT_FAMILY, NAMETAG_LIGHT, NAMETAG_THEMES, type NametagThemeSpec } from './schema';

const NAME_WEIGHT = '600';
const INITIALS_WEIGHT = '700';

const sameRect = (a: SceneNametag['rect'], b: SceneNametag['rect']): boolean => a === b || (a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);

export function nametagLooksDifferent(a: SceneNametag, b: SceneNametag): boolean {
  return (
    a !== b &&
    (!sameRect(a.rect, b.rect) || a.theme !== b.theme || a.name !== b.name || a.initials !== b.initials || safeColor(a.primaryColor) !== safeColor(b.primaryColor))
  );
}

export class NametagView implements TemplateView<SceneNametag> {
  readonly root = new Container();
  dirty = true;
  private model: SceneNametag;
  private readonly shapes = new Graphics();
  private readonly initials: RasterText;
  private readonly name: RasterText;
  private readonly measureStyle = new TextStyle({ fontFamily: [...NAMETAG_FONT_FAMILY], fontWeight: NAME_WEIGHT });
  private layout: NametagLayout | null = null;
  private frame = { width: 0, height: 0 };
  /** Its producer went off air: the tag fades out with the tile, then goes. */
  private leavingTile = false;

  constructor(
    model: SceneNametag,
    rasters: RasterCounter,
    /** Where its tile is drawn this frame (TemplateContext.tile). */
    private readonly tileOf: TemplateContext['tile'] = undefined,
  ) {
    this.model = model;
    this.root.label = `template:nametag:${model.id}`;
    this.shapes.label = 'nametag-shapes';
    this.root.addChild(this.shapes);
    const family = [...NAMETAG_FONT_FAMILY];
    this.name = new RasterText(this.root, 'nametag-name', { fontFamily: family, fontWeight: NAME_WEIGHT, fontSize: 1 }, rasters, { x: 0, y: 0.5 });
    this.initials = new RasterText(this.root, 'nametag-initials', { fontFamily: family, fontWeight: INITIALS_WEIGHT, fontSize: 1 }, rasters, { x: 0.5, y: 0.5 });
  }

  get textures(): number {
    return (this.layout ? 1 : 0) + (this.layout?.name ? 1 : 0);
  }

  /** The layout drawn (tests). */
  get drawn(): NametagLayout | null {
    return this.layout;
  }

  private get spec(): NametagThemeSpec {
    return NAMETAG_THEMES[this.model.theme] ?? NAMETAG_THEMES['1'];
  }

  update(model: SceneNametag): void {
    if (nametagLooksDifferent(this.model, model)) this.dirty = true;
    this.model = model;
  }

  refreshText(): void {
    this.name.refresh();
    this.initials.refresh();
    this.dirty = true;
  }

  sync(frameWidth: number, frameHeight: number): void {
    this.dirty = false;
    const spec = this.spec;
    const display = normalizeText(this.model.name);
    const name = spec.caps ? display.toLocaleUpperCase() : display;
    const measure = (text: string, px: number): number => {
      if (this.measureStyle.fontSize !== px) this.measureStyle.fontSize = px;
      return CanvasTextMetrics.measureText(text, this.measureStyle).width;
    };
    this.frame = { width: frameWidth, height: frameHeight };
    const layout = layoutNametag(this.model.rect, name, measure, frameWidth, frameHeight);
    this.layout = layout;
    this.root.visible = layout !== null;
    if (!layout) return;

    const primary = safeColor(this.model.primaryColor);
    const fillOf = (f: 'primary' | 'light' | 'dark'): string => (f === 'primary' ? primary : f === 'light' ? NAMETAG_LIGHT : NAMETAG_DARK);
    const g = this.shapes.clear();
    const { band, badge } = layout;
    if (band) g.roundRect(band.x, band.y, band.width, band.height, spec.bandRadius * band.height).fill({ color: fillOf(spec.bandFill), alpha: spec.bandFill === 'dark' ? NAMETAG_DARK_ALPHA : 1 });
    const badgeColor = fillOf(spec.badgeFill);
    if (spec.badge === 'circle') g.circle(badge.x + badge.width / 2, badge.y + badge.height / 2, badge.width / 2).fill({ color: badgeColor });
    else g.rect(badge.x, badge.y, badge.width, badge.height).fill({ color: badgeColor });

    const badgeText = spec.badgeFill === 'light' ? primary : readableOn(primary);
    this.initials.set(this.model.initials.trim() || initials(display), { fontSize: layout.initialsPx, fill: badgeText });
    this.initials.text.position.set(Math.round(badge.x + badge.width / 2), Math.round(badge.y + badge.height / 2));

    this.name.text.visible = layout.name !== null;
    if (layout.name) {
      const bandText = spec.bandFill === 'primary' ? readableOn(primary) : spec.bandFill === 'light' ? NAMETAG_DARK : NAMETAG_LIGHT;
      this.name.set(layout.name.text, { fontSize: layout.name.fontPx, fill: bandText });
      this.name.text.position.set(layout.name.x, layout.name.centerY);
      this.name.text.scale.set(layout.name.scaleX, 1);
    }
  }

  /**
   * Follows its tile while the tile eases or fades: the tag laid out for the tile's final rect is
   * moved and scaled with the tile onto its drawn rect (no re-rasterising per frame) and takes its alpha.
   * Needs more frames only while it plays out with a leaving tile (the tiles ask for their own).
   */
  animate(): boolean {
    const tile = this.tileOf?.(this.model.number, this.leavingTile) ?? null;
    const drawn = tile && tileBox(tile.rect, this.frame.width, this.frame.height);
    const final = tile && tileBox(tile.target, this.frame.width, this.frame.height);
    if (!tile || !drawn || !final || final.height <= 0 || !this.layout) {
      this.root.position.set(0, 0);
      this.root.scale.set(1);
      this.root.alpha = 1;
      return false;
    }
    // The tile's final box maps onto its drawn box (its top-left corner, scaled by height): the tag
    // keeps its place inside the tile.
    const s = drawn.height / final.height;
    this.root.scale.set(s);
    this.root.position.set(drawn.x - final.x * s, drawn.y - final.y * s);
    this.root.alpha = tile.alpha;
    return this.leavingTile && tile.leaving && tile.alpha > 0;
  }

  /** Plays out only with a tile going off air; a tag turned off on a live tile goes at once. */
  leave(): boolean {
    const tile = this.tileOf?.(this.model.number, true) ?? null;
    this.leavingTile = tile !== null && tile.leaving;
    return this.leavingTile;
  }

  enter(): void {
    this.leavingTile = false;
  }

  destroy(): void {
    this.name.destroy();
    this.initials.destroy();
    this.measureStyle.destroy();
    this.root.destroy({ children: true });
  }
}

export function createNametagView(model: SceneNametag, ctx: TemplateContext): NametagView {
  return new NametagView(model, ctx.rasters, ctx.tile?.bind(ctx));
}
