/** Type guards for reading JSON of unknown shape from a server (never trusting it, never throwing). */
export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isOneOf = <T extends string>(options: readonly T[], v: unknown): v is T => typeof v === 'string' && (options as readonly string[]).includes(v);

/** JSON text → value; `undefined` when it is not valid JSON (or not text at all). */
export function parseJsonText(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Every key of `shape` present on `v` with a value passing its guard. */
export function hasShape(v: unknown, shape: Record<string, (x: unknown) => boolean>): v is Json {
  return isRecord(v) && Object.entries(shape).every(([key, guard]) => guard(v[key]));
}
