import { message, productMenu, STATIC_ACCESS, text, type FieldError, type Language, type TemplateBundle } from '../../engine/index.ts';
import { ApiError } from '../http/errors.ts';
import { isRecord } from './guards.ts';

/**
 * Where a published template's list sits in the main menu and for whom (docs/templates.md, "Menu
 * placement"): a group of schemas/_menu/menu.json (null: the top level) and the roles of
 * schemas/_access/roles.json whose users see it (none: no entry, the list is reached by link).
 * It is written into the published bundle's `entity.menu`, the declaration keyword every entity
 * has (docs/declarations.md, `menu.roles`), so the menu treats a template like any other entity.
 */
export interface MenuPlacement {
  group: string | null;
  roles: string[];
}

/** The groups a template may be placed in: a service's group is filled by that service's call, not by entities. */
const placeableGroups = () => productMenu().groups.filter((g) => !g.service);
const ROLE_CODES = () => Object.keys(STATIC_ACCESS.roles);
const MAX_ROLES = 50;

/** The choices the designer's publish dialog offers, with their declared labels in the request's language. */
export function placementChoices(lang: Language): { groups: { id: string; label: string }[]; roles: { code: string; label: string }[] } {
  return {
    groups: placeableGroups().map((g) => ({ id: g.id, label: text(g.label, lang) })),
    roles: Object.entries(STATIC_ACCESS.roles).map(([code, r]) => ({ code, label: text(r.label, lang) })),
  };
}

/** A version's placement as its bundle carries it; null when it names no roles (a version published before placements: every user). */
export function placementOf(bundle: TemplateBundle): MenuPlacement | null {
  const menu = bundle.entity.menu;
  if (!menu?.roles) return null;
  return { group: menu.group ?? null, roles: [...menu.roles] };
}

/**
 * The placement a publish request asks for (`placement` of the body), checked against the
 * declarations; undefined when the body has none. A refusal is a 400 naming the field, in the
 * request's language.
 */
export function requestedPlacement(body: Record<string, unknown>, lang: Language): MenuPlacement | undefined {
  const raw = body.placement;
  if (raw === undefined) return undefined;
  const shape = (field: string): never => {
    throw new ApiError(400, 'VALIDATION_FAILED', {}, [{ field, keyword: 'MENU_PLACEMENT_SHAPE', message: message('MENU_PLACEMENT_SHAPE', lang, { field }) }]);
  };
  if (!isRecord(raw)) return shape('placement');
  const { group = null, roles } = raw;
  if (group !== null && typeof group !== 'string') return shape('placement.group');
  if (!Array.isArray(roles) || roles.length > MAX_ROLES || roles.some((r) => typeof r !== 'string')) return shape('placement.roles');
  const errors: FieldError[] = [];
  const groups = placeableGroups();
  if (group !== null && !groups.some((g) => g.id === group)) {
    const params = { field: 'placement.group', group: group.slice(0, 60), groups: groups.map((g) => `${g.id} (${text(g.label, lang)})`).join(', ') };
    errors.push({ field: 'placement.group', keyword: 'MENU_PLACEMENT_GROUP', message: message('MENU_PLACEMENT_GROUP', lang, params) });
  }
  const declared = ROLE_CODES();
  (roles as string[]).forEach((role, i) => {
    if (Object.hasOwn(STATIC_ACCESS.roles, role)) return;
    const field = `placement.roles.${i}`;
    const params = { field, role: role.slice(0, 60), roles: declared.map((r) => `${r} (${text(STATIC_ACCESS.roles[r]!.label, lang)})`).join(', ') };
    errors.push({ field, keyword: 'MENU_PLACEMENT_ROLE', message: message('MENU_PLACEMENT_ROLE', lang, params) });
  });
  if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
  return { group, roles: [...new Set(roles as string[])] };
}

/** The bundle with the placement in its `entity.menu` (its order and label kept). */
export function placedBundle(bundle: TemplateBundle, placement: MenuPlacement): TemplateBundle {
  const { group: _group, roles: _roles, ...rest } = bundle.entity.menu ?? {};
  const menu = { ...rest, ...(placement.group === null ? {} : { group: placement.group }), roles: placement.roles };
  return { ...bundle, entity: { ...bundle.entity, menu } };
}
