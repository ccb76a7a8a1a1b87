import type { EntityDeclaration } from '../../engine/declaration/types.ts';
import { FILTER_PREFIX } from '../../engine/query/list-query.ts';

/** What a path needs of an entity: its routes (a registration, or the shell's entity). */
type Routed = { entity: Pick<EntityDeclaration, 'routes'> };

/** App paths of an entity's declared pages (records are addressed by `?id=`). */

export function listPath(reg: Routed, filters: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [field, value] of Object.entries(filters)) query.set(`${FILTER_PREFIX}${field}`, value);
  const qs = query.toString();
  return qs ? `${reg.entity.routes.list}?${qs}` : reg.entity.routes.list;
}

export function detailPath(reg: Routed, id: string): string {
  return `${reg.entity.routes.detail}?id=${encodeURIComponent(id)}`;
}

export function formPath(reg: Routed, id?: string): string {
  return id ? `${reg.entity.routes.form}?id=${encodeURIComponent(id)}` : reg.entity.routes.form;
}

/** A new record's form belonging to the record `parentId` (its `access.parent` field set and not changeable): a TRF's report. */
export function childFormPath(reg: Routed, parentId: string): string {
  return `${reg.entity.routes.form}?parent=${encodeURIComponent(parentId)}`;
}
