import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import type { RegisteredEntity } from '../../../engine/index.ts';
import { activeStateKeys, deriveFormSections, docKeys, editableFields, fieldPath, initialSnapshot, linkedEditableFields, valueAt } from '../../../engine/index.ts';
import { useRendererEnv } from '../../env/renderer-env.tsx';
import type { EntityRecord } from '../../env/data-provider.ts';
import { errorMessage } from '../../env/error-message.ts';
import { placeErrors, type FieldMessage, type PlacedErrors } from '../error-schema.ts';
import { mergeDocument, splitDocument, type Doc } from '../form-document.ts';
import { FormSection } from '../FormSection.tsx';
import { dropUnknownWidgets } from '../widgets/index.ts';
import { inlineMessage, shownField } from '../inline-message.ts';
import { useSectionParts } from '../use-section-parts.ts';
import { validateDocument } from '../save-errors.ts';
import { dffFieldOf, dffRefOf, type DffSource } from './dff-source.ts';

type Resolved =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'none'; message: string }
  | { status: 'ready'; reg: RegisteredEntity; label: string; replaced?: string; stored?: EntityRecord };

export interface DffSection {
  /** The section to render below the form's own sections (null when the entity has no DFF field). */
  node: ReactNode;
  /** Checks the DFF data as the form saves (drafts without `required`); the request's extra body, or false when invalid. */
  collect(draft: boolean): { dff: { template: string; doc: Doc } } | undefined | false;
  /** Shows the server's `dff.*` field errors in the section; returns the others. */
  takeErrors(errors: readonly FieldMessage[]): FieldMessage[];
}

const NO_ERRORS: PlacedErrors = { bySection: {}, unplaced: [] };
/** The path below the DFF field of an error under it (`dff.colour` → `colour`), else undefined. */
const below = (dff: string, field: string): string | undefined => {
  const [top, ...rest] = docKeys(field);
  return top === dff && rest.length ? fieldPath(rest) : undefined;
};

/**
 * A TRF's DFF section (docs/templates.md): once the buyer is chosen, the buyer's template is
 * resolved and its form drawn with the same sections and widgets as any form; a stored record is
 * edited with the version it was made with. The data is sent with the TRF as `dff`.
 */
