import { entityRoutePaths, STATIC_ENTITY_ROUTES, STATIC_VARIANT_ROUTES } from '../../engine/static-routes.ts';
import { isTemplatePath } from '../pages/entity/entity-route.ts';
import { matchRoute } from './match-route.ts';

/** A path the route table has a page or redirect for (the catch-all of generated pages aside). */
export function knownRoute(path: string): boolean {
  return matchRoute(path) !== undefined;
}

/**
 * A path that may be a page, as far as a visitor without a session can tell: a route of the
 * table, a static entity's list, detail or form, or a published template's page (/form/{code}/…,
 * known only after login). Anything else is /404 whether logged in or not (SPEC §2).
 */
export function mayBePage(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return knownRoute(trimmed) || isTemplatePath(trimmed) || STATIC_ENTITY_ROUTES.some((r) => entityRoutePaths(r).includes(trimmed)) || STATIC_VARIANT_ROUTES.some((r) => Object.values(r).includes(trimmed));
}
