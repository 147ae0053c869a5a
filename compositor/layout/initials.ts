/** A person's initials, for avatars and name tags (the same rule in the panels and on stage). */

/**
 * Titles before a name and suffixes after it, which are not the person's initials ('Dr. Siobhan
 * Walsh-Fitzgerald' is SW, not DW). Compared without case and without a trailing dot.
 */
const NAME_HONORIFICS: ReadonlySet<string> = new Set(['dr', 'mr', 'mrs', 'ms', 'mx', 'miss', 'prof', 'sir', 'dame', 'rev', 'fr', 'hon']);
const NAME_SUFFIXES: ReadonlySet<string> = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md']);

/** At most this many initials: first and last name. */
const MAX_INITIALS = 2;

const bare = (word: string) => word.replace(/\.$/, '').toLocaleLowerCase();

/**
 * Up to `max` initials: the first and the last word of the name ('Emily Carter' → 'EC', 'Zoë' → 'Z'),
 * honorifics and suffixes left out unless they are all there is; a hyphenated surname gives its first
 * letter ('Walsh-Fitzgerald' → 'W'); '?' without a name.
 */
export function initialsOf(name: string, max = MAX_INITIALS): string {
  const words = name
    .normalize('NFC')
    .trim()
    .split(/[\s,]+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  let first = 0;
  while (first < words.length - 1 && NAME_HONORIFICS.has(bare(words[first]!))) first += 1;
  let last = words.length - 1;
  while (last > first && NAME_SUFFIXES.has(bare(words[last]!))) last -= 1;
  if (!words[first]) return '?';
  const letter = (w: string) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0]?.toLocaleUpperCase() ?? '';
  const picked = last > first ? [words[first]!, words[last]!] : [words[first]!];
  return picked.slice(0, Math.max(1, max)).map(letter).join('') || '?';
}
