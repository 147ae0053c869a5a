/** A participant's avatar: initials on a colour picked from a fixed palette by name hash (§9 UI). */
import { avatarColorIndex, initialsOf } from '../lib/avatar';

export function Avatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' }) {
  return (
    <span className={`avatar avatar-c${avatarColorIndex(name)} avatar-${size}`} aria-hidden>
      {initialsOf(name)}
    </span>
  );
}
