/**
 * The fields a stored value may hold: exactly those the studio writes. A field it never writes is
 * refused by name (400), so no unknown field can carry a payload past the limits of the known ones
 * (a rundown's `settings` once took a 60,000-character field of its own invention).
 */
import { isRecord } from '../../compositor/model/json';

/** Field → the spec of its value when that is a record (or a list of records), else null. */
export type FieldSpec = { readonly [field: string]: FieldSpec | null };

/** The spec of a value the studio writes: its records' fields, nested (a list is checked against its first entry's). */
export function specOf(example: unknown): FieldSpec | null {
  if (Array.isArray(example)) return example.length ? specOf(example[0]) : null;
  if (!isRecord(example)) return null;
  return Object.fromEntries(Object.entries(example).map(([k, v]) => [k, specOf(v)]));
}

const PATH_MAX = 80;

/** The path (`look.onAir.extra`) of the first field of `value` that `spec` does not name, or null; a list's entries are each checked. */
export function unknownField(value: unknown, spec: FieldSpec, path = ''): string | null {
  if (Array.isArray(value)) {
    for (const entry of value) {
      const found = unknownField(entry, spec, path);
      if (found) return found;
    }
    return null;
  }
  if (!isRecord(value)) return null;
  for (const [field, v] of Object.entries(value)) {
    const at = (path ? `${path}.${field}` : field).slice(0, PATH_MAX);
    if (!Object.hasOwn(spec, field)) return at;
    const inner = spec[field];
    const found = inner ? unknownField(v, inner, at) : null;
    if (found) return found;
  }
  return null;
}

/** The message of a refused unknown field. */
export const unknownFieldProblem = (where: string, path: string) => `${where} has a field the studio does not write: "${path}"`;
