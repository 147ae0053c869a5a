/** A person's initials, for avatars and name tags (the same rule in the panels and on stage). */

/** Up to two initials: first and last word ('Emily Carter' → 'EC', 'Zoë' → 'Z'); '?' without a name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = words[0];
  if (!first) return '?';
  const letter = (w: string) => Array.from(w.replace(/^[^\p{L}\p{N}]+/u, ''))[0]?.toLocaleUpperCase() ?? '';
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return (letter(first) + (last ? letter(last) : '')) || '?';
}
