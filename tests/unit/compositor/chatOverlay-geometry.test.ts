/** Chat overlay geometry (compositor/templates/chatOverlay/GEOMETRY.md): wrap, §9 stack, card layout. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHAT_OVERLAY_BASE_Y,
  CHAT_OVERLAY_CEILING_Y,
  CHAT_OVERLAY_MAX_LINES,
  CHAT_OVERLAY_WRAP_CHARS,
  CHAT_OVERLAY_Z,
  chatOverlay,
  chatOverlayMaxLines,
  chatOverlaySizes,
  chatOverlaySlots,
  fitLines,
  graphemes,
  headerTextColor,
  layoutChatOverlay,
  normalizeChatText,
  safeColor,
  wrapChatText,
} from '../../../compositor/templates/chatOverlay';
import { templateFonts, templateRegistry } from '../../../compositor/templates';
import { LOGO_Z, LOWER_THIRD_Z, TICKER_Z } from '../../../compositor/model/constants';

const x = (n: number, c = 'x'): string => c.repeat(n);
const len = (line: string): number => graphemes(line).length;

describe('wrapChatText: §9 wraps every 50 characters', () => {
  it('wraps at 50', () => expect(CHAT_OVERLAY_WRAP_CHARS).toBe(50));

  it.each<[string, string, string[]]>([
    ['empty text', '', []],
    ['blank text', ' \n\t  \r\n ', []],
    ['one word', 'Hello', ['Hello']],
    ['whitespace collapsed and trimmed', '  Hello \n\n  world\t! ', ['Hello world !']],
    ['exactly 50 in one word', x(50), [x(50)]],
    ['a 51-character word is hard-broken', x(51), [x(50), 'x']],
    ['a 120-character word: 50 + 50 + 20', x(120), [x(50), x(50), x(20)]],
    ['two words filling exactly 50', `${x(24, 'a')} ${x(25, 'b')}`, [`${x(24, 'a')} ${x(25, 'b')}`]],
    ['a word that would make 51 moves down', `${x(25, 'a')} ${x(25, 'b')}`, [x(25, 'a'), x(25, 'b')]],
    ['a long word starts its own line, its tail takes the next words', `hi ${x(60)} there`, ['hi', x(50), `${x(10)} there`]],
    ['markup is text', '<b>bold</b> & <script>x</script>', ['<b>bold</b> & <script>x</script>']],
    ['control characters are dropped', 'a\u0000b\u0007c', ['abc']],
  ])('%s', (_, text, lines) => {
    expect(wrapChatText(text)).toEqual(lines);
  });

  it('breaks at word boundaries: a ~180-character message', () => {
    const text =
      'Great session so far! Could you go back to the slide about latency budgets and explain how the 800 ms guard interacts with the encoder buffer? Thanks from Lisbon!';
    const lines = wrapChatText(text);
    expect(lines).toEqual([
      'Great session so far! Could you go back to the',
      'slide about latency budgets and explain how the',
      '800 ms guard interacts with the encoder buffer?',
      'Thanks from Lisbon!',
    ]);
    expect(lines.join(' ')).toBe(text);
  });

  it('counts an emoji with a modifier as one character and never splits it', () => {
    const thumbs = '👍🏽';
    const lines = wrapChatText(x(51, thumbs));
    expect(lines.map(len)).toEqual([50, 1]);
    expect(lines[0]).toBe(x(50, thumbs));
  });

  it('every line of any text holds ≤ 50 characters, no edge spaces, and loses no character', () => {
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 300; round += 1) {
      const words = Array.from({ length: 1 + rand(40) }, () => x(1 + rand(rand(4) === 0 ? 80 : 12), String.fromCharCode(97 + rand(26))));
      const text = words.join(x(1 + rand(3), rand(2) ? ' ' : '\n'));
      const lines = wrapChatText(text);
      for (const line of lines) {
        expect(len(line)).toBeLessThanOrEqual(50);
        expect(line).toBe(line.trim());
        expect(line.length).toBeGreaterThan(0);
      }
      expect(lines.join('').replace(/ /g, '')).toBe(normalizeChatText(text).replace(/ /g, ''));
      if (words.every((w) => w.length <= 50)) expect(lines.join(' ')).toBe(normalizeChatText(text));
    }
  });
});

describe('fitLines: the §9 stack caps the card', () => {
  it.each<[string, string[], number, string[]]>([
    ['fewer lines than the cap', ['a', 'b'], 3, ['a', 'b']],
    ['exactly the cap', ['a', 'b', 'c'], 3, ['a', 'b', 'c']],
    ['cut: the last kept line ends in …', ['a', 'b', 'c', 'd'], 2, ['a', 'b…']],
    ['a full last line makes room for …', [x(50), x(50), x(50)], 2, [x(50), `${x(49)}…`]],
    ['trailing space before … is trimmed', ['a', `${x(48)} y`, 'z'], 2, ['a', `${x(48)}…`]],
    ['no room at all', ['a'], 0, []],
  ])('%s', (_, lines, max, expected) => {
    const fitted = fitLines(lines, max);
    expect(fitted).toEqual(expected);
    for (const line of fitted) expect(len(line)).toBeLessThanOrEqual(50);
  });
});

describe('§9 stack slots: from y 0.8 down in steps of 1/8 while positive', () => {
  it('are 0.8, 0.675, 0.55, 0.425, 0.3, 0.175, 0.05', () => {
    expect(chatOverlaySlots()).toEqual([0.8, 0.675, 0.55, 0.425, 0.3, 0.175, 0.05]);
    expect(CHAT_OVERLAY_BASE_Y).toBe(0.8);
    expect(CHAT_OVERLAY_CEILING_Y).toBe(0.05);
  });

  it('cap a message at 14 lines at every output size', () => {
    expect(CHAT_OVERLAY_MAX_LINES).toBe(14);
    for (const h of [1080, 900, 720, 540, 360]) expect(chatOverlayMaxLines((h * 16) / 9, h)).toBe(14);
    expect(chatOverlayMaxLines(71, 40)).toBeLessThan(14); // whole-pixel rounding on a thumbnail keeps the card inside
  });
});

describe('layoutChatOverlay: the card stacks up from y 0.8', () => {
  const FRAMES: Array<[number, number]> = [
    [1920, 1080],
    [1600, 900],
    [640, 360],
  ];
  const cases = FRAMES.flatMap(([w, h]) => Array.from({ length: CHAT_OVERLAY_MAX_LINES }, (_, i) => [w, h, i + 1] as const));

  it.each(cases)('%i×%i, %i line(s): inside the frame, on the base, lines contiguous and stacked upward', (w, h, n) => {
    const s = chatOverlaySizes(h);
    const l = layoutChatOverlay({ lineCount: n, bodyWidth: 0.4 * w, nameWidth: 0.1 * w }, w, h);
    const bottom = Math.round(0.8 * h);
    // On slot 0, below the ceiling, inside the frame.
    expect(l.card.y + l.card.height).toBe(bottom);
    expect(l.card.y).toBeGreaterThanOrEqual(Math.round(0.05 * h));
    expect(l.card.x).toBe(Math.round(0.05 * w));
    expect(l.card.x + l.card.width).toBeLessThanOrEqual(Math.round(0.95 * w));
    // Lines: n boxes, one pitch apart, the last on the bottom padding, all inside the card under the header.
    expect(l.lines).toHaveLength(n);
    l.lines.forEach((line, i) => {
      expect(line.height).toBe(s.pitchPx);
      if (i > 0) expect(line.y).toBe(l.lines[i - 1]!.y + s.pitchPx);
      expect(line.y).toBeGreaterThan(0);
      expect(line.y + line.height).toBeLessThanOrEqual(bottom);
    });
    expect(l.lines.at(-1)!.y + s.pitchPx).toBe(bottom - s.padY);
    expect(l.body.y).toBe(l.lines[0]!.y);
    expect(l.header).not.toBeNull();
    expect(l.header!.y).toBe(l.card.y);
    expect(l.header!.y + l.header!.height + s.padY).toBe(l.lines[0]!.y);
    expect(l.name!.centerY).toBe(l.header!.y + l.header!.height / 2);
  });

  it('grows upward only: one more line moves the top up one pitch and keeps the bottom', () => {
    const at = (n: number) => layoutChatOverlay({ lineCount: n, bodyWidth: 500, nameWidth: 100 }, 1920, 1080);
    for (let n = 1; n < CHAT_OVERLAY_MAX_LINES; n += 1) {
      expect(at(n + 1).card.y).toBe(at(n).card.y - chatOverlaySizes(1080).pitchPx);
      expect(at(n + 1).card.y + at(n + 1).card.height).toBe(864);
    }
  });

  it('renders the same at any output size (fractions within a pixel)', () => {
    const big = layoutChatOverlay({ lineCount: 4, bodyWidth: 0.45 * 1920, nameWidth: 200 }, 1920, 1080);
    const small = layoutChatOverlay({ lineCount: 4, bodyWidth: 0.45 * 960, nameWidth: 100 }, 960, 540);
    const frac = (b: { x: number; y: number; width: number; height: number }, w: number, h: number) => [b.x / w, b.y / h, b.width / w, b.height / h];
    frac(big.card, 1920, 1080).forEach((v, i) => expect(Math.abs(v - frac(small.card, 960, 540)[i]!)).toBeLessThanOrEqual(3 / 540));
  });

  it('without a name: no header, the card is the message alone', () => {
    const l = layoutChatOverlay({ lineCount: 2, bodyWidth: 600, nameWidth: null }, 1920, 1080);
    const s = chatOverlaySizes(1080);
    expect(l.header).toBeNull();
    expect(l.name).toBeNull();
    expect(l.card.y).toBe(l.lines[0]!.y - s.padY);
  });

  it('fits its text, has a minimum width, and squeezes text wider than the title-safe area', () => {
    const s = chatOverlaySizes(1080);
    expect(layoutChatOverlay({ lineCount: 1, bodyWidth: 600, nameWidth: 150 }, 1920, 1080).card.width).toBe(600 + 2 * s.padX);
    expect(layoutChatOverlay({ lineCount: 1, bodyWidth: 40, nameWidth: 60 }, 1920, 1080).card.width).toBe(Math.round(0.3 * 1080));
    const wide = layoutChatOverlay({ lineCount: 1, bodyWidth: 4000, nameWidth: 3000 }, 1920, 1080);
    expect(wide.card.width).toBe(1824 - 96);
    expect(wide.body.scaleX).toBeCloseTo((1728 - 2 * s.padX) / 4000);
    expect(wide.name!.scaleX).toBeCloseTo((1728 - 2 * s.padX) / 3000);
  });

  it('sizes are fractions of the frame height in whole pixels', () => {
    expect(chatOverlaySizes(1080)).toEqual({ fontPx: 37, pitchPx: 50, namePx: 29, headerPx: 54, padX: 26, padY: 17, radius: 13 });
    expect(chatOverlaySizes(0).fontPx).toBe(1);
  });
});

describe('chat overlay schema', () => {
  it.each<[string, string]>([
    ['#0D62C5', '#0D62C5'],
    ['#0d62c5', '#0D62C5'],
    ['#abc', '#AABBCC'],
    ['red', '#0D62C5'],
    ['#12345', '#0D62C5'],
    ['<script>', '#0D62C5'],
    ['', '#0D62C5'],
  ])('safeColor(%j) = %s', (input, out) => expect(safeColor(input)).toBe(out));

  it.each<[string, string]>([
    ['#0D62C5', '#FFFFFF'],
    ['#000000', '#FFFFFF'],
    ['#E6194B', '#FFFFFF'],
    ['#FFE119', '#0B0D12'],
    ['#FFFFFF', '#0B0D12'],
    ['#46F0F0', '#0B0D12'],
  ])('name on a %s header is %s', (primary, color) => expect(headerTextColor(primary)).toBe(color));

  it('defaults: §3 primary colour #0D62C5', () => {
    expect(chatOverlay({ id: 'm1', text: 'hi' })).toEqual({ kind: 'chat', id: 'm1', name: '', text: 'hi', primaryColor: '#0D62C5' });
  });

  it('z: above producers, under lower third, ticker and logo (§9)', () => {
    expect(CHAT_OVERLAY_Z).toBeLessThan(Math.min(LOWER_THIRD_Z, TICKER_Z, LOGO_Z));
    expect(templateRegistry.chat?.z).toBe(CHAT_OVERLAY_Z);
    expect(templateFonts().length).toBeGreaterThan(0);
  });
});

describe('compositor/templates import boundaries (DESIGN folder table)', () => {
  const root = join(__dirname, '../../../compositor/templates');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  const files = walk(root).map((f) => f.slice(root.length + 1));
  const specsOf = (file: string): string[] =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/^(?:(?:import|export)\b[^;]*?\bfrom\s*|import\s*)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

  it.each(files)('%s imports only pixi.js, model, layout or templates', (file) => {
    for (const spec of specsOf(file)) expect(spec).toMatch(/^(pixi\.js|\.\.?\/[\w./]+)$/);
    for (const spec of specsOf(file)) expect(spec).not.toMatch(/render|src\/|react|zustand|immer/);
  });

  it.each(files.filter((f) => /(geometry|schema)\.ts$/.test(f)))('%s is pure: no pixi', (file) => {
    for (const spec of specsOf(file)) expect(spec).not.toMatch(/pixi/);
  });
});
