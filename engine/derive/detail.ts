import type { Language } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { text } from '../i18n/labels.ts';
import { pathLabel, resolveField, type FieldKind } from './fields.ts';
import type { FieldSchema } from '../declaration/types.ts';

export interface DerivedDetailField {
  field: string;
  label: string;
  kind: FieldKind;
  node?: FieldSchema;
}

export interface DerivedSection {
  id: string;
  title: string;
  columns: number;
  fields: DerivedDetailField[];
}

export function deriveDetailSections(reg: RegisteredEntity, lang: Language): DerivedSection[] {
  return reg.views.detail.sections.map((s) => ({
    id: s.id,
    title: text(s.label, lang, s.id),
    columns: s.columns ?? 2,
    fields: s.fields.map((path) => {
      const f = resolveField(reg.entity, reg.schema, path);
      return { field: path, label: pathLabel(reg, path, lang), kind: f.kind, node: f.node };
    }),
  }));
}
