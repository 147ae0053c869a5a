/**
 * One pixi Text a view owns. Its raster is redrawn only when its string or style changes, and every
 * such change is counted (Compositor.stats().textRasters), so tests and benchmarks can check that a
 * scrolling ticker or an animating lower third never re-rasterises. User text is a plain Text (no
 * tagStyles, never HTMLText: RELIABILITY-NOTES §2.1).
 */
import { Text, TextStyle, type Container, type TextStyleOptions } from 'pixi.js';
import type { RasterCounter } from '../types';

/** Style properties a view changes after creation (each change re-keys the raster). */
export interface RasterStyle {
  fontSize?: number;
  fill?: string;
  lineHeight?: number;
}

export class RasterText {
  readonly style: TextStyle;
  private node: Text;

  constructor(
    private readonly parent: Container,
    label: string,
    style: TextStyleOptions,
    private readonly rasters: RasterCounter,
    private readonly anchor: { x: number; y: number } = { x: 0, y: 0 },
  ) {
    this.style = new TextStyle(style);
    this.node = this.make(label, '');
    parent.addChild(this.node);
  }

  /** The display object (replaced by refresh()). */
  get text(): Text {
    return this.node;
  }

  /** Set string and style; re-rasterises (and counts) only when something differs. */
  set(value: string, style: RasterStyle = {}): void {
    let changed = false;
    if (this.node.text !== value) {
      this.node.text = value;
      changed = true;
    }
    for (const key of Object.keys(style) as (keyof RasterStyle)[]) {
      const v = style[key];
      if (v !== undefined && this.style[key] !== v) {
        (this.style as unknown as Record<string, unknown>)[key] = v;
        changed = true;
      }
    }
    if (changed && value) this.rasters.count += 1;
  }

  /** Fonts arrived: same string and style is the same pixi cache key, so only a new Text redraws. */
  refresh(): void {
    const old = this.node;
    const index = this.parent.getChildIndex(old);
    this.node = this.make(old.label, old.text);
    this.node.position.copyFrom(old.position);
    this.node.scale.copyFrom(old.scale);
    this.node.alpha = old.alpha;
    this.node.visible = old.visible;
    this.parent.addChildAt(this.node, index);
    old.destroy();
    if (this.node.text) this.rasters.count += 1;
  }

  destroy(): void {
    this.node.destroy(); // returns its raster; the style is ours
    this.style.destroy();
  }

  private make(label: string, value: string): Text {
    const text = new Text({ text: value, style: this.style, anchor: this.anchor, roundPixels: true });
    text.label = label;
    return text;
  }
}
