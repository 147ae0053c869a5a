/**
 * The template gallery ({base}gallery): every graphic the compositor draws (each lower-third theme,
 * the ticker, the logo corners, name tags, the chat overlay, a muted video) side by side, each card
 * its own compositor, with the primary colour, the sample text and the theme to try. Designers review
 * here what the golden images pin: both come from gallerySamples. Each graphic shows in the 16:9
 * program, the vertical 9:16 one (issue 34), or both side by side.
 */
import { useMemo, useRef, useState } from 'react';
import { TEMPLATE_THEMES, type TemplateTheme } from '../../../compositor/model/channel';
import {
  chatSample,
  inPortrait,
  logoSample,
  lowerThirdSample,
  mutedVideoSample,
  nametagSample,
  SAMPLE_COLORS,
  SAMPLE_TEXTS,
  tickerSample,
  type SampleTextKey,
  type TemplateSample,
} from './gallerySamples';
import { useSampleCompositor } from './useSampleCompositor';
import './gallery.css';

/** Card canvases: a quarter of 1080p, so nine cards stay light on a software GPU. */
const CARD_WIDTH = 480;
const CARD_HEIGHT = 270;
/** A vertical card: the same height, upright. */
const PORTRAIT_CARD_WIDTH = Math.round((CARD_HEIGHT * 9) / 16);
/** Name tags are shown on this many producers (a 2×2 grid). */
const NAMETAG_PRODUCERS = 4;

type ThemeChoice = 'all' | TemplateTheme;
const SHAPE_CHOICES = { landscape: '16:9', portrait: 'Vertical 9:16', both: 'Both' } as const;
type ShapeChoice = keyof typeof SHAPE_CHOICES;

interface Card {
  id: string;
  title: string;
  sample: TemplateSample;
  portrait?: boolean;
}

/** Each card in the chosen shapes: a vertical one follows its 16:9 one. */
function inShapes(list: Card[], shape: ShapeChoice): Card[] {
  return list.flatMap((c) => [
    ...(shape === 'portrait' ? [] : [c]),
    ...(shape === 'landscape' ? [] : [{ id: `${c.id}-portrait`, title: `${c.title} (vertical)`, sample: inPortrait(c.sample), portrait: true }]),
  ]);
}

function cards(color: string, text: SampleTextKey, theme: ThemeChoice, shape: ShapeChoice): Card[] {
  const themes = theme === 'all' ? TEMPLATE_THEMES : [theme];
  return inShapes([
    ...themes.map((t) => ({ id: `lower-third-${t}`, title: `Lower third, theme ${t}`, sample: lowerThirdSample(t, text, color) })),
    { id: 'ticker', title: 'Ticker', sample: tickerSample(color, 0, 'gallery-ticker') },
    { id: 'logos', title: 'Logos in the four corners', sample: logoSample() },
    ...themes.map((t) => ({ id: `nametags-${t}`, title: `Name tags, theme ${t}`, sample: nametagSample(NAMETAG_PRODUCERS, t, color) })),
    { id: 'chat', title: 'Chat overlay', sample: chatSample(color) },
    { id: 'muted', title: 'Muted video (initials tiles)', sample: mutedVideoSample() },
  ], shape);
}

function SampleCard({ id, title, sample, portrait }: Card) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = portrait ? PORTRAIT_CARD_WIDTH : CARD_WIDTH;
  useSampleCompositor(canvas, sample, width, CARD_HEIGHT);
  return (
    <figure className={`gallery-card${portrait ? ' portrait' : ''}`} data-testid={`gallery-card-${id}`}>
      <canvas ref={canvas} className="gallery-canvas" width={width} height={CARD_HEIGHT} role="img" aria-label={title} />
      <figcaption>{title}</figcaption>
    </figure>
  );
}

export function GalleryPage() {
  const [color, setColor] = useState<string>(SAMPLE_COLORS[1].toLowerCase());
  const [text, setText] = useState<SampleTextKey>('short');
  const [theme, setTheme] = useState<ThemeChoice>('all');
  const [shape, setShape] = useState<ShapeChoice>('landscape');
  const shown = useMemo(() => cards(color, text, theme, shape), [color, text, theme, shape]);

  return (
    <main className="gallery" aria-labelledby="gallery-title">
      <h1 id="gallery-title">Template gallery</h1>
      <form className="gallery-controls" aria-label="Sample settings" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>Primary colour</legend>
          <label className="gallery-color">
            <input type="color" value={color} onChange={(e) => setColor(e.target.value.toLowerCase())} />
            Custom colour
          </label>
          <div className="gallery-swatches" role="group" aria-label="Preset colours">
            {SAMPLE_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className="gallery-swatch"
                style={{ backgroundColor: c }}
                aria-label={`Primary colour ${c}`}
                aria-pressed={c.toLowerCase() === color}
                onClick={() => setColor(c.toLowerCase())}
              />
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Text</legend>
          {(Object.keys(SAMPLE_TEXTS) as SampleTextKey[]).map((key) => (
            <label key={key} className="gallery-choice">
              <input type="radio" name="gallery-text" value={key} checked={text === key} onChange={() => setText(key)} />
              {SAMPLE_TEXTS[key].label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Theme</legend>
          {(['all', ...TEMPLATE_THEMES] as const).map((t) => (
            <label key={t} className="gallery-choice">
              <input type="radio" name="gallery-theme" value={t} checked={theme === t} onChange={() => setTheme(t)} />
              {t === 'all' ? 'All themes' : `Theme ${t}`}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Shape</legend>
          {(Object.keys(SHAPE_CHOICES) as ShapeChoice[]).map((s) => (
            <label key={s} className="gallery-choice">
              <input type="radio" name="gallery-shape" value={s} checked={shape === s} onChange={() => setShape(s)} />
              {SHAPE_CHOICES[s]}
            </label>
          ))}
        </fieldset>
      </form>
      <div className="gallery-grid">
        {shown.map((card) => (
          <SampleCard key={card.id} {...card} />
        ))}
      </div>
    </main>
  );
}
