import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Card, Skeleton } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { DerivedFormSection } from '../../engine/index.ts';
import { formValidatorFor } from './form-validator.ts';
import { transformErrorsFor } from './transform-errors.ts';
import { FORM_DEFAULTS, KEEP_DATA } from './form-defaults.ts';
import { KEEP_DATA_FIELDS } from './new-row-defaults.tsx';
import { CyclicField } from './CyclicField.tsx';
import { portalWidgets } from './widgets/index.ts';
import { AddRowButton } from './templates/AddRowButton.tsx';
import { SECTION_STYLE, SPEED_TEMPLATES, useRevealed } from './speed/index.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { loadLookup } from '../lookup/lookup-values.ts';
import { applyFill, lookupFillsOf, pickedFills } from './lookup-fill.ts';

export interface FormSectionProps {
  section: DerivedFormSection;
  formData: Record<string, unknown>;
  extraErrors?: ErrorSchema;
  /** Shown but not editable (a TRF's DFF section once the buyer may no longer change). */
  disabled?: boolean;
  /** A stored record's data: kept as it is, no defaults added (form-defaults.ts `KEEP_DATA`). */
  keepData?: boolean;
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

/** The portal's templates over the antd theme's: the large-form speed templates and the list's Add button. */
const TEMPLATES = { ...SPEED_TEMPLATES, ButtonTemplates: { AddButton: AddRowButton } };

/** The portal's fields over RJSF's own: a recursive field opened on demand, and (a stored record's data kept as it is) new rows' defaults. */
const FIELDS = { CyclicSchemaField: CyclicField };
const KEEP_DATA_WITH_FIELDS = { ...KEEP_DATA_FIELDS, ...FIELDS };

const isEmpty = (doc: Record<string, unknown>) => Object.keys(doc).length === 0;
/** The same data for the form: the very object, or two empty ones (callers pass `?? {}`). */
const sameData = (a: Record<string, unknown>, b: Record<string, unknown> | undefined) => a === b || (!!b && isEmpty(a) && isEmpty(b));

/**
 * One declared form section as its own RJSF form. It re-renders only when its own data or
 * errors change, so a keystroke costs one section, not the whole document.
 *
 * The RJSF form is uncontrolled: it starts from `formData` and keeps its own state. Handing it
 * back data it has reported (as every parent storing `onChange` does) would make it
 * derive its whole state again on each keystroke; that echo is recognised and skipped, so a
 * keystroke re-renders the one field typed into. Data replaced from outside (a record loaded,
 * a newer version after a conflict, another DFF template) mounts the form afresh with it.
 */
export const FormSection = memo(function FormSection({ section, formData, extraErrors, disabled, keepData, onChange }: FormSectionProps) {
  const uiSchema = useMemo<UiSchema>(() => ({ ...section.uiSchema, 'ui:submitButtonOptions': { norender: true } }), [section]);
  const formContext = useMemo(() => formContextFor(section.columns), [section.columns]);
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRevealed(ref, section.id);
  // Every object the form has reported: a parent may render with an older one while a newer
  // change (a widget filling a field after a pick) is on its way; that is still an echo.
  const reported = useRef(new WeakSet<object>());
  const [start, setStart] = useState({ data: formData, key: 0 });
  const latest = useRef<Record<string, unknown> | undefined>(formData);
  if (!sameData(formData, start.data) && !reported.current.has(formData)) {
    latest.current = formData;
    setStart({ data: formData, key: start.key + 1 });
  }
  const sectionId = section.id;
  const { data: provider, lang } = useRendererEnv();
  const queries = useQueryClient();
  const fills = useMemo(() => lookupFillsOf(section.schema), [section.schema]);
  const transformErrors = useMemo(() => transformErrorsFor(section.schema, lang), [section.schema, lang]);
  const onFormChange = useCallback(
    (e: IChangeEvent) => {
      const data = (e.formData ?? {}) as Record<string, unknown>;
      const picked = pickedFills(fills, latest.current, data);
      latest.current = data;
      reported.current.add(data);
      onChange(sectionId, data);
      // A pick that fills its sibling fields (`x-lookupFill`): the filled data comes from
      // outside the form, so the form starts again from it.
      for (const { fill, value } of picked) {
        void loadLookup(queries, provider, lang, fill.source, value).then((option) => {
          if (!option || !latest.current) return;
          latest.current = applyFill(latest.current, fill, option);
          onChange(sectionId, latest.current);
        });
      }
    },
    [onChange, sectionId, fills, queries, provider, lang],
  );
  // The same element while nothing but the echoed data changed: React skips it entirely.
  const form = useMemo(
    () =>
      shown && (
        <Form
          key={start.key}
          tagName="div"
          schema={section.schema as RJSFSchema}
          uiSchema={uiSchema}
          initialFormData={start.data}
          validator={formValidatorFor(section.schema)}
          transformErrors={transformErrors}
          experimental_defaultFormStateBehavior={keepData ? KEEP_DATA : FORM_DEFAULTS}
          fields={keepData ? KEEP_DATA_WITH_FIELDS : FIELDS}
          widgets={portalWidgets}
          templates={TEMPLATES}
          formContext={formContext}
          extraErrors={extraErrors}
          disabled={disabled}
          showErrorList={false}
          noHtml5Validate
          onChange={onFormChange}
        />
      ),
    [shown, start, section.schema, uiSchema, formContext, extraErrors, disabled, keepData, onFormChange, transformErrors],
  );
  return (
    <Card ref={ref} title={section.title} size="small" data-section={section.id} data-invalid={extraErrors ? '' : undefined} style={SECTION_STYLE}>
      {!shown && <Skeleton title={false} paragraph={{ rows: Math.min(section.fields.length, 6) }} />}
      {form}
    </Card>
  );
});
