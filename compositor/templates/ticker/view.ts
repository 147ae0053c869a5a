/**
 * Ticker view: a band in the ticker's colour at y 0.95 with its text scrolling right to left at 60 px
 * per second (of a 1920-wide frame), looping seamlessly. The text is rasterised once per string,
 * colour or size (a few pieces, each a pixi Text); the copies that make the loop are more Text
 * objects of the same string and style, which pixi draws from the same raster. Scrolling moves one
 * container per frame: nothing is re-rasterised while it runs. The band rises in from the bottom edge
 * when it appears and sinks out when it leaves (TemplateLayer keeps it drawn until then).
 */
import { CanvasTextMetrics, Container, Graphics, Text } from 'pixi.js';
import type { SceneTicker } from '../../model/scene';
import { readableOn, safeColor } from '../shared/color';
import { RasterText } from '../shared/rasterText';
import { presence } from '../shared/motion';
import { normalizeText } from '../shared/text';
import type { RasterCounter, TemplateContext, TemplateView } from '../types';
import { tickerBand, tickerCopies, tickerFontPx, tickerOffset, tickerPeriod, tickerPieces, tickerStripX } from './geometry';
import { TICKER_FONT_FAMILY, TICKER_IN_MS, TICKER_OUT_MS, TICKER_WEIGHT } from './schema';

export function tickerLooksDifferent(a: SceneTicker, b: SceneTicker): boolean {
  return a !== b && (normalizeText(a.text) !== normalizeText(b.text) || safeColor(a.color) !== safeColor(b.color));
}

export class TickerView implements TemplateView<SceneTicker> {
  readonly root = new Container();
  dirty = true;
  private model: SceneTicker;
  private readonly band = new Graphics();
  private readonly strip = new Container();
  private readonly first = new Container();
  private pieces: RasterText[] = [];
  private mirrors: Container[] = [];
  private textWidth = 0;
  private frameWidth = 0;
  private startedAt: number | null = null;
  /** Motion in and out (the scroll keeps its own start, so coming back never jumps the text). */
  private enterAt: number | null = null;
  private leaveAt: number | null = null;
  /** How far the band must sink to leave the frame (frame height − its top). */
  private drop = 0;

  constructor(
    model: SceneTicker,
    private readonly rasters: RasterCounter,
  ) {
    this.model = model;
    this.root.label = `template:ticker:${model.id}`;
    this.band.label = 'ticker-band';
    this.strip.label = 'ticker-strip';
    this.first.label = 'ticker-copy';
    this.strip.addChild(this.first);
    this.root.addChild(this.band, this.strip);
  }

  get textures(): number {
    return this.pieces.length;
  }

  /** Where the strip is (tests): the first copy's left edge, in frame pixels. */
  get stripX(): number {
    return this.strip.x;
  }

  get copies(): number {
    return 1 + this.mirrors.length;
  }

  update(model: SceneTicker): void {
    if (tickerLooksDifferent(this.model, model)) this.dirty = true;
    this.model = model;
  }

  refreshText(): void {
    for (const piece of this.pieces) piece.refresh();
    this.dirty = true;
  }

  sync(frameWidth: number, frameHeight: number): void {
    this.dirty = false;
    const pieces = tickerPieces(this.model.text);
    this.root.visible = pieces.length > 0 && frameWidth > 0 && frameHeight > 0;
    if (!this.root.visible) return;

    const band = tickerBand(frameWidth, frameHeight);
    this.drop = frameHeight - band.y;
    const color = safeColor(this.model.color);
    this.band.clear().rect(band.x, band.y, band.width, band.height).fill({ color });

    while (this.pieces.length > pieces.length) this.pieces.pop()!.destroy();
    while (this.pieces.length < pieces.length) {
      const piece = new RasterText(this.first, 'ticker-text', { fontFamily: [...TICKER_FONT_FAMILY], fontWeight: TICKER_WEIGHT, fontSize: 1 }, this.rasters, { x: 0, y: 0.5 });
      this.pieces.push(piece);
    }
    const style = { fontSize: tickerFontPx(frameWidth, frameHeight), fill: readableOn(color) };
    let x = 0;
    const centerY = Math.round(band.y + band.height / 2);
    pieces.forEach((value, i) => {
      const piece = this.pieces[i]!;
      piece.set(value, style);
      piece.text.position.set(x, centerY);
      x += CanvasTextMetrics.measureText(value, piece.style).width;
    });
    this.textWidth = Math.ceil(x);
    this.frameWidth = frameWidth;
    this.buildMirrors(tickerCopies(this.textWidth, frameWidth) - 1, tickerPeriod(this.textWidth, frameWidth));
  }

  /** Scrolls while on stage (always another frame); once leaving, until it has sunk out. */
  animate(now: number): boolean {
    if (!this.root.visible) return false;
    this.startedAt ??= now;
    this.enterAt ??= now;
    this.strip.x = tickerStripX(tickerOffset(now - this.startedAt, this.textWidth, this.frameWidth), this.frameWidth);
    const { amount, moving } = presence(now, this.enterAt, this.leaveAt, TICKER_IN_MS, TICKER_OUT_MS);
    this.root.y = Math.round((1 - amount) * this.drop);
    return this.leaveAt === null || moving;
  }

  leave(now: number): boolean {
    if (!this.root.visible || this.enterAt === null) return false;
    this.leaveAt ??= now;
    return true;
  }

  /** Back while sinking: rise again from where it is (the scroll goes on from where it was). */
  enter(now: number): void {
    if (this.leaveAt === null || this.enterAt === null) return;
    const { amount } = presence(now, this.enterAt, this.leaveAt, TICKER_IN_MS, TICKER_OUT_MS);
    // easeOutCubic(t) = amount  ⇔  t = 1 − ∛(1 − amount)
    this.enterAt = now - (1 - Math.cbrt(1 - amount)) * TICKER_IN_MS;
    this.leaveAt = null;
  }

  destroy(): void {
    this.dropMirrors();
    for (const piece of this.pieces) piece.destroy();
    this.pieces = [];
    this.root.destroy({ children: true });
  }

  /** `count` more copies of the first, one period apart: Text objects sharing its rasters. */
  private buildMirrors(count: number, period: number): void {
    this.dropMirrors();
    for (let c = 1; c <= count; c += 1) {
      const copy = new Container({ label: 'ticker-copy' });
      copy.x = c * period;
      for (const piece of this.pieces) {
        const mirror = new Text({ text: piece.text.text, style: piece.style, anchor: { x: 0, y: 0.5 }, roundPixels: true });
        mirror.position.copyFrom(piece.text.position);
        copy.addChild(mirror);
      }
      this.strip.addChild(copy);
      this.mirrors.push(copy);
    }
  }

  private dropMirrors(): void {
    for (const copy of this.mirrors) copy.destroy({ children: true }); // the styles are the pieces'
    this.mirrors = [];
  }
}

export function createTickerView(model: SceneTicker, ctx: TemplateContext): TickerView {
  return new TickerView(model, ctx.rasters);
}
