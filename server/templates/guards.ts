import { hasPermission, joinPath, pathKeys, TEMPLATE_DESIGN, type RenameMap } from '../../engine/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';

export const isDesigner = (user: SessionUser): boolean => hasPermission(user.permissionMap, TEMPLATE_DESIGN);

/** Creating, editing, publishing and migrating templates need the designer permission. */
export function requireDesigner(user: SessionUser): void {
  if (!isDesigner(user)) throw new ApiError(403, 'FORBIDDEN', { permission: TEMPLATE_DESIGN });
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A body as an object (anything else is a 400). */
export function bodyOf(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'body' });
  return raw;
}

/** A positive integer from a path or body value (a version number), else a 400 naming it. */
export function versionNumber(value: unknown, name: string): number {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw new ApiError(400, 'BAD_REQUEST', { detail: name });
  return n;
}

/** A rename map: an object of field path → field path strings (dotted, or JSON pointers: engine/schema/field-path.ts). */
export function renameMap(value: unknown): RenameMap {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new ApiError(400, 'BAD_REQUEST', { detail: 'renames' });
  const out: Record<string, string> = {};
  for (const [from, to] of Object.entries(value)) {
    const segments = [...pathKeys(from), ...(typeof to === 'string' ? pathKeys(to) : [])];
    const bad = typeof to !== 'string' || !from || !to || from.length > 500 || to.length > 500 || segments.some((s) => !s || s in Object.prototype);
    if (bad) throw new ApiError(400, 'BAD_REQUEST', { detail: joinPath('renames', from) });
    out[from] = to;
  }
  return out;
}
