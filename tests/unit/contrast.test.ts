/**
 * Issue 11: one set of colour tokens (theme.css :root), WCAG AA on the dark theme, and no literal
 * colours anywhere else in the app's styles and components.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const THEME = readFileSync(join(ROOT, 'src/ui/theme.css'), 'utf8');
const tokenBlock = THEME.slice(THEME.indexOf(':root {'), THEME.indexOf('\n}\n'));
const TOKENS = Object.fromEntries([...tokenBlock.matchAll(/--([\w-]+):\s*(#[0-9a-f]{3,6});/gi)].map((m) => [m[1]!, m[2]!]));

function luminance(hex: string): number {
  const h = hex.slice(1).length === 3 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
/** WCAG 2 contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
const token = (name: string) => {
  const value = TOKENS[name];
  if (!value) throw new Error(`no colour token --${name}`);
  return value;
};

const SURFACES = ['bg', 'surface', 'surface-2', 'surface-3'];
/** Text tokens used on the app's dark surfaces: 4.5:1 (WCAG 1.4.3, normal text). */
const TEXT_ON_SURFACES = ['text', 'muted', 'danger-text', 'success-text', 'accent-text', 'warning-text', 'focus'];
/** Text on a filled control or badge: 4.5:1. */
const TEXT_ON_FILLS: [string, string][] = [
  ['on-accent', 'primary'],
  ['on-accent', 'live'],
  ['on-accent', 'avatar-neutral'],
  ...Array.from({ length: 10 }, (_, i): [string, string] => ['on-accent', `avatar-${i}`]),
  ['muted', 'surface-hover'],
  ['text', 'surface-hover'],
];
/** Non-text contrast (WCAG 1.4.11): focus ring, control borders, an off switch's track: 3:1. */
const NON_TEXT: [string, string][] = [
  ...SURFACES.map((s): [string, string] => ['focus', s]),
  ...['surface', 'surface-2', 'surface-3'].map((s): [string, string] => ['control-border', s]),
  ['control-off', 'surface-2'],
  ['control-off', 'surface'],
  ['live', 'surface-2'],
];

describe('colour tokens meet WCAG AA on the dark theme', () => {
  it.each(SURFACES.flatMap((s) => TEXT_ON_SURFACES.map((t) => [t, s])))('text --%s on --%s ≥ 4.5:1', (fg, bg) => {
    expect(contrast(token(fg!), token(bg!))).toBeGreaterThanOrEqual(4.5);
  });
  it.each(TEXT_ON_FILLS)('text --%s on --%s ≥ 4.5:1', (fg, bg) => {
    expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(4.5);
  });
  it.each(NON_TEXT)('--%s against --%s ≥ 3:1', (fg, bg) => {
    expect(contrast(token(fg), token(bg))).toBeGreaterThanOrEqual(3);
  });
  it('the ratio is WCAG’s (white on black is 21:1, equal colours 1:1)', () => {
    expect(contrast('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrast('#0d62c5', '#0d62c5')).toBe(1);
  });
});

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => ext.test(f))
    .map((f) => join(dir, f));
}
const LITERAL_COLOUR = /#[0-9a-f]{3,8}\b|\brgba?\(|\bhsla?\(|(?<![\w-])(?:white|black)(?![\w-])/gi;

describe('no literal colours outside the token block', () => {
  it.each(files('src', /\.css$/))('%s', (file) => {
    let css = readFileSync(join(ROOT, file), 'utf8');
    if (file.endsWith('theme.css')) css = css.replace(tokenBlock, '');
    expect(css.replace(/\/\*[\s\S]*?\*\//g, '').match(LITERAL_COLOUR) ?? []).toEqual([]);
  });
  it('components set colours through classes, not literals', () => {
    const offenders = files('src', /\.tsx$/).filter((f) => /(?:fill|stroke|color|background)\s*[=:]\s*['"{]\s*['"]?#[0-9a-f]{3,8}/i.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
