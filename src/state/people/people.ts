/**
 * The roster (§3 Participant; §4 Participant presence, Mute modes; §2 People). Pure rules here;
 * the store keeps the attendees and the presence clock. Presenters are the stage's producer cards.
 */
import { MIN_MUTABLE_ID_LENGTH, ROSTER_ABSENCE_MS } from './limits';

export type Role = 'Attendee' | 'Panelist' | 'Moderator';

export interface Participant {
  id: string;
  name: string;
  role: Role;
  /** Epoch ms. */
  joinTime: number;
  isSelf: boolean;
  inParticipantRoster: boolean;
  /** Last time the media roster listed this participant (§4 presence). */
  lastSeen: number;
  audioMute: boolean;
  videoMute: boolean;
  audioHardMute: boolean;
  videoHardMute: boolean;
  /** A presenter's producer-card id, which is also its feed in the meeting (backend mode). */
  participantId?: string;
  shareScreen?: boolean;
  /** Someone asked this sharer to stop (Screen Share Conflict: CONTINUE). */
  contentShareMute?: boolean;
  voiceProcessing?: boolean;
}

const ROSTER_FIELDS = ['audioMute', 'videoMute', 'audioHardMute', 'videoHardMute', 'participantId', 'shareScreen', 'contentShareMute', 'voiceProcessing'] as const;

/** An attendee's raised hand (issue 32), oldest first; a moderator lowers it or invites them on stage. */
export interface RaisedHand {
  id: string;
  name: string;
  /** Epoch ms. */
  raisedAt: number;
  /** Invited on stage: their page offers "Join backstage". */
  invited: boolean;
}

/** One participant as a roster update lists them (§7 Event_Roster); presence is ours to keep. */
export type RosterEntry = Pick<Participant, 'id' | 'name' | 'role' | 'joinTime'> & Partial<Pick<Participant, (typeof ROSTER_FIELDS)[number]>>;

/** A known participant with what the newest roster says of them (the same object when nothing changed). */
export function withRosterEntry(p: Participant, e: RosterEntry): Participant {
  const changed = p.name !== e.name || ROSTER_FIELDS.some((k) => e[k] !== undefined && e[k] !== p[k]);
  if (!changed) return p;
  const next: Participant = { ...p, name: e.name };
  for (const k of ROSTER_FIELDS) if (e[k] !== undefined) (next as unknown as Record<string, unknown>)[k] = e[k];
  return next;
}

export type SortKey = 'name' | 'arrival';
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}
export const SORT_OPTIONS: readonly { order: SortOrder; label: string }[] = [
  { order: { key: 'name', direction: 'asc' }, label: 'Alphabetical (A–Z)' },
  { order: { key: 'name', direction: 'desc' }, label: 'Alphabetical (Z–A)' },
  { order: { key: 'arrival', direction: 'asc' }, label: 'Arrival time (earliest first)' },
  { order: { key: 'arrival', direction: 'desc' }, label: 'Arrival time (latest first)' },
];

/** §5 search: case-insensitive, on the name. */
export function matchesSearch(p: Pick<Participant, 'name'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || p.name.toLowerCase().includes(q);
}

export function sortParticipants<T extends Pick<Participant, 'name' | 'joinTime'>>(list: readonly T[], order: SortOrder): T[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => sign * (order.key === 'name' ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) : a.joinTime - b.joinTime));
}

/** §5: a mute is skipped when the participant id is missing or 6 characters or fewer. */
export function canMute(id: string | null | undefined): boolean {
  return !!id && id.length >= MIN_MUTABLE_ID_LENGTH;
}

/** §4: participants listed now are seen; one unlisted for over 5 s is marked out of the roster. */
export function markPresence(list: readonly Participant[], rosterIds: ReadonlySet<string>, now: number): Participant[] {
  return list.map((p) => {
    if (rosterIds.has(p.id)) return p.inParticipantRoster && p.lastSeen === now ? p : { ...p, lastSeen: now, inParticipantRoster: true };
    if (now - p.lastSeen > ROSTER_ABSENCE_MS && p.inParticipantRoster) return { ...p, inParticipantRoster: false };
    return p;
  });
}

/** §4 cleanup: a participant out of the roster is freed. */
export function cleanupRoster(list: readonly Participant[]): Participant[] {
  const kept = list.filter((p) => p.inParticipantRoster);
  return kept.length === list.length ? (list as Participant[]) : kept;
}

/**
 * Menu entries by role (§2, §6): attendees get a reduced menu (a private chat only where the event lets
 * attendees read one, one2OneModChat: issue 32); no remove for self or a moderator.
 */
export function menuEntries(p: Pick<Participant, 'role' | 'isSelf'>, { privateChat = true }: { privateChat?: boolean } = {}): string[] {
  if (p.role === 'Attendee') return privateChat ? ['Chat with guest', 'Remove guest'] : ['Remove guest'];
  const entries = ['Mute mic', 'Mute video', 'Disable mic', 'Disable video', 'Edit name', 'Noise cancellation'];
  if (!p.isSelf && p.role !== 'Moderator') entries.push('Remove presenter');
  return entries.concat('Connection details');
}
