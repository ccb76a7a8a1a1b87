import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../server/db/database.ts';

/** The storage backends every storage and API test runs on: PGlite always, PostgreSQL when reachable. */
export const BACKENDS: readonly ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, empty database: in-memory PGlite, or a new schema on the TEST_DATABASE_URL server
 * (dropped by `drop`), so test files never see each other's data.
 */
export async function freshDatabase(kind: 'pglite' | 'postgres'): Promise<{ db: Database; drop(): Promise<void>; url?: string }> {
  if (kind === 'pglite') {
    const db = await openDatabase({});
    return { db, drop: () => db.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ databaseUrl: url.toString() });
  return {
    db,
    /** The same schema's URL, for a second connection (another server process). */
    url: url.toString(),
    async drop() {
      await db.close();
      const admin = postgres(base, { max: 1, onnotice: () => undefined });
      await admin.unsafe(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}
