/**
 * Lower-third view: the theme's panels (pixi Graphics) and two pixi Text blocks, played in when it
 * appears and out when it leaves (TemplateLayer keeps it drawn until then). Text is rasterised only
 * when its string, colour or size changes; the motion moves, fades or scales display objects.
 */
import { sizeUnit } from '../../model/frame';
import { CanvasTextMetrics, Container, Graphics, TextStyle } from 'pixi.js';
import type { SceneLowerThird } from '../../model/scene';
import { DARK_TEXT, LIGHT_TEXT, readableOn, safeColor } from '../shared/color';
import { easeOutCubic, presence } from '../shared/motion';
import { RasterText } from '../shared/rasterText';
import type { Measure } from '../shared/text';
import type { RasterCounter, TemplateContext, TemplateView } from '../types';
import { layoutLowerThird, type LowerThirdLayout, type LowerThirdPanel, type LowerThirdText } from './geometry';
import { LOWER_THIRD_THEMES, LT_DARK, LT_FONT_FAMILY, LT_LIGHT, LT_MUTED_TEXT, LT_RISE, LT_WIPE_STAGGER, type PanelFill, type ThemeSpec } from './schema';

export function lowerThirdLooksDifferent(a: SceneLowerThird, b: SceneLowerThird): boolean {
  return (
    a !== b &&
    (a.theme !== b.theme || a.primaryText !== b.primaryText || a.secondaryText !== b.secondaryText || safeColor(a.primaryColor) !== safeColor(b.primaryColor) || a.bottom !== b.bottom)
  );
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

function measureWith(style: TextStyle): Measure {
  return (text, px) => {
    if (style.fontSize !== px) style.fontSize = px;
    return CanvasTextMetrics.measureText(text, style).width;
  };
}

export class LowerThirdView implements TemplateView<SceneLowerThird> {
  readonly root = new Container();
  dirty = true;
  private model: SceneLowerThird;
  private readonly group = new Container();
  private readonly panels = [new Graphics(), new Graphics()];
  private readonly primary: RasterText;
  private readonly secondary: RasterText;
  private readonly measure: { primary: TextStyle; secondary: TextStyle };
  private layout: LowerThirdLayout | null = null;
  /** The frame's short side: what the rise is a share of (as every size, issue 34). */
  private frameUnit = 0;
  private enterAt: number | null = null;
  private leaveAt: number | null = null;

  constructor(model: SceneLowerThird, rasters: RasterCounter) {
    this.model = model;
    this.root.label = `template:lowerThird:${model.id}`;
    this.panels.forEach((g, i) => (g.label = `lower-third-panel-${i}`));
    this.group.addChild(...this.panels);
    this.root.addChild(this.group);
    const family = [...LT_FONT_FAMILY];
    this.primary = new RasterText(this.group, 'lower-third-primary', { fontFamily: family, fontSize: 1 }, rasters);
    this.secondary = new RasterText(this.group, 'lower-third-secondary', { fontFamily: family, fontSize: 1 }, rasters);
    this.measure = { primary: new TextStyle({ fontFamily: family }), secondary: new TextStyle({ fontFamily: family }) };
  }

  get textures(): number {
    return (this.layout?.primary ? 1 : 0) + (this.layout?.secondary ? 1 : 0);
  }

  /** The layout drawn (tests). */
  get drawn(): LowerThirdLayout | null {
    return this.layout;
  }

  private get spec(): ThemeSpec {
    return LOWER_THIRD_THEMES[this.model.theme] ?? LOWER_THIRD_THEMES['1'];
  }

  update(model: SceneLowerThird): void {
    if (lowerThirdLooksDifferent(this.model, model)) this.dirty = true;
    this.model = model;
  }

  refreshText(): void {
    this.primary.refresh();
    this.secondary.refresh();
    this.dirty = true;
  }

  sync(frameWidth: number, frameHeight: number): void {
    this.dirty = false;
    const spec = this.spec;
    this.measure.primary.fontWeight = spec.primaryWeight as TextStyle['fontWeight'];
    this.measure.secondary.fontWeight = spec.secondaryWeight as TextStyle['fontWeight'];
    const layout = layoutLowerThird(
      { primary: this.model.primaryText, secondary: this.model.secondaryText },
      spec,
      { primary: measureWith(this.measure.primary), secondary: measureWith(this.measure.secondary) },
      frameWidth,
      frameHeight,
      this.model.bottom,
    );
    this.layout = layout;
    this.frameUnit = sizeUnit(frameWidth, frameHeight);
    this.root.visible = layout !== null;
    if (!layout) return;
    const primary = safeColor(this.model.primaryColor);
    this.panels.forEach((g, i) => this.drawPanel(g, layout.panels[i] ?? null, layout, primary));
    this.placeText(this.primary, layout.primary, spec.primaryWeight, this.textColor(layout.panels[0]!.fill, primary, false));
    this.placeText(this.secondary, layout.secondary, spec.secondaryWeight, this.textColor((layout.panels[1] ?? layout.panels[0]!).fill, primary, true));
  }

  animate(now: number): boolean {
    if (!this.layout) return false;
    this.enterAt ??= now;
    const spec = this.spec;
    const { amount, moving } = presence(now, this.enterAt, this.leaveAt, spec.inMs, spec.outMs);
    this.pose(amount);
    return moving;
  }

  leave(now: number): boolean {
    if (!this.layout || this.enterAt === null) return false;
    this.leaveAt ??= now;
    return true;
  }

  /** Back while leaving: play in again from where the way out had got to. */
  enter(now: number): void {
    if (this.leaveAt === null || this.enterAt === null) return;
    const spec = this.spec;
    const { amount } = presence(now, this.enterAt, this.leaveAt, spec.inMs, spec.outMs);
    // easeOutCubic(t) = amount  ⇔  t = 1 − ∛(1 − amount)
    this.enterAt = now - (1 - Math.cbrt(1 - amount)) * spec.inMs;
    this.leaveAt = null;
  }

  destroy(): void {
    this.primary.destroy();
    this.secondary.destroy();
    this.measure.primary.destroy();
    this.measure.secondary.destroy();
    this.root.destroy({ children: true });
  }

  /** The graphic at `amount` of the way in (0 off, 1 fully on), in the theme's motion. */
  private pose(amount: number): void {
    const layout = this.layout!;
    const spec = this.spec;
    this.group.position.set(0, 0);
    this.group.alpha = 1;
    if (spec.motion === 'slide') this.group.x = -Math.ceil(layout.bounds.x + layout.bounds.width) * (1 - amount);
    else if (spec.motion === 'rise') {
      this.group.alpha = amount;
      this.group.y = Math.round((1 - amount) * LT_RISE * this.frameUnit);
    } else {
      const second = easeOutCubic(clamp01((amount - LT_WIPE_STAGGER) / (1 - LT_WIPE_STAGGER)));
      this.panels[0]!.scale.x = amount;
      this.panels[1]!.scale.x = second;
      // Text shows once its tag is half open, so it never hangs outside a closed tag.
      this.primary.text.alpha = clamp01(amount * 2 - 1);
      this.secondary.text.alpha = clamp01((layout.panels[1] ? second : amount) * 2 - 1);
      return;
    }
    this.panels[0]!.scale.x = 1;
    this.panels[1]!.scale.x = 1;
    this.primary.text.alpha = 1;
    this.secondary.text.alpha = 1;
  }

  private drawPanel(g: Graphics, panel: LowerThirdPanel | null, layout: LowerThirdLayout, primary: string): void {
    g.clear();
    g.visible = panel !== null;
    if (!panel) return;
    const { box, radius } = panel;
    g.position.set(box.x, box.y); // drawn from its own left edge: a wipe scales it from there
    const fill = panel.fill === 'primary' ? primary : panel.fill === 'light' ? LT_LIGHT : LT_DARK;
    const accent = layout.accent;
    if (accent) {
      // The card in the primary colour, covered by the dark body right of the accent edge.
      g.roundRect(0, 0, box.width, box.height, radius).fill({ color: primary });
      g.roundShape(
        [
          { x: accent.width, y: 0, radius: 0 },
          { x: box.width, y: 0, radius },
          { x: box.width, y: box.height, radius },
          { x: accent.width, y: box.height, radius: 0 },
        ],
        0,
      ).fill({ color: fill });
    } else if (radius > 0) g.roundRect(0, 0, box.width, box.height, radius).fill({ color: fill });
    else g.rect(0, 0, box.width, box.height).fill({ color: fill });
  }

  private placeText(slot: RasterText, block: LowerThirdText | null, weight: string, fill: string): void {
    slot.text.visible = block !== null;
    if (!block) return;
    if (slot.style.fontWeight !== weight) slot.style.fontWeight = weight as TextStyle['fontWeight'];
    slot.set(block.lines.join('\n'), { fontSize: block.fontPx, lineHeight: block.lineHeightPx, fill });
    slot.text.position.set(block.x, block.y);
    slot.text.scale.set(block.scaleX, 1);
  }

  private textColor(fill: PanelFill, primary: string, secondary: boolean): string {
    if (fill === 'primary') return readableOn(primary);
    if (fill === 'light') return DARK_TEXT;
    return secondary && this.spec.card ? LT_MUTED_TEXT : LIGHT_TEXT;
  }
}

export function createLowerThirdView(model: SceneLowerThird, ctx: TemplateContext): LowerThirdView {
  return new LowerThirdView(model, ctx.rasters);
}

