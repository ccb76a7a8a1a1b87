import type { EntityRegistry, RegisteredEntity } from '../../../engine/registry.ts';
import type { ListParty, LocalizedText, PartyList } from '../../../engine/declaration/types.ts';

export type EntityPageKind = 'list' | 'detail' | 'form';

export interface EntityRouteMatch {
  reg: RegisteredEntity;
  kind: EntityPageKind;
  /** A list page of one side of the records: its side and, for a further list, its own title. */
  list?: { party?: ListParty; label?: LocalizedText; columns?: PartyList['columns'] };
}

/** Which entity page a path is: each registered entity declares its list, detail and form routes. */
export function matchEntityRoute(registry: EntityRegistry, pathname: string): EntityRouteMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const reg of registry.list()) {
    const { routes } = reg.entity;
    if (routes.list === path) return { reg, kind: 'list', list: { party: routes.listParty } };
    const further = routes.partyLists?.find((l) => l.path === path);
    if (further) return { reg, kind: 'list', list: further };
    if (routes.detail === path) return { reg, kind: 'detail' };
    if (routes.form === path) return { reg, kind: 'form' };
  }
  return undefined;
}

/** The pages of published templates live under /form/{code}/… (the designer's own pages excepted). */
export const isTemplatePath = (pathname: string) => /^\/form\/[^/]+\/(list|detail|form)\/?$/.test(pathname);
