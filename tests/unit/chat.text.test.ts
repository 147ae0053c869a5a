/** §5 Chat inputs: filtered and cleaned, then truncated to 500 characters; an appended emoji is cut to 500 too. */
import { describe, expect, it } from 'vitest';
import { CHAT_MAX } from '../../src/state/chat/limits';
import { appendEmoji, chatLength, cleanChatText, fitChatText, insertEmoji } from '../../src/state/chat/text';
import { fromNow } from '../../src/lib/fromNow';
import { AVATAR_PALETTE_SIZE, avatarColorIndex, initialsOf } from '../../src/lib/avatar';
import { computeWindow, estimateRowHeight, layoutOffsets } from '../../src/features/chat/windowing';
import emojibase from 'emojibase-data/en/data.json';
import emojibaseMessages from 'emojibase-data/en/messages.json';
import { loadEmojiData, toEmojiData } from '../../src/features/chat/emojibaseData';

const x = (n: number) => 'x'.repeat(n);

describe('cleanChatText (§5)', () => {
  it.each([
    ['strips markup, keeps the text', '<b>Hello</b> <script>alert(1)</script>world', 'Hello alert(1)world'],
    ['keeps ampersands as text', 'Tom & Jerry', 'Tom & Jerry'],
    ['removes control and bidi-override characters', 'a\u0007b\u202Ec', 'abc'],
    ['trims', '   hi there  \n', 'hi there'],
    ['keeps inner new lines', 'line 1\nline 2', 'line 1\nline 2'],
    ['markup only leaves nothing', '<img src=x onerror=alert(1)>', ''],
  ])('%s', (_, input, expected) => {
    expect(cleanChatText(input)).toBe(expected);
  });

  it('truncates to 500 characters', () => {
    expect(cleanChatText(x(600))).toBe(x(CHAT_MAX));
  });

  it('counts an emoji as one character', () => {
    const text = '😀'.repeat(CHAT_MAX + 10);
    expect(chatLength(cleanChatText(text))).toBe(CHAT_MAX);
  });

  it('never leaves half of a joined emoji at the cut', () => {
    // 👩‍💻 is three code points (woman, ZWJ, laptop): at 498 + 3 it does not fit and is left out whole.
    expect(fitChatText(`${x(498)}👩‍💻`)).toBe(x(498));
    expect(fitChatText(`${x(497)}👩‍💻`)).toBe(`${x(497)}👩‍💻`);
  });
});

describe('an appended emoji is cut to 500 too (§5)', () => {
  it('fits below the limit', () => {
    expect(appendEmoji(x(499), '😀')).toBe(`${x(499)}😀`);
    expect(chatLength(appendEmoji(x(499), '😀'))).toBe(CHAT_MAX);
  });

  it('at the limit, the emoji does not fit and the text is unchanged', () => {
    expect(appendEmoji(x(500), '😀')).toBe(x(500));
  });

  it('a two-code-point emoji (❤️) at 499 is not cut in half', () => {
    expect(appendEmoji(x(499), '❤️')).toBe(x(499));
  });

  it('inserts at the caret and reports where the caret goes', () => {
    expect(insertEmoji('Hi all', '👋', 2)).toEqual({ text: 'Hi👋 all', caret: 2 + '👋'.length });
    const full = insertEmoji(x(CHAT_MAX), '🎉', 10);
    expect(full.text).toBe(x(CHAT_MAX));
    expect(full.caret).toBe(10);
  });
});

describe('fromNow (§3 derived fromNow)', () => {
  const NOW = 1_700_000_000_000;
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [-5_000, 'just now'],
    [60_000, '1 min ago'],
    [2 * 60_000 + 5_000, '2 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [26 * 3_600_000, 'yesterday'],
    [3 * 86_400_000, '3 days ago'],
  ])('%i ms ago reads %s', (age, text) => {
    expect(fromNow(NOW - age, NOW)).toBe(text);
  });
});

