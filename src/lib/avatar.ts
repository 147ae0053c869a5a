/** §9 UI: avatar colours come from a fixed palette by name hash; initials from the name. */

/** The palette size; the colours themselves are theme.css's .avatar-c0 … -c9 (CSS, so the CSP needs no inline styles). */
export const AVATAR_PALETTE_SIZE = 10;

/** FNV-1a over the name's code points: the same name always gets the same colour, on any machine. */
export function nameHash(name: string): number {
  let hash = 0x811c9dc5;
  for (const ch of name.trim().toLocaleLowerCase()) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export const avatarColorIndex = (name: string): number => nameHash(name) % AVATAR_PALETTE_SIZE;

/** Up to two initials: first and last word ('Emily Carter' → 'EC', 'Zoë' → 'Z'); '?' without a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = words[0];
  if (!first) return '?';
  const letter = (w: string) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0]?.toLocaleUpperCase() ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (letter(first) + (last ? letter(last) : '')) || '?';
}
