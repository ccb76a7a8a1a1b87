import { memo, useMemo } from 'react';
import { Card } from 'antd';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { DerivedFormSection } from '../../engine/index.ts';
import { formValidator } from './form-validator.ts';
import { portalWidgets } from './widgets/index.ts';

export interface FormSectionProps {
  section: DerivedFormSection;
  formData: Record<string, unknown>;
  extraErrors?: ErrorSchema;
  onChange(sectionId: string, formData: Record<string, unknown>): void;
}

/** Fields that always take a whole row: nested objects, lists, long text, files, checkbox groups. */
const FULL_ROW = { object: 24, array: 24, textarea: 24, upload: 24, checkboxes: 24 };

/**
 * The antd theme's layout options for a section: labels above fields, left-aligned nested
 * titles, and the declared 1, 2 or 3 fields per row (the theme looks a span up by widget name,
 * then by schema type).
 */
function formContextFor(columns: number) {
  const base = { labelAlign: 'left', colon: false };
  if (columns <= 1) return { ...base, colSpan: 24 };
  const span = columns === 2 ? 12 : 8;
  const byKind = { string: span, number: span, integer: span, boolean: span, lookup: span, date: span, select: span, checkbox: span, radio: span, updown: span };
  return { ...base, colSpan: { ...byKind, ...FULL_ROW } };
}

/**
 * One declared form section as its own RJSF form. It re-renders only when its own data or
 * errors change, so a keystroke costs one section, not the whole document.
 */
export const FormSection = memo(function FormSection({ section, formData, extraErrors, onChange }: FormSectionProps) {
  const uiSchema = useMemo<UiSchema>(() => ({ ...section.uiSchema, 'ui:submitButtonOptions': { norender: true } }), [section]);
  const formContext = useMemo(() => formContextFor(section.columns), [section.columns]);
  return (
    <Card title={section.title} size="small" data-section={section.id}>
      <Form
        tagName="div"
        schema={section.schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={formValidator}
        widgets={portalWidgets}
        formContext={formContext}
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => onChange(section.id, (e.formData ?? {}) as Record<string, unknown>)}
      />
    </Card>
  );
});
