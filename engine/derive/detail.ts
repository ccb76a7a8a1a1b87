import type { Language } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { text } from '../i18n/labels.ts';
import { fieldPath } from '../schema/field-path.ts';
import { pathLabel, resolveField, type FieldKind } from './fields.ts';
import { isUiHidden, labelledField, orderedFields } from './ui-schema.ts';
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

/**
 * The detail page's sections. A template's declared uiSchema applies as it does in the form:
 * a hidden field (`ui:widget: hidden`) is not shown, `ui:title`/`ui:enumNames` label, and the
 * root `ui:order` orders each section's fields.
 */
export function deriveDetailSections(reg: RegisteredEntity, lang: Language): DerivedSection[] {
  // `ui:order` names keys; a section names fields by path (a key such as `a.b` as its pointer `/a.b`).
  const declared = reg.uiSchema?.['ui:order'];
  const order = Array.isArray(declared) ? declared.map((n) => (typeof n === 'string' && n !== '*' ? fieldPath([n]) : n)) : declared;
  return reg.views.detail.sections.map((s) => ({
    id: s.id,
    title: text(s.label, lang, s.id),
    columns: s.columns ?? 2,
    fields: orderedFields(s.fields, order)
      .filter((path) => !isUiHidden(reg, path))
      .map((path) => {
        const f = resolveField(reg.entity, reg.schema, path);
        return { field: path, label: pathLabel(reg, path, lang), kind: f.kind, node: f.node && labelledField(reg, path) };
      }),
  }));
}
