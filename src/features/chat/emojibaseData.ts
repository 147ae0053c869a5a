/**
 * The emoji picker's data, bundled with the app instead of fetched: frimousse loads Emojibase from
 * cdn.jsdelivr.net by default, which needs the network and a connect-src the app need not grant.
 * Here the `emojibase-data` package's English dataset is imported on demand, so Vite emits it as
 * its own lazily loaded chunk (fetched the first time the picker opens, never in the main bundle),
 * and it is shaped the way frimousse's default resolver shapes it. Nothing goes to localStorage.
 *
 * frimousse uses custom data as it is, so the filtering its default resolver does is done here too:
 * emoji newer than this system's emoji font can draw, and country flags where they draw as letters
 * (Windows), are left out.
 */
import type { EmojiData, EmojiDataResolver, SkinTone } from 'frimousse';

type Tone = Exclude<SkinTone, 'none'>;
type PickerEmoji = EmojiData['emojis'][number];

/** The parts of emojibase-data's `data.json` and `messages.json` used here. */
interface EmojibaseEmoji {
  emoji: string;
  label: string;
  group?: number;
  subgroup?: number;
  version: number;
  tags?: string[];
  /** 1..5 for one person's skin tone, a list of them for emoji with several people. */
  tone?: number | number[];
  skins?: EmojibaseEmoji[];
}
interface EmojibaseMessages {
  groups: { key: string; message: string; order: number }[];
  subgroups: { key: string; message: string; order: number }[];
  skinTones: { key: string; message: string }[];
}

/** Emojibase's tone numbers 1..5, in order. */
const TONES: readonly Tone[] = ['light', 'medium-light', 'medium', 'medium-dark', 'dark'];
const isTone = (key: string): key is Tone => (TONES as readonly string[]).includes(key);
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Shapes Emojibase's dataset as frimousse's EmojiData (what frimousse's own resolver does with it). */
export function toEmojiData(emojis: readonly EmojibaseEmoji[], messages: EmojibaseMessages): EmojiData {
  const flags = messages.subgroups.find((s) => s.key === 'country-flag');
  const components = messages.groups.find((g) => g.key === 'component')?.order;
  const skinTones = {} as Record<Tone, string>;
  for (const { key, message } of messages.skinTones) if (isTone(key)) skinTones[key] = capitalize(message);
  return {
    locale: 'en',
    categories: messages.groups.filter((g) => g.key !== 'component').map((g) => ({ index: g.order, label: capitalize(g.message) })),
    emojis: emojis.flatMap((e): PickerEmoji[] => {
      if (e.group === undefined || e.group === components) return []; // skin tone and hair parts, regional indicators
      const toned = e.skins?.filter((s) => typeof s.tone === 'number') ?? [];
      const aliases = e.skins?.filter((s) => Array.isArray(s.tone)).map((s) => s.emoji) ?? [];
      return [
        {
          emoji: e.emoji,
          category: e.group,
          version: e.version,
          label: capitalize(e.label),
          tags: e.tags ?? [],
          countryFlag: (flags !== undefined && e.subgroup === flags.order) || undefined,
          skins: toned.length ? (Object.fromEntries(toned.map((s) => [TONES[(s.tone as number) - 1], s.emoji])) as Record<Tone, string>) : undefined,
          aliases: aliases.length ? aliases : undefined,
        },
      ];
    }),
    skinTones,
  };
}

/**
 * Whether this system draws `emoji` as one colour glyph (frimousse's own test): a sequence the font
 * does not know is drawn as several glyphs (too wide), a missing colour glyph in the text colour.
 */
function drawsInColour(ctx: CanvasRenderingContext2D, emoji: string): boolean {
  const size = 2;
  ctx.clearRect(0, 0, size, size);
  if (ctx.measureText(emoji).width >= size * 2) return false;
  ctx.fillStyle = '#00f';
  ctx.fillText(emoji, 0, 0);
  const blue = ctx.getImageData(0, 0, size, size).data;
  ctx.clearRect(0, 0, size, size);
  ctx.fillStyle = '#f00';
  ctx.fillText(emoji, 0, 0);
  const red = ctx.getImageData(0, 0, size, size).data;
  return blue.every((value, i) => i % 4 === 3 || value === red[i]);
}

/** The newest emoji version this system draws, and whether it draws country flags. */
function systemSupport(emojis: readonly PickerEmoji[]): { version: number; flags: boolean } {
  const sample = new Map<number, string>();
  for (const e of emojis) if (!sample.has(e.version)) sample.set(e.version, e.emoji);
  const versions = [...sample.keys()].sort((a, b) => b - a);
  const newest = versions[0] ?? 0;
  let ctx: CanvasRenderingContext2D | null = null;
  try {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 2;
    ctx = canvas.getContext('2d', { willReadFrequently: true });
  } catch {
    ctx = null;
  }
  // Cannot tell (no canvas): offer everything, as frimousse does.
  if (!ctx) return { version: newest, flags: true };
  ctx.font = "2px 'Apple Color Emoji', 'Noto Color Emoji', 'Twemoji Mozilla', 'Android Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', sans-serif";
  ctx.textBaseline = 'middle';
  const flags = drawsInColour(ctx, '\u{1F1EA}\u{1F1FA}');
  const version = versions.find((v) => drawsInColour(ctx, sample.get(v)!)) ?? newest;
  return { version, flags };
}

let loading: Promise<EmojiData> | null = null;

/** Loads (once) the bundled dataset, shaped and filtered for this system. */
export function loadEmojiData(): Promise<EmojiData> {
  loading ??= Promise.all([import('emojibase-data/en/data.json'), import('emojibase-data/en/messages.json')]).then(
    ([data, messages]) => {
      const all = toEmojiData(data.default as EmojibaseEmoji[], messages.default as EmojibaseMessages);
      const support = systemSupport(all.emojis);
      return { ...all, emojis: all.emojis.filter((e) => e.version <= support.version && (support.flags || !e.countryFlag)) };
    },
    (error: unknown) => {
      loading = null; // a failed chunk load (say, a deploy in between) is tried again on the next open
      throw error;
    },
  );
  return loading;
}

/** frimousse's `resolveEmojiData`: the bundled English data, whatever locale is asked for. */
export const resolveEmojiData: EmojiDataResolver = () => loadEmojiData();
