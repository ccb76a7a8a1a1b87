import { memo, startTransition, useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Card, Skeleton } from 'antd';
import Form from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import type { DerivedFormSection } from '../../engine/index.ts';
import { formValidator } from './form-validator.ts';
import { FORM_DEFAULTS } from './form-defaults.ts';
import { portalWidgets } from './widgets/index.ts';
import { GridObjectFieldTemplate } from './templates/GridObjectFieldTemplate.tsx';
import { PortalFieldTemplate } from './templates/PortalFieldTemplate.tsx';
import { HeldInputTemplate } from './templates/HeldInputTemplate.tsx';
import { AddRowButton } from './templates/AddRowButton.tsx';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { loadLookup } from '../lookup/use-lookup-options.ts';
import { applyFill, lookupFillsOf, pickedFills } from './lookup-fill.ts';

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

/** The portal's templates over the antd theme's. */
const TEMPLATES = { ObjectFieldTemplate: GridObjectFieldTemplate, FieldTemplate: PortalFieldTemplate, BaseInputTemplate: HeldInputTemplate, ButtonTemplates: { AddButton: AddRowButton } };

/** Sections waiting to mount their form, in page order (layout effects run in tree order). */
const waiting: (() => void)[] = [];
let revealing = false;
/** When the user last typed or pressed (ms, performance.now()); reveals wait while input goes on. */
let lastInput = -Infinity;
/** Whether the input listeners are installed (once, with the first section that waits). */
let listening = false;
/** How long after an input the waiting sections keep waiting, in ms. */
const INPUT_QUIET = 400;

function noteInput(): void {
  lastInput = performance.now();
}

/**
 * Mounts the waiting sections one per task, each after a painted frame and as a transition
 * (React yields to input while rendering it), and not while the user is typing: a keystroke
 * then waits for no section's mounting.
 */
function revealNext(): void {
  revealing = true;
  if (!listening) {
    listening = true;
    for (const type of ['keydown', 'pointerdown'] as const) window.addEventListener(type, noteInput, { capture: true, passive: true });
  }
  requestAnimationFrame(() =>
    setTimeout(() => {
      const quietFor = performance.now() - lastInput;
      if (quietFor < INPUT_QUIET) {
        setTimeout(revealNext, INPUT_QUIET - quietFor);
        return;
      }
      const reveal = waiting.shift();
      if (!reveal) {
        revealing = false;
        return;
      }
      startTransition(reveal);
      revealNext();
    }, 0),
  );
}

/**
 * Whether the section's form is mounted: at once when the section starts within the first
 * screen or is scrolled near it, otherwise in turn after the first paint, while the user is not
 * typing. A long form (hundreds of fields) thus paints its first screen without waiting for every
 * field, and stays responsive while the rest arrive.
 */
function useRevealed(ref: RefObject<HTMLDivElement | null>): boolean {
  // Rendered to a string (no window, no layout effects), every section shows at once.
  const [shown, setShown] = useState(() => typeof window === 'undefined');
  useLayoutEffect(() => {
    if (shown) return;
    const el = ref.current;
    const top = el?.getBoundingClientRect().top ?? 0;
    if (top < window.innerHeight) {
      setShown(true);
      return;
    }
    let live = true;
    waiting.push(() => live && setShown(true));
    if (!revealing) revealNext();
    // Scrolled near before its turn: shown at once (a transition, so the first screen's paint
    // and the user's input go first).
    const reveal = (entries: IntersectionObserverEntry[]) => entries.some((e) => e.isIntersecting) && startTransition(() => setShown(true));
    const io = el && typeof IntersectionObserver !== 'undefined' ? new IntersectionObserver(reveal, { rootMargin: '200px 0px' }) : undefined;
    if (io && el) io.observe(el);
    return () => {
      live = false;
      io?.disconnect();
    };
  }, [ref, shown]);
  return shown;
}

/**
 * Off-screen sections skip style, layout and paint (`content-visibility: auto`), so a keystroke
 * lays out the sections in view, not the whole document; the size last rendered is kept.
 */
const CARD_STYLE = { contentVisibility: 'auto', containIntrinsicSize: 'auto 480px' } as const;

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
export const FormSection = memo(function FormSection({ section, formData, extraErrors, disabled, onChange }: FormSectionProps) {
  const uiSchema = useMemo<UiSchema>(() => ({ ...section.uiSchema, 'ui:submitButtonOptions': { norender: true } }), [section]);
  const formContext = useMemo(() => formContextFor(section.columns), [section.columns]);
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRevealed(ref);
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
        void loadLookup(queries, provider, lang, fill.source).then((options) => {
          const option = options.find((o) => o.value === value);
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
          validator={formValidator}
          experimental_defaultFormStateBehavior={FORM_DEFAULTS}
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
    [shown, start, section.schema, uiSchema, formContext, extraErrors, disabled, onFormChange],
  );
  return (
    <Card ref={ref} title={section.title} size="small" data-section={section.id} data-invalid={extraErrors ? '' : undefined} style={CARD_STYLE}>
      {!shown && <Skeleton title={false} paragraph={{ rows: Math.min(section.fields.length, 6) }} />}
      {form}
    </Card>
  );
});
