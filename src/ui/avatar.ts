/** Avatar initials and colour (§9: avatar colours come from a fixed palette by name hash). */
export const AVATAR_PALETTE = ['#0D62C5', '#7C3AED', '#DB2777', '#D97706', '#059669', '#0891B2', '#DC2626', '#4F46E5', '#65A30D', '#C026D3'] as const;

/** A stable 32-bit hash of the name (FNV-1a), so a person keeps their colour everywhere. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name.trim().toLowerCase()) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const avatarColor = (name: string) => AVATAR_PALETTE[nameHash(name) % AVATAR_PALETTE.length]!;

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '')
    .join('');
}
