import { createHash } from 'node:crypto';
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

/** Distinct statements prepared by name; past it (SQL built with literals in it) statements go unnamed, as PGlite's own query does. */
const MAX_NAMED = 2000;

/** PostgreSQL's "cached plan must not change result type": a statement whose tables changed shape is prepared again. */
const PLAN_CHANGED = '0A000';

interface Prepared {
  name: string;
  /** The parameters' type oids, which choose PGlite's serializer for each value. */
  types: number[];
}

/** Frontend messages sent to PGlite as one buffer. */
function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Parameterized statements on PGlite, prepared by name once and executed from then on without
 * parsing, and without planning once PostgreSQL settles on the generic plan. PGlite's own `query`
 * parses and plans every call through the unnamed statement; with the records table's many partial
 * list indexes, planning was most of a key lookup (4.7 ms of 4.9 ms measured for a TRF's detail).
 * The messages are the extended protocol PGlite's `query` sends, with a statement name; values
 * are serialized and rows parsed by PGlite's own serializers and parsers.
 */
export function preparedQueries(pg: PGlite) {
  const prepared = new Map<string, Prepared>();
  const options = { syncToFs: false };
  // A statement prepared again (its tables changed shape) takes a fresh name: the stale one may not be dropped inside a failed transaction.
  let generation = 0;

  const { serialize } = protocol;
  async function prepare(sql: string): Promise<Prepared | undefined> {
    const known = prepared.get(sql);
    if (known || prepared.size >= MAX_NAMED) return known;
    const name = `p${createHash('sha1').update(sql).digest('hex').slice(0, 24)}_${generation}`;
    const described = await pg.execProtocolStream(concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()), options);
    const statement = { name, types: parse.parseDescribeStatementResults(described) };
    prepared.set(sql, statement);
    return statement;
  }

  async function run<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<{ rows: T[] } | undefined> {
    const statement = await prepare(sql);
    if (!statement) return undefined;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializeValue = pg.serializers[statement.types[i]!];
      return serializeValue ? serializeValue(value) : String(value);
    });
    // One call into PGlite for the whole exchange: on an error PostgreSQL skips to the Sync, and PGlite throws once it is done.
    const messages = await pg.execProtocolStream(
      concat(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
      options,
    );
    if (!inTransaction) await pg.syncToFs();
    return { rows: parse.parseResults(messages, pg.parsers)[0]!.rows as T[] };
  }

  /**
   * Runs a statement as PGlite's `query` would (`inTransaction`: inside the caller's transaction,
   * which already holds PGlite's transaction lock); answers undefined for statements to be run
   * unnamed (no parameters, or past the cap).
   */
  return async function query<T>(sql: string, params: readonly unknown[], inTransaction: boolean): Promise<{ rows: T[] } | undefined> {
    if (!params.length) return undefined;
    const once = () => pg._runExclusiveQuery(() => run<T>(sql, params, inTransaction));
    const exclusive = () => (inTransaction ? once() : pg._runExclusiveTransaction(once));
    try {
      return await exclusive();
    } catch (err) {
      if ((err as { code?: string }).code !== PLAN_CHANGED || !prepared.has(sql)) throw err;
      // The tables changed shape since it was prepared: the next call prepares it again under a fresh name.
      prepared.delete(sql);
      generation += 1;
      if (inTransaction) throw err;
      return exclusive();
    }
  };
}
