import type { EntityDeclaration } from './declaration/types.ts';
import { DECLARED_MENU_ALIASES, DECLARED_ROUTES, DECLARED_STATISTICS_PATHS, DECLARED_VARIANT_ROUTES } from './generated/entity-routes.ts';

/**
 * The page routes of the static entities (schemas/), without their schemas and machines: what
 * the portal needs to tell a page from an unknown path before anyone logs in. Discovered like
 * the bundles (engine/generated/entity-routes.ts, written by `npm run gen`); a unit test checks
 * they agree with the checked declarations.
 */
export const STATIC_ENTITY_ROUTES: readonly EntityDeclaration['routes'][] = DECLARED_ROUTES;

/** The page routes of the static entities' variants (`new`, `detail`, `form`, `list`, `tableComponent`, `formComponent`). */
export const STATIC_VARIANT_ROUTES: readonly Readonly<Record<string, string>>[] = DECLARED_VARIANT_ROUTES;

/** Every page path an entity declares: list, detail, form, its lists of one side, its own-record pages and its preset forms. */
export function entityRoutePaths(routes: EntityDeclaration['routes']): string[] {
  return [routes.list, routes.detail, routes.form, ...(routes.partyLists ?? []).map((l) => l.path), ...(routes.print ? [routes.print] : []), ...(routes.actionPages ?? []).map((p) => p.path), ...(routes.own ?? []), ...(routes.forms ?? []).map((f) => f.path)];
}

/**
 * The portal paths that open an external link of the menu (`alias` → the link), read without the
 * full check (which the server's start does, engine/declaration/menu.ts), copied by `npm run gen`: the client routes them to
 * the link's /myiframe page, which embeds it only when the user's menu has it.
 */
export const MENU_ALIASES: readonly { alias: string; path: string }[] = DECLARED_MENU_ALIASES;

/**
 * The paths of the declared statistics pages (schemas/_statistics/statistics.json), read without the
 * check (engine/declaration/statistics.ts), copied by `npm run gen`: the route table knows them before login without taking
 * the engine (ajv, the registry) into the portal's first download.
 */
export const STATISTICS_PAGE_PATHS: readonly string[] = DECLARED_STATISTICS_PATHS;
