import type { EntityBundle, EntityDeclaration, EntitySchema, Language } from './declaration/types.ts';
import type { Option } from './derive/list.ts';
import { text } from './i18n/labels.ts';

/**
 * What the portal's shell and dashboard know of an entity without its registration (no compiled
 * schemas, no machine, no ajv or xstate): its name, label, title field, routes and permissions,
 * the schema nodes they name, and each lifecycle region's label and states in each language.
 * The static entities' are written by `npm run gen` (engine/generated/shell-entities.ts, from the
 * checked registry); a published template's are read off its bundle (`shellEntityOf`).
 */
export interface ShellEntity {
  name: string;
  entity: Pick<EntityDeclaration, 'name' | 'label' | 'titleField' | 'routes' | 'permissions'>;
  /** The schema, cut down to the nodes the shell names (the title field, the dashboard's tags), nested as declared. */
  schema: EntitySchema;
  /** The fields its list filters on. */
  filters: readonly string[];
  /** Each lifecycle region's field (`$status`): its label and its states, per language. */
  regions: Readonly<Record<string, Readonly<Record<Language, { label: string; states: readonly Option[] }>>>>;
}

/** A published template's shell entity (templates have no machine: no regions). */
export function shellEntityOf(bundle: Pick<EntityBundle, 'entity' | 'schema' | 'views'>): ShellEntity {
  const { name, label, titleField, routes, permissions } = bundle.entity;
  return { name, entity: { name, label, titleField, routes, permissions }, schema: bundle.schema, filters: bundle.views.list.filters.map((f) => f.field), regions: {} };
}

/** The state field a dashboard counts by: the one declared, else the first lifecycle region the list can be filtered on. */
export function countedStateField(reg: Pick<ShellEntity, 'filters' | 'regions'>, declared?: string): string | undefined {
  const filtered = new Set(reg.filters);
  return Object.keys(reg.regions).find((field) => (declared ? field === declared : filtered.has(field)));
}

/** A region field's states, labelled in the language (empty for a field that is no region). */
export function shellStateOptions(reg: Pick<ShellEntity, 'regions'>, field: string, lang: Language): readonly Option[] {
  return reg.regions[field]?.[lang].states ?? [];
}

/** A region field's label in the language (the field itself when it is no region). */
export function shellRegionLabel(reg: Pick<ShellEntity, 'regions'>, field: string, lang: Language): string {
  return reg.regions[field]?.[lang].label ?? text(undefined, lang, field);
}

/**
 * The work list a todo tile counts: the named list (a work list, or any named list of one side's
 * records: the invoices to pay, which nobody acts on by an event), else the entity's first list
 * variant with `todo`.
 */
export function todoListOf(reg: { entity: Pick<EntityDeclaration, 'routes'> }, name?: string): { name: string; path: string } | undefined {
  const lists = reg.entity.routes?.partyLists ?? [];
  const found = lists.find((l) => (name === undefined ? l.todo !== undefined : l.name === name));
  return found?.name ? { name: found.name, path: found.path } : undefined;
}
