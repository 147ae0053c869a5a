/**
 * This client's origin id and the §3 updateReason of its edits (§4: updates carrying our origin are
 * our own echoes; saves are sent only for local changes).
 */
import type { EditAction, EditKind, UpdateReason } from '../../../compositor/model/types';

export const LOCAL_ORIGIN = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `local-${Date.now()}`;

export type ReasonInput = { group: EditKind; action: EditAction; id?: string | number | null; value?: string | number | boolean | null };

export const reasonOf = (r: ReasonInput): UpdateReason => ({ group: r.group, action: r.action, id: r.id ?? null, value: r.value ?? null, fromUuid: LOCAL_ORIGIN });
