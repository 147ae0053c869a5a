/**
 * One small database interface for the backend: `query(sql, params)` and `transaction(fn)`, served
 * either by an embedded PostgreSQL (PGlite) on a data folder, or by a PostgreSQL server (`pg`).
 * The SQL is the same for both. jsonb values are passed as JSON text and cast (`$1::jsonb`), so
 * neither driver turns a JS array into a PostgreSQL array; int8 values come back as numbers.
 */
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** Runs `fn` in one transaction: committed (durably) before it resolves, rolled back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Epoch-ms and sizes are int8: read them as JS numbers (they stay far below 2^53). */
const toNumber = (text: string) => Number(text);

/**
 * PGlite on `dataDir`. relaxedDurability stays off (its default, set explicitly): every query
 * waits for its writes to reach the file system before it resolves, so a committed transaction
 * survives the process being killed (tests/server/durability.test.ts kills it with SIGKILL).
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const db = await PGlite.create({ dataDir, relaxedDurability: false, parsers: { [pgliteTypes.INT8]: toNumber } });
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await db.query<T>(sql, [...params])).rows;
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<R>(sql, [...params])).rows;
          },
        }),
      );
    },
    close: () => db.close(),
  };
}

/** A PostgreSQL server at `url` (DATABASE_URL), through a small `pg` pool. */
export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 5, types: { getTypeParser: (oid, format) => (oid === 20 ? toNumber : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig });
  // An idle connection the server drops (a restart, an admin shutdown) is replaced on the next query;
  // without a listener its error would end the process.
  pool.on('error', (error) => console.warn(`postgres: idle connection lost: ${error.message}`));
  await pool.query('SELECT 1');
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, [...params])).rows as T[];
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async <R>(sql: string, params: readonly unknown[] = []) => (await client.query(sql, [...params])).rows as R[] });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** JSON text for a jsonb parameter (always cast with `::jsonb` in the SQL). */
export const json = (value: unknown): string => JSON.stringify(value ?? null);
