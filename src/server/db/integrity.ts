/**
 * A quick read of every table at start, so a damaged database fails the start and not some request
 * later. Each table is read twice: straight through (every row and every TOAST value, which finds a
 * page that is not a page), and in the order of each of its indexes (which finds rows the indexes
 * know but the table file lost: a table file cut short reads as an empty table straight through).
 */
import type { Db } from './adapter';

interface Table {
  name: string;
  /** schema.table, quoted. */
  qualified: string;
}

interface TableIndex {
  /** The table's qualified name (as Table.qualified). */
  qualified: string;
  index: string;
  /** The indexed columns, quoted (expression indexes are skipped). */
  cols: string[];
}

const TABLES = `SELECT tablename AS name, format('%I.%I', schemaname, tablename) AS qualified FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`;
/** Every plain index of the schema's tables, in one catalog read. */
const INDEXES = `SELECT format('%I.%I', n.nspname, t.relname) AS qualified, i.relname AS index, array_agg(quote_ident(a.attname) ORDER BY k.ord) AS cols
  FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
  CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
  JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
  WHERE n.nspname = current_schema() AND t.relkind = 'r' AND x.indexprs IS NULL
  GROUP BY n.nspname, t.relname, i.relname ORDER BY i.relname`;
/** Makes the planner walk an index for an ORDER BY on its columns (for this transaction only; a straight read has no other plan). */
const INDEX_ONLY_PLANS = ['enable_seqscan', 'enable_bitmapscan', 'enable_indexonlyscan', 'enable_sort'];

/**
 * The tables that cannot be read whole, each with the reason; empty when every table reads. One
 * read-only transaction (a savepoint per table, so one damaged table does not hide the next): the
 * embedded database syncs its files once per transaction, not once per query.
 */
export async function unreadableTables(db: Db): Promise<{ table: string; reason: string }[]> {
  return db.transaction(async (tx) => {
    const problems: { table: string; reason: string }[] = [];
    for (const setting of INDEX_ONLY_PLANS) await tx.query(`SET LOCAL ${setting} = off`);
    const indexes = await tx.query<TableIndex>(INDEXES);
    for (const table of await tx.query<Table>(TABLES)) {
      await tx.query('SAVEPOINT table_read');
      try {
        const [whole] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n, sum(length(t::text)) AS bytes FROM ${table.qualified} t`);
        for (const { index, cols } of indexes.filter((i) => i.qualified === table.qualified)) {
          const list = cols.join(', ');
          const [byIndex] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT ${list} FROM ${table.qualified} ORDER BY ${list}) s`);
          if (byIndex?.n !== whole?.n) throw new Error(`its index ${index} holds ${byIndex?.n} rows, the table ${whole?.n}`);
        }
        await tx.query('RELEASE SAVEPOINT table_read');
      } catch (error) {
        await tx.query('ROLLBACK TO SAVEPOINT table_read');
        problems.push({ table: table.name, reason: error instanceof Error ? error.message : String(error) });
      }
    }
    return problems;
  });
}
