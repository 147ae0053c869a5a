/**
 * Chat overlay view: a rounded card (header band in the primary colour with the sender's name, the
 * message below) drawn with one Graphics and two pixi Text objects. User text is plain text: Text
 * without tagStyles draws it literally, never as HTML (RELIABILITY-NOTES §2.1; no HTMLText).
 * Created once per template id; a Text is re-rasterised only when its string, colour or pixel size
 * changes (a frame-size change, or fonts that finished loading).
 */
import { sizeUnit } from '../../model/frame';
import { CanvasTextMetrics, Container, Graphics, Text, TextStyle } from 'pixi.js';
import type { SceneChatOverlay } from '../../model/scene';
import type { RasterCounter, TemplateContext, TemplateView } from '../types';
import { chatOverlayMaxLines, chatOverlaySizes, fitLines, layoutChatOverlay, normalizeChatText, wrapChatText, type Box } from './geometry';
import {
  CHAT_BODY_COLOR,
  CHAT_BODY_WEIGHT,
  CHAT_CARD_ALPHA,
  CHAT_CARD_COLOR,
  CHAT_FONT_FAMILY,
  CHAT_NAME_WEIGHT,
  headerTextColor,
  safeColor,
} from './schema';

/** Does the card look different? By value: selectScene builds new template objects on every doc change. */
export function chatOverlayLooksDifferent(a: SceneChatOverlay, b: SceneChatOverlay): boolean {
  return a !== b && (a.text !== b.text || a.name !== b.name || safeColor(a.primaryColor) !== safeColor(b.primaryColor) || a.bottom !== b.bottom || a.ceiling !== b.ceiling);
}

/** A rect whose top or bottom corners are rounded (radius 0 = square). */
function roundedBox(g: Graphics, b: Box, top: number, bottom: number): Graphics {
  const { x, y, width: w, height: h } = b;
  return g.roundShape(
    [
      { x, y, radius: top },
      { x: x + w, y, radius: top },
      { x: x + w, y: y + h, radius: bottom },
      { x, y: y + h, radius: bottom },
    ],
    0,
  );
}

export class ChatOverlayView implements TemplateView<SceneChatOverlay> {
  readonly root = new Container();
  dirty = true;
  private model: SceneChatOverlay;
  private readonly card = new Graphics();
  private readonly bodyStyle: TextStyle;
  private readonly nameStyle: TextStyle;
  private body: Text | null = null;
  private name: Text | null = null;
  /** Wrapped lines of model.text (before the line cap), recomputed only when the text changes. */
  private wrapped: string[] = [];
  private wrappedFrom: string | null = null;

  constructor(
    model: SceneChatOverlay,
    private readonly rasters: RasterCounter,
  ) {
    this.model = model;
    this.root.label = `template:chat:${model.id}`;
    this.card.label = 'chat-card';
    this.root.addChild(this.card);
    const family = [...CHAT_FONT_FAMILY];
    this.bodyStyle = new TextStyle({ fontFamily: family, fontWeight: CHAT_BODY_WEIGHT, fill: CHAT_BODY_COLOR, fontSize: 1 });
    this.nameStyle = new TextStyle({ fontFamily: family, fontWeight: CHAT_NAME_WEIGHT, fill: CHAT_BODY_COLOR, fontSize: 1 });
  }

  get overlay(): SceneChatOverlay {
    return this.model;
  }

  /** Live Text objects, each owning one text texture. */
  get textures(): number {
    return (this.body ? 1 : 0) + (this.name ? 1 : 0);
  }

  /** The lines drawn for the current model at a frame height (wrap every 50, capped by the §9 stack). */
  lines(frameWidth: number, frameHeight: number): string[] {
    if (this.wrappedFrom !== this.model.text) {
      this.wrappedFrom = this.model.text;
      this.wrapped = wrapChatText(this.model.text);
    }
    return fitLines(this.wrapped, chatOverlayMaxLines(frameWidth, frameHeight, this.model.bottom, this.model.ceiling));
  }

  update(model: SceneChatOverlay): void {
    if (chatOverlayLooksDifferent(this.model, model)) this.dirty = true;
    this.model = model;
  }

