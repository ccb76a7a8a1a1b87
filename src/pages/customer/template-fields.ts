import { fieldLabel, type Language, type TemplateBundle } from '../../../engine/index.ts';
import { fieldTypeOfNode, type FieldTypeName } from '../../../renderers/designer/field-types.ts';
import { childHolder, type Node } from '../../../renderers/designer/schema-tree.ts';

/** One field of a template version as the detail page lists it (sections and tables hold their fields). */
export interface FieldRow {
  key: string;
  label: string;
  type: FieldTypeName;
  required: boolean;
  listColumn: boolean;
  filter: boolean;
  children?: FieldRow[];
}

/** The fields of a version, in declared order, nested as in the designer's canvas. */
export function fieldRows(bundle: TemplateBundle, lang: Language): FieldRow[] {
  const columns = new Set(bundle.views.list?.columns.map((c) => c.field) ?? []);
  const filters = new Set(bundle.views.list?.filters?.map((f) => f.field) ?? []);
  const walk = (holder: Node | undefined, prefix: string): FieldRow[] => {
    const required = new Set((holder?.required as string[] | undefined) ?? []);
    return Object.entries((holder?.properties as Record<string, Node> | undefined) ?? {}).map(([key, node]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      const inner = childHolder(node);
      const children = inner ? walk(inner, path) : [];
      return {
        key: path,
        label: fieldLabel(node, lang, key),
        type: fieldTypeOfNode(node),
        required: required.has(key),
        listColumn: columns.has(path),
        filter: filters.has(path),
        ...(children.length ? { children } : {}),
      };
    });
  };
  return walk(bundle.schema as Node, '');
}