describe('avatars (§9: colour from a fixed palette by name hash)', () => {
  it('gives the same name the same colour, and spreads names over the palette', () => {
    expect(avatarColorIndex('Emily Carter')).toBe(avatarColorIndex('Emily Carter'));
    const names = ['Emily Carter', 'Daniel Kim', 'Aisha Bello', 'Mei Chen', 'Oliver Brown', 'Noah Williams', 'Zoe Fischer', 'Ahmed Hassan', 'Laura Rossi', 'Tomás Ruiz'];
    const colours = new Set(names.map(avatarColorIndex));
    expect(colours.size).toBeGreaterThanOrEqual(5);
    for (const c of colours) expect(c).toBeLessThan(AVATAR_PALETTE_SIZE);
  });

  it.each([
    ['Emily Carter', 'EC'],
    ['Chloé Martin', 'CM'],
    ['mei', 'M'],
    ['Grace O’Neill', 'GO'],
    ['  ', '?'],
    ['Anna Maria van Dijk', 'AD'],
  ])('%s → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('windowing kernel', () => {
  it('returns only the rows in the viewport plus overscan', () => {
    const offsets = layoutOffsets(new Array(5000).fill(50));
    expect(offsets[5000]).toBe(250_000);
    expect(computeWindow(offsets, 0, 500, 3)).toEqual({ start: 0, end: 14 });
    expect(computeWindow(offsets, 100_000, 500, 3)).toEqual({ start: 1997, end: 2014 });
    // Past the end it clamps to the last viewport.
    expect(computeWindow(offsets, 1e9, 500, 0)).toEqual({ start: 4990, end: 5000 });
    expect(computeWindow(layoutOffsets([]), 0, 500, 3)).toEqual({ start: 0, end: 0 });
  });

  it('handles rows of different heights', () => {
    const offsets = layoutOffsets([10, 200, 10, 10, 300, 10]);
    expect(computeWindow(offsets, 205, 20, 0)).toEqual({ start: 1, end: 4 });
  });

  it('estimates taller rows for longer text', () => {
    expect(estimateRowHeight(x(400))).toBeGreaterThan(estimateRowHeight('hi'));
    expect(estimateRowHeight('a\nb\nc')).toBeGreaterThan(estimateRowHeight('abc'));
  });
});

describe('emoji data (bundled emojibase-data, shaped for frimousse)', () => {
  const data = toEmojiData(emojibase, emojibaseMessages);
  const find = (emoji: string) => data.emojis.find((e) => e.emoji === emoji);

  it('has the Emojibase categories without the components, in order, with readable names', () => {
    expect(data.locale).toBe('en');
    expect(data.categories.map((c) => c.label)).toEqual([
      'Smileys & emotion', 'People & body', 'Animals & nature', 'Food & drink', 'Travel & places', 'Activities', 'Objects', 'Symbols', 'Flags',
    ]);
    expect(data.emojis.length).toBeGreaterThan(1800);
    expect(data.emojis.every((e) => data.categories.some((c) => c.index === e.category))).toBe(true);
    expect(data.emojis.some((e) => /^regional indicator/i.test(e.label))).toBe(false);
  });

  it('keeps labels, search tags, versions, skin tones and flags', () => {
    expect(find('🎉')).toMatchObject({ label: 'Party popper', tags: expect.arrayContaining(['celebration', 'party']), version: expect.any(Number) });
    expect(find('👋')?.skins).toEqual({ light: '👋🏻', 'medium-light': '👋🏼', medium: '👋🏽', 'medium-dark': '👋🏾', dark: '👋🏿' });
    expect(find('🤝')?.aliases?.length).toBeGreaterThan(0);
    expect(find('🇫🇷')?.countryFlag).toBe(true);
    expect(find('🏁')?.countryFlag).toBeUndefined();
    expect(data.skinTones).toEqual({ light: 'Light skin tone', 'medium-light': 'Medium-light skin tone', medium: 'Medium skin tone', 'medium-dark': 'Medium-dark skin tone', dark: 'Dark skin tone' });
  });

  it('loads once, lazily, for every picker', async () => {
    const first = loadEmojiData();
    expect(loadEmojiData()).toBe(first);
    const loaded = await first;
    expect(loaded.emojis.map((e) => e.label)).toEqual(expect.arrayContaining(['Party popper', 'Partying face', 'Thumbs up', 'Grinning face']));
  });
});
