import type { EntityViews, ListFilter, ViewVariant } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { valueAt } from '../schema/resolve.ts';

/**
 * Variants of an entity (docs/declarations.md §2, variants): the same records, machine and
 * endpoints under a variant's own routes, template binding, sections and columns. The generic
 * pages render a variant from its registration as they render the entity.
 */

export type VariantPageKind = keyof ViewVariant['routes'];

/** The filter restricting a list to one variant's records: the variant field, `eq` (always accepted, indexed). */
export const variantFilter = (views: EntityViews): ListFilter | undefined => (views.variantField ? { field: views.variantField, op: 'eq' } : undefined);

/** Every page path of an entity's variants. */
export function variantPaths(views: Pick<EntityViews, 'variants'>): string[] {
  return Object.values(views.variants ?? {}).flatMap((v) => Object.values(v.routes));
}

const cache = new WeakMap<RegisteredEntity, Map<string, RegisteredEntity>>();

/**
 * The entity as one variant shows it: the variant's label, routes (detail, form — the new page
 * when it declares none — and list), form and detail sections and list columns; everything else
 * (schema, machine, validators, permissions) is the entity's.
 */
export function variantRegistration(reg: RegisteredEntity, name: string): RegisteredEntity {
  const variant = reg.views.variants?.[name];
  if (!variant) throw new Error(`Entity '${reg.name}' has no variant '${name}'`);
  const byName = cache.get(reg) ?? new Map<string, RegisteredEntity>();
  cache.set(reg, byName);
  let shaped = byName.get(name);
  if (!shaped) {
    const { routes } = variant;
    shaped = {
      ...reg,
      entity: {
        ...reg.entity,
        label: variant.label,
        routes: { list: routes.list ?? routes.tableComponent ?? reg.entity.routes.list, detail: routes.detail, form: routes.form ?? routes.new },
      },
      views: { ...reg.views, list: { ...reg.views.list, columns: variant.list?.columns ?? reg.views.list.columns }, form: variant.form, detail: variant.detail },
    };
    byName.set(name, shaped);
  }
  return shaped;
}

/** A new record of the variant starts from its preset and carries its name in the variant field. */
export function variantPreset(reg: RegisteredEntity, name: string): Record<string, unknown> {
  const variant = reg.views.variants?.[name];
  return { ...(variant?.preset ?? {}), ...(reg.views.variantField ? { [reg.views.variantField]: name } : {}) };
}

/** The variant a record belongs to (its variant field's value, when the entity declares that variant). */
export function variantOf(reg: RegisteredEntity, doc: Record<string, unknown> | undefined): string | undefined {
  const field = reg.views.variantField;
  const value = field && doc ? valueAt(doc, field) : undefined;
  return typeof value === 'string' && reg.views.variants?.[value] ? value : undefined;
}

/** Which variant page a path is, if any. */
export function matchVariantPath(reg: RegisteredEntity, path: string): { variant: string; kind: VariantPageKind } | undefined {
  for (const [variant, v] of Object.entries(reg.views.variants ?? {})) {
    for (const [kind, route] of Object.entries(v.routes) as [VariantPageKind, string][]) if (route === path) return { variant, kind };
  }
  return undefined;
}
