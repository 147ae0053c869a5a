/**
 * The template gallery ({base}gallery): every graphic the compositor draws (each lower-third theme,
 * the ticker, the logo corners, name tags, the chat overlay, a muted video) side by side, each card
 * its own compositor, with the primary colour, the sample text and the theme to try. Designers review
 * here what the golden images pin: both come from gallerySamples.
 */
import { useMemo, useRef, useState } from 'react';
import { TEMPLATE_THEMES, type TemplateTheme } from '../../../compositor/model/channel';
import {
  chatSample,
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
/** Name tags are shown on this many producers (a 2×2 grid). */
const NAMETAG_PRODUCERS = 4;

type ThemeChoice = 'all' | TemplateTheme;

interface Card {
  id: string;
  title: string;
  sample: TemplateSample;
}

function cards(color: string, text: SampleTextKey, theme: ThemeChoice): Card[] {
  const themes = theme === 'all' ? TEMPLATE_THEMES : [theme];
  return [
    ...themes.map((t) => ({ id: `lower-third-${t}`, title: `Lower third, theme ${t}`, sample: lowerThirdSample(t, text, color) })),
    { id: 'ticker', title: 'Ticker', sample: tickerSample(color, 0, 'gallery-ticker') },
    { id: 'logos', title: 'Logos in the four corners', sample: logoSample() },
    ...themes.map((t) => ({ id: `nametags-${t}`, title: `Name tags, theme ${t}`, sample: nametagSample(NAMETAG_PRODUCERS, t, color) })),
    { id: 'chat', title: 'Chat overlay', sample: chatSample(color) },
    { id: 'muted', title: 'Muted video (initials tiles)', sample: mutedVideoSample() },
  ];
}

function SampleCard({ id, title, sample }: Card) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useSampleCompositor(canvas, sample, CARD_WIDTH, CARD_HEIGHT);
  return (
    <figure className="gallery-card" data-testid={`gallery-card-${id}`}>
      <canvas ref={canvas} className="gallery-canvas" width={CARD_WIDTH} height={CARD_HEIGHT} role="img" aria-label={title} />
      <figcaption>{title}</figcaption>
    </figure>
  );
}

export function GalleryPage() {
  const [color, setColor] = useState<string>(SAMPLE_COLORS[1].toLowerCase());
  const [text, setText] = useState<SampleTextKey>('short');
  const [theme, setTheme] = useState<ThemeChoice>('all');
  const shown = useMemo(() => cards(color, text, theme), [color, text, theme]);

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
      </form>
      <div className="gallery-grid">
        {shown.map((card) => (
          <SampleCard key={card.id} {...card} />
        ))}
      </div>
    </main>
  );
}
