import { randomUUID } from 'node:crypto';
import type { EntityRegistry } from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { schemaChannel } from '../db/listen-hub.ts';
import { getVersion } from './templates-repo.ts';

/** A template change another process must make in its registry: a version published, or the whole template removed. */
export type TemplateChange = { code: string; version: number } | { code: string; removed: true };

export interface TemplateSync {
  /** Tells every other process of a change; inside the change's transaction, so it is heard at commit. */
  announce(tx: Queryable, change: TemplateChange): Promise<void>;
  close(): Promise<void>;
}

/**
 * Keeps this process's registry in step with the templates other server processes publish or
 * remove (several processes on one PostgreSQL, docs/deployment.md): each change is `pg_notify`ed
 * at commit, and every other process registers the published version from the database or drops
 * the removed template. A process ignores its own announcements (it changed its registry itself).
 */
export async function syncTemplates(db: Database, registry: EntityRegistry, warn: (err: unknown, what: string) => void): Promise<TemplateSync> {
  const origin = randomUUID();
  const channel = await schemaChannel(db, 'portico_templates');
  let applying: Promise<unknown> = Promise.resolve();
  const apply = async (change: TemplateChange) => {
    if ('removed' in change) return registry.unregisterDynamic(change.code);
    if (registry.has(change.code) && registry.get(change.code).versions?.has(change.version)) return;
    const found = await getVersion(db, change.code, change.version);
    if (found?.status === 'published') registry.registerVersion(found.bundle, found.version);
  };
  const stop = await db.listen(channel, (text) => {
    let heard: TemplateChange & { origin?: string };
    try {
      heard = JSON.parse(text) as TemplateChange & { origin?: string };
    } catch {
      return;
    }
    if (heard.origin === origin || typeof heard.code !== 'string') return;
    // One change at a time, in the order heard.
    applying = applying.then(() => apply(heard)).catch((err: unknown) => warn(err, `template ${heard.code} from another process`));
  });
  return {
    async announce(tx, change) {
      await tx.query('select pg_notify($1, $2)', [channel, JSON.stringify({ ...change, origin })]);
    },
    async close() {
      await stop();
      await applying;
    },
  };
}