  refreshText(): void {
    // Same string and style = same pixi text-cache key, so only a new Text re-rasterises with the new font.
    this.dropText();
    this.dirty = true;
  }

  sync(frameWidth: number, frameHeight: number): void {
    this.dirty = false;
    const lines = frameWidth > 0 && frameHeight > 0 ? this.lines(frameWidth, frameHeight) : [];
    this.root.visible = lines.length > 0; // an empty message draws nothing
    if (lines.length === 0) return;

    const layoutSizes = chatOverlaySizes(sizeUnit(frameWidth, frameHeight));
    const primary = safeColor(this.model.primaryColor);
    const name = normalizeChatText(this.model.name);

    const bodyStyled = set(this.bodyStyle, 'fontSize', layoutSizes.fontPx) | set(this.bodyStyle, 'lineHeight', layoutSizes.pitchPx);
    const body = this.body ?? this.addText('chat-body', this.bodyStyle, 'body');
    if (setText(body, lines.join('\n')) | bodyStyled) this.rasters.count += 1;

    let nameText: Text | null = null;
    if (name) {
      const nameStyled = set(this.nameStyle, 'fontSize', layoutSizes.namePx) | set(this.nameStyle, 'fill', headerTextColor(primary));
      nameText = this.name ?? this.addText('chat-name', this.nameStyle, 'name');
      if (setText(nameText, name) | nameStyled) this.rasters.count += 1;
    } else if (this.name) {
      this.name.destroy();
      this.name = null;
    }

    const layout = layoutChatOverlay(
      {
        lineCount: lines.length,
        bodyWidth: CanvasTextMetrics.measureText(body.text, this.bodyStyle).width,
        nameWidth: nameText ? CanvasTextMetrics.measureText(nameText.text, this.nameStyle).width : null,
      },
      frameWidth,
      frameHeight,
      this.model.bottom,
    );

    const g = this.card.clear();
    if (layout.header) {
      roundedBox(g, layout.header, layout.radius, 0).fill({ color: primary });
      const below = { ...layout.card, y: layout.header.y + layout.header.height, height: layout.card.height - layout.header.height };
      roundedBox(g, below, 0, layout.radius).fill({ color: CHAT_CARD_COLOR, alpha: CHAT_CARD_ALPHA });
    } else {
      roundedBox(g, layout.card, layout.radius, layout.radius).fill({ color: CHAT_CARD_COLOR, alpha: CHAT_CARD_ALPHA });
    }

    body.position.set(layout.body.x, layout.body.y);
    body.scale.set(layout.body.scaleX, 1);
    if (nameText && layout.name) {
      nameText.position.set(layout.name.x, Math.round(layout.name.centerY));
      nameText.scale.set(layout.name.scaleX, 1);
    }
  }

  destroy(): void {
    this.dropText();
    this.root.destroy({ children: true }); // the card's GraphicsContext goes with it
    this.bodyStyle.destroy();
    this.nameStyle.destroy();
  }

  private addText(label: string, style: TextStyle, slot: 'body' | 'name'): Text {
    const text = new Text({ text: '', style, anchor: slot === 'name' ? { x: 0, y: 0.5 } : 0, roundPixels: true });
    text.label = label;
    this.root.addChild(text);
    if (slot === 'body') this.body = text;
    else this.name = text;
    return text;
  }

  private dropText(): void {
    this.body?.destroy(); // returns its text texture; the style is the view's and stays
    this.name?.destroy();
    this.body = null;
    this.name = null;
  }
}

/**
 * Assigns a style property only when it changes (every assignment re-keys the text texture).
 * Returns 1 when it changed, 0 otherwise (summed with | so every assignment runs).
 */
function set<K extends 'fontSize' | 'lineHeight' | 'fill'>(style: TextStyle, key: K, value: TextStyle[K]): number {
  if (style[key] === value) return 0;
  style[key] = value;
  return 1;
}

/** 1 when the string changed (a new raster), 0 otherwise. */
function setText(text: Text, value: string): number {
  if (text.text === value) return 0;
  text.text = value;
  return 1;
}

/** The registry's create(). */
export function createChatOverlayView(model: SceneChatOverlay, ctx: TemplateContext): ChatOverlayView {
  return new ChatOverlayView(model, ctx.rasters);
}
