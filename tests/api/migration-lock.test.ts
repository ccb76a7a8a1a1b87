import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../server/db/migrations.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { BACKENDS, freshDatabase } from '../support/backends.ts';

/** Every migration id and how many times it was recorded as applied. */
async function appliedCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<{ id: string; n: number }>('select id, count(*)::int as n from schema_migrations group by id order by id');
  return Object.fromEntries(rows.map((r) => [r.id, r.n]));
}

const once = Object.fromEntries(MIGRATIONS.map((m) => [m.id, 1]));

describe('migrations under the advisory lock', () => {
  it('two migrations started together on one embedded database apply each migration once', async () => {
    const { db, drop } = await freshDatabase('pglite');
    try {
      await Promise.all([migrate(db), migrate(db)]);
      expect(await appliedCounts(db)).toEqual(once);
    } finally {
      await drop();
    }
  });

  describe.runIf(BACKENDS.includes('postgres'))('two processes on one PostgreSQL', () => {
    it('start migrating a fresh schema at the same moment: both finish, each migration applied once', async () => {
      const fresh = await freshDatabase('postgres');
      // A second pool on the same schema stands for the second server process.
      const other = await openDatabase({ databaseUrl: fresh.url! });
      try {
        const results = await Promise.allSettled([migrate(fresh.db), migrate(other)]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
        expect(await appliedCounts(fresh.db)).toEqual(once);
        // Migrating again finds nothing to do: the lock was released, every migration stays recorded once.
        await migrate(other);
        expect(await appliedCounts(fresh.db)).toEqual(once);
      } finally {
        await other.close();
        await fresh.drop();
      }
    });
  });
});
