import { pathKeys, type ListColumn, type ListFilter, type TemplateBundle } from '../../engine/index.ts';
import { allPaths, nodeAt, viewField, type FieldPath, type Node } from './schema-tree.ts';

/** The list filter operator that fits a field (docs/declarations.md: eq, contains, in, range). */
export function filterOpFor(node: Node): ListFilter['op'] {
  if (node.enum) return 'eq';
  if (node.type === 'string') return node.format === 'date' ? 'range' : 'contains';
  if (node.type === 'number' || node.type === 'integer') return 'range';
  return 'eq';
}

/** Scalars can be list columns and filters; lists and groups cannot. */
export const listable = (node: Node | undefined): boolean => !!node && node.type !== 'array' && node.type !== 'object';

/**
 * Keeps the views in step with the schema after every edit: one form and one detail section
 * naming the top-level fields in order, list columns and filters only on fields that exist, and
 * a title field that exists.
 */
export function syncViews(bundle: TemplateBundle): TemplateBundle {
  const top = Object.keys(bundle.schema.properties ?? {});
  const paths = new Set(allPaths(bundle).filter((p) => listable(nodeAt(bundle, p))).map(viewField));
  const keep = (field: string) => field.startsWith('$') || paths.has(field);
  // A form section names top-level keys; a detail section names view fields (`/a.b` for the key `a.b`).
  const section = (old: TemplateBundle['views']['form']['sections'][number] | undefined, fields: string[]) => ({
    id: old?.id ?? 'main',
    label: old?.label ?? bundle.entity.label,
    ...(old?.columns ? { columns: old.columns } : {}),
    fields,
  });
  const titleField = keep(bundle.entity.titleField) ? bundle.entity.titleField : '$id';
  const sort = bundle.views.list.defaultSort;
  return {
    ...bundle,
    entity: { ...bundle.entity, titleField },
    views: {
      ...bundle.views,
      list: {
        ...bundle.views.list,
        columns: bundle.views.list.columns.filter((c: ListColumn) => keep(c.field)),
        filters: bundle.views.list.filters.filter((f) => keep(f.field)),
        defaultSort: keep(sort.field) ? sort : { field: '$createdAt', order: 'desc' },
      },
      form: { sections: [section(bundle.views.form.sections[0], top)] },
      detail: { sections: [section(bundle.views.detail.sections[0], top.map((k) => viewField([k])))] },
    },
  };
}

/** Renames a path inside the views (the field itself, or a field under it). */
export function renameInViews(bundle: TemplateBundle, from: FieldPath, to: FieldPath): TemplateBundle {
  const move = (field: string) => {
    if (field.startsWith('$')) return field;
    const keys = pathKeys(field);
    return from.length <= keys.length && from.every((k, i) => keys[i] === k) ? viewField([...to, ...keys.slice(from.length)]) : field;
  };
  const { list } = bundle.views;
  return {
    ...bundle,
    entity: { ...bundle.entity, titleField: move(bundle.entity.titleField) },
    views: {
      ...bundle.views,
      list: {
        ...list,
        columns: list.columns.map((c) => ({ ...c, field: move(c.field) })),
        filters: list.filters.map((f) => ({ ...f, field: move(f.field) })),
        defaultSort: { ...list.defaultSort, field: move(list.defaultSort.field) },
      },
    },
  };
}
