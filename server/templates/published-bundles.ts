import { hasPermission, registrationFor, type EntityRegistry, type TemplateBundle } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { getVersion, listNewestPublished } from './templates-repo.ts';

/** Only versions the server serves (one that failed to register at start is left out). */
function registered(registry: EntityRegistry, code: string, version: number): boolean {
  if (!registry.isDynamic(code) || !registry.has(code)) return false;
  try {
    return registrationFor(registry.get(code), version).templateVersion === version;
  } catch {
    return false;
  }
}

/** One published template version as the client registers it. */
export interface PublishedBundle {
  code: string;
  version: number;
  bundle: TemplateBundle;
}

/**
 * The newest published version of every template the user may read (its records' `read`
 * permission): what a user's pages start with. A record made with an older version fetches that
 * version on demand (`publishedBundle`). Drafts never leave the designer's endpoints.
 */
export async function publishedBundles(db: Queryable, registry: EntityRegistry, user: SessionUser): Promise<PublishedBundle[]> {
  return (await listNewestPublished(db))
    .filter((v) => registered(registry, v.code, v.version) && hasPermission(user.permissionMap, v.bundle.entity.permissions.read))
    .map((v) => ({ code: v.code, version: v.version, bundle: v.bundle }));
}

/** One published version the user may read, or undefined. */
export async function publishedBundle(db: Queryable, registry: EntityRegistry, user: SessionUser, code: string, version: number): Promise<PublishedBundle | undefined> {
  const v = await getVersion(db, code, version);
  if (!v || v.status !== 'published' || !registered(registry, code, version) || !hasPermission(user.permissionMap, v.bundle.entity.permissions.read)) return undefined;
  return { code, version, bundle: v.bundle };
}
