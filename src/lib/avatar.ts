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

/** Initials live with the compositor (name tags draw them); the UI's avatars use the same rule. */
export { initialsOf } from '../../compositor/layout/initials';
