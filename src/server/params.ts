/** Reading numbers from a query or a path: a value that is not a whole number in range is a 400, never a database error. */
import { badRequest } from './errors';

/**
 * The integer in `value` (a query or path text), `fallback` when it is absent or empty; 400 when it is
 * not a safe integer (`1e400`, `abc`, `1.5`) or lies outside `min..max`.
 */
export function intParam(value: unknown, name: string, { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, fallback }: { min?: number; max?: number; fallback: number }): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}
