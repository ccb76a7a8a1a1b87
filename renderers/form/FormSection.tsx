import { memo, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Card, Skeleton } from 'antd';
import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { DerivedFormSection } from '../../engine/index.ts';
import { formValidator } from './form-validator.ts';
import { portalWidgets } from './widgets/index.ts';

export interface FormSectionProps {
  section: DerivedFormSection;
  formData: Record<string, unknown>;
  extraErrors?: ErrorSchema;
  /** Shown but not editable (a TRF's DFF section once the buyer may no longer change). */
  disabled?: boolean;
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

/** Sections waiting to mount their form, in page order (layout effects run in tree order). */
const waiting: (() => void)[] = [];
let revealing = false;

/** Mounts the waiting sections one per task, each after a painted frame, so input is handled between them. */
function revealNext(): void {
  revealing = true;
  requestAnimationFrame(() =>
    setTimeout(() => {
      const reveal = waiting.shift();
      if (!reveal) {
        revealing = false;
        return;
      }
      reveal();
      revealNext();
    }, 0),
  );
}

/**
 * Whether the section's form is mounted: at once when the section starts within the first
 * screen, otherwise after the first paint, in turn. A long form (hundreds of fields) thus paints
 * its first screen without waiting for every field, and stays responsive while the rest arrive.
 */
function useRevealed(ref: RefObject<HTMLDivElement | null>): boolean {
  // Rendered to a string (no window, no layout effects), every section shows at once.
  const [shown, setShown] = useState(() => typeof window === 'undefined');
  useLayoutEffect(() => {
    if (shown) return;
    const top = ref.current?.getBoundingClientRect().top ?? 0;
    if (top < window.innerHeight) {
      setShown(true);
      return;
    }
    let live = true;
    waiting.push(() => live && setShown(true));
    if (!revealing) revealNext();
    return () => {
      live = false;
    };
  }, [ref, shown]);
  return shown;
}

/**
 * Off-screen sections skip style, layout and paint (`content-visibility: auto`), so a keystroke
 * lays out the sections in view, not the whole document; the size last rendered is kept.
 */
const CARD_STYLE = { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' } as const;

/**
 * One declared form section as its own RJSF form. It re-renders only when its own data or
 * errors change, so a keystroke costs one section, not the whole document.
 */
export const FormSection = memo(function FormSection({ section, formData, extraErrors, disabled, onChange }: FormSectionProps) {
  const uiSchema = useMemo<UiSchema>(() => ({ ...section.uiSchema, 'ui:submitButtonOptions': { norender: true } }), [section]);
  const formContext = useMemo(() => formContextFor(section.columns), [section.columns]);
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRevealed(ref);
  return (
    <Card ref={ref} title={section.title} size="small" data-section={section.id} style={CARD_STYLE}>
      {!shown && <Skeleton title={false} paragraph={{ rows: Math.min(section.fields.length, 6) }} />}
      {shown && <Form
        tagName="div"
        schema={section.schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={formValidator}
        widgets={portalWidgets}
        formContext={formContext}
        extraErrors={extraErrors}
        disabled={disabled}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => onChange(section.id, (e.formData ?? {}) as Record<string, unknown>)}
      />}
    </Card>
  );
});
