import type { EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { entityIndexStatements } from '../db/sql-expressions.ts';
import { listVersions } from './templates-repo.ts';

/**
 * Registers every published template version (oldest first, so the newest is current) and
 * builds their list indexes. A version that no longer registers — e.g. one naming a machine
 * since removed — is reported and skipped, so one template cannot stop the server from starting.
 */
export async function loadPublishedTemplates(
  db: Database,
  registry: EntityRegistry,
  warn: (err: unknown, what: string) => void = () => undefined,
): Promise<number> {
  let loaded = 0;
  for (const v of await listVersions(db)) {
    if (v.status !== 'published') continue;
    try {
      const reg = registry.registerVersion(v.bundle, v.version);
      loaded++;
      for (const ddl of entityIndexStatements(reg)) await db.exec(ddl);
    } catch (err) {
      warn(err, `template ${v.code} v${v.version}`);
    }
  }
  return loaded;
}
