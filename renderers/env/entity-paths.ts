import type { RegisteredEntity } from '../../engine/index.ts';
import { FILTER_PREFIX } from '../../engine/index.ts';

/** App paths of an entity's declared pages (records are addressed by `?id=`). */

export function listPath(reg: RegisteredEntity, filters: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [field, value] of Object.entries(filters)) query.set(`${FILTER_PREFIX}${field}`, value);
  const qs = query.toString();
  return qs ? `${reg.entity.routes.list}?${qs}` : reg.entity.routes.list;
}

export function detailPath(reg: RegisteredEntity, id: string): string {
  return `${reg.entity.routes.detail}?id=${encodeURIComponent(id)}`;
}

export function formPath(reg: RegisteredEntity, id?: string): string {
  return id ? `${reg.entity.routes.form}?id=${encodeURIComponent(id)}` : reg.entity.routes.form;
}
