/**
 * A token bucket shared by every process (`rate_buckets`): `capacity` sends at once, refilled at
 * `capacity` per `windowMs`. Taking a token is one atomic statement (the row is locked by its
 * upsert), so two processes cannot both spend the last one.
 */
import type { Queryable } from '../db/adapter';

export interface BucketRule {
  capacity: number;
  windowMs: number;
}

const refilled = '(LEAST($2::float8, rate_buckets.tokens + GREATEST(0, $3 - rate_buckets.updated_at) * $4::float8))';

/** Takes one token from `key`'s bucket: answers 0, or the whole seconds (at least 1) until one is back. */
export async function takeToken(db: Queryable, key: string, rule: BucketRule, now: number): Promise<number> {
  const perMs = rule.capacity / rule.windowMs;
  const taken = await db.query(
    `INSERT INTO rate_buckets (key, tokens, updated_at) VALUES ($1, $2::float8 - 1, $3)
     ON CONFLICT (key) DO UPDATE SET tokens = ${refilled} - 1, updated_at = GREATEST(rate_buckets.updated_at, $3)
     WHERE ${refilled} >= 1 RETURNING key`,
    [key, rule.capacity, now, perMs],
  );
  if (taken.length) return 0;
  const row = (await db.query<{ tokens: number; updated_at: number }>('SELECT tokens, updated_at FROM rate_buckets WHERE key = $1', [key]))[0];
  const available = row ? Math.min(rule.capacity, row.tokens + Math.max(0, now - row.updated_at) * perMs) : rule.capacity;
  return Math.max(1, Math.ceil((1 - available) / perMs / 1000));
}
