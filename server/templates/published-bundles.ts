import { hasPermission, registrationFor, type EntityRegistry, type TemplateBundle } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { listVersions } from './templates-repo.ts';

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
 * Every published version of every template the user may read (its records' `read`
 * permission), oldest first: the client registers them all, so a record is shown and validated
 * with the version it was made with. Drafts never leave the designer's endpoints.
 */
export async function publishedBundles(db: Queryable, registry: EntityRegistry, user: SessionUser): Promise<PublishedBundle[]> {
  return (await listVersions(db))
    .filter((v) => v.status === 'published' && registered(registry, v.code, v.version) && hasPermission(user.permissionMap, v.bundle.entity.permissions.read))
    .map((v) => ({ code: v.code, version: v.version, bundle: v.bundle }));
}
