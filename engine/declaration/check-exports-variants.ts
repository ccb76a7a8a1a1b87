import type { EntityBundle } from './types.ts';
import { pointer } from './errors.ts';
import type { ResolvedField } from '../derive/fields.ts';

type Field = (path: string, name: string) => ResolvedField | undefined;
type Fail = (path: string, message: string) => void;

/** The list's declared exports (docs/declarations.md §2): columns are fields; the files export names an upload field. */
export function checkExports(views: EntityBundle['views'], field: Field, fail: Fail): void {
  views.list.export?.columns?.forEach((c, i) => field(pointer('list', 'export', 'columns', i, 'field'), c.field));
  views.list.import?.key?.forEach((k, i) => {
    const resolved = field(pointer('list', 'import', 'key', i), k);
    if (resolved && (k.includes('.') || !['string', 'number', 'integer'].includes(String(resolved.node?.type)))) {
      fail(pointer('list', 'import', 'key', i), `'${k}' is not a top-level text or number field`);
    }
  });
  const files = views.list.exportFiles;
  if (!files) return;
  const resolved = field('/list/exportFiles/field', files.field);
  if (resolved && resolved.node?.['x-widget'] !== 'upload') fail('/list/exportFiles/field', `'${files.field}' is not an upload field (x-widget: upload)`);
}

/**
 * The views' variants (docs/declarations.md §2): `variantField` is a top-level enum holding every
 * variant's name; each variant's sections, columns, preset and locked fields are fields of the
 * schema (form sections top-level ones), its columns sort only where the main list does (the
 * indexes are the main list's), and its routes are new.
 */
export function checkVariants(bundle: EntityBundle, field: Field, fail: Fail): void {
  const { views, schema, entity } = bundle;
  const variants = Object.entries(views.variants ?? {});
  if (!variants.length) return;
  const vf = views.variantField;
  const node = vf ? schema.properties[vf] : undefined;
  if (!vf || !node) fail('/variantField', `variants need a top-level 'variantField' of ${entity.name}'s schema holding the variant's name`);
  const paths = new Set([entity.routes.list, entity.routes.detail, entity.routes.form]);
  for (const [name, v] of variants) {
    if (node && !node.enum?.includes(name)) fail(pointer('variants', name), `'${name}' is not a value of the variant field '${vf}'`);
    const topLevel = (at: string, f: string) => {
      if (!schema.properties[f]) fail(at, `'${f}' is not a top-level field of ${entity.name}'s schema`);
    };
    v.form.sections.forEach((s, i) => s.fields.forEach((f, j) => topLevel(pointer('variants', name, 'form', 'sections', i, 'fields', j), f)));
    v.detail.sections.forEach((s, i) => s.fields.forEach((f, j) => field(pointer('variants', name, 'detail', 'sections', i, 'fields', j), f)));
    v.list?.columns.forEach((c, i) => {
      field(pointer('variants', name, 'list', 'columns', i, 'field'), c.field);
      const listed = views.list.columns.find((l) => l.field === c.field);
      if (c.sortable && !listed?.sortable) fail(pointer('variants', name, 'list', 'columns', i, 'sortable'), `'${c.field}' is not sortable in the views' list`);
    });
    Object.keys(v.preset ?? {}).forEach((f) => topLevel(pointer('variants', name, 'preset', f), f));
    v.locked?.forEach((f, i) => topLevel(pointer('variants', name, 'locked', i), f));
    for (const [kind, path] of Object.entries(v.routes)) {
      if (paths.has(path)) fail(pointer('variants', name, 'routes', kind), `'${path}' is already a route of this entity`);
      paths.add(path);
    }
  }
}