export function useDffSection(reg: RegisteredEntity, source: DffSource | undefined, parts: Record<string, Doc> | undefined, record: EntityRecord | undefined, editable: ReadonlySet<string>): DffSection {
  const { lang, t, data } = useRendererEnv();
  const declared = useMemo(() => (source ? dffFieldOf(reg) : undefined), [reg, source]);
  const merged = useMemo(() => Object.assign({}, ...Object.values(parts ?? {})) as Doc, [parts]);
  const buyer = declared ? valueAt(merged, declared.buyer) : undefined;
  const buyerId = typeof buyer === 'string' ? buyer : '';
  const trfTemplate = typeof merged.template === 'string' && merged.template ? merged.template : undefined;
  const ref = declared ? dffRefOf(record?.doc, declared.field) : undefined;
  const [resolved, setResolved] = useState<Resolved>({ status: 'idle' });
  const { parts: dffParts, setParts: setDffParts, onSectionChange: onChange, read } = useSectionParts<Record<string, Doc>>(() => ({}));
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const shownReg = useRef<RegisteredEntity | undefined>(undefined);
  const loaded = parts !== undefined;
  const [refTemplate, refRecord] = [ref?.template, ref?.recordId];

  useEffect(() => {
    if (!declared || !source || !loaded) return;
    // No buyer yet: nothing to ask the server (its template follows the buyer).
    if (!buyerId) {
      shownReg.current = undefined;
      setResolved({ status: 'none', message: t('form.dffNeedsBuyer') });
      return;
    }
    let live = true;
    setResolved((r) => (r.status === 'ready' ? r : { status: 'loading' }));
    (async () => {
      const template = await source.resolve(buyerId, trfTemplate);
      const stored = refTemplate === template.reg.name && refRecord ? await data.get({ entity: refTemplate, id: refRecord }) : undefined;
      const shown = stored ? await source.registration(template.reg.name, stored.templateVersion) : template.reg;
      return { status: 'ready' as const, reg: shown, label: template.label, replaced: template.replacedMessage, stored };
    })().then(
      (next) => {
        if (!live) return;
        // Same template and version as shown: the user's input stays.
        if (shownReg.current !== next.reg) {
          shownReg.current = next.reg;
          const sections = deriveFormSections(next.reg, lang, editableFields(next.reg, undefined));
          setDffParts(splitDocument(sections, next.stored?.doc ?? {}, !next.stored));
          setErrors(NO_ERRORS);
        }
        setResolved(next);
      },
      (e: unknown) => {
        if (!live) return;
        shownReg.current = undefined;
        setResolved({ status: 'none', message: errorMessage(e) ?? t('common.loadFailed') });
      },
    );
    return () => {
      live = false;
    };
  }, [declared, source, loaded, buyerId, trfTemplate, refTemplate, refRecord, data, lang, t, setDffParts]);

  const dffReg = resolved.status === 'ready' ? resolved.reg : undefined;
  const buyerEditable = declared ? editable.has(docKeys(declared.buyer)[0]!) : false;
  // The section follows the buyer, except fields whose own `x-editableIn` names the TRF's states.
  const stored = record?.snapshot;
  const dffEditable = useMemo(() => {
    if (!dffReg) return new Set<string>();
    const snapshot = stored ?? (reg.machine ? initialSnapshot(reg.machine) : undefined);
    return linkedEditableFields(dffReg, activeStateKeys(reg, snapshot), buyerEditable);
  }, [dffReg, reg, stored, buyerEditable]);
  const sections = useMemo(() => {
    const derived = dffReg ? deriveFormSections(dffReg, lang, dffEditable) : [];
    // A template's declared uiSchema may name a widget its field has none for: that field falls back to RJSF's own.
    return dffReg?.uiSchema ? derived.map((s) => ({ ...s, uiSchema: dropUnknownWidgets(s.schema, s.uiSchema) })) : derived;
  }, [dffReg, lang, dffEditable]);
  const canEdit = dffEditable.size > 0;
  const place = useCallback(
    (list: readonly FieldMessage[]) => (dffReg ? placeErrors(sections, list, (e) => inlineMessage(dffReg.schema, lang, e.field, e.message), (f) => shownField(dffReg.schema, f)) : NO_ERRORS),
    [dffReg, sections, lang],
  );

  const collect = (draft: boolean) => {
    if (!declared || resolved.status !== 'ready' || !canEdit) return undefined;
    const all = new Set(sections.flatMap((s) => s.fields));
    const doc = mergeDocument(resolved.stored?.doc ?? {}, read(), sections, all, resolved.reg.schema);
    const problems = validateDocument(resolved.reg, doc, draft, lang);
    setErrors(place(problems));
    return problems.length ? false : { dff: { template: resolved.reg.name, doc } };
  };

  const takeErrors = (list: readonly FieldMessage[]) => {
    if (!declared) return [...list];
    const own = list.flatMap((e) => {
      const field = below(declared.field, e.field);
      return field === undefined ? [] : [{ ...e, field }];
    });
    if (own.length) setErrors(place(own));
    return list.filter((e) => below(declared.field, e.field) === undefined);
  };

  const node = declared ? (
    <Card size="small" title={t('form.dff')} data-testid="dff-section">
      {resolved.status === 'loading' && <Spin description={t('common.loading')} />}
      {resolved.status === 'none' && <Alert type="info" showIcon title={resolved.message} data-testid="dff-message" />}
      {resolved.status === 'ready' && (
        <Flex vertical gap={12}>
          {resolved.replaced && <Alert type="warning" showIcon title={resolved.replaced} data-testid="dff-message" />}
          <Typography.Text type="secondary" data-testid="dff-template">
            {t('form.dffTemplate', { template: resolved.label })}
          </Typography.Text>
          {errors.unplaced.length > 0 && <Alert type="error" showIcon title={errors.unplaced.map((e) => e.message).join('; ')} />}
          {sections.map((section) => (
            <FormSection
              key={section.id}
              section={section}
              formData={dffParts[section.id] ?? {}}
              extraErrors={errors.bySection[section.id]}
              onChange={onChange}
              keepData={!!resolved.stored}
              disabled={!canEdit}
            />
          ))}
        </Flex>
      )}
    </Card>
  ) : null;

  return { node, collect, takeErrors };
}
