import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Flex, Space, Spin, Typography } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { creationSnapshot, deriveFormSections, editableFields, isDraftState, lockedNestedFields, permittedFields, recordTitle, registrationFor, spacedCjkLatin, text } from '../../engine/index.ts';
import { useRecordCache } from '../env/record-cache.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { isDataError, type EntityRecord } from '../env/data-provider.ts';
import { detailPath, listPath } from '../env/entity-paths.ts';
import { errorMessage } from '../env/error-message.ts';
import { withNoticesShown } from '../env/write-notices.ts';
import { placeErrors, type FieldMessage, type PlacedErrors } from './error-schema.ts';
import { inlineMessage, shownField } from './inline-message.ts';
import { useScrollToError } from './use-scroll-to-error.ts';
import { mergeDocument, splitDocument, type Doc } from './form-document.ts';
import { applyRefill, refillOf } from './lookup-refill.ts';
import { FormSection } from './FormSection.tsx';
import { validateDocument } from './save-errors.ts';
import { useSectionParts } from './use-section-parts.ts';
import { DocumentContext, useDocumentStore } from './document-store.ts';
import { assertKnownWidgets, dropUnknownWidgets } from './widgets/index.ts';
import type { DffSource } from './dff/dff-source.ts';
import { useDffSection } from './dff/use-dff-section.tsx';

export interface EntityFormProps {
  reg: RegisteredEntity;
  /** The record to edit; none for a new record (in the machine's initial state). */
  id?: string;
  /** Where a TRF's DFF section finds its template (entities with an `x-dff` field). */
  dff?: DffSource;
  /** A new record's starting values (a preset form: `routes.forms`). */
  preset?: Doc;
  /** A new record's title (a preset form's own label), instead of "New <entity>". */
  newTitle?: string;
  /** Fields shown but not changed here (a variant's bound template, docs/declarations.md §2). */
  locked?: readonly string[];
}

const NO_ERRORS: PlacedErrors = { bySection: {}, unplaced: [] };

/** The generated form of any registered entity: one RJSF form per declared section, validated as one document. */
export function EntityForm({ reg: entityReg, id, dff, preset, newTitle, locked }: EntityFormProps) {
  const { lang, t, data, navigate, permissions } = useRendererEnv();
  const { message, modal } = App.useApp();
  const cache = useRecordCache();
  const [record, setRecord] = useState<EntityRecord | undefined>();
  // A template's record is edited with the version it was made with.
  const reg = useMemo(() => registrationFor(entityReg, record?.templateVersion), [entityReg, record?.templateVersion]);
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [loadError, setLoadError] = useState<unknown>();
  const [saving, setSaving] = useState(false);

  const firstSnapshot = useMemo(() => (reg.machine ? creationSnapshot(reg.machine, reg.entity.lifecycle?.createdIn) : undefined), [reg]);
  const snapshot = record?.snapshot ?? firstSnapshot;
  // What the state lets change and, on an edit, the user may change (a reviewer: the review fields alone);
  // a new record: every field the server takes on create, whatever its first state lets change later
  // (a quotation starts waiting for the payer, where staff change nothing); a variant's bound fields never.
  const editable = useMemo(() => {
    const all = id ? permittedFields(reg, editableFields(reg, snapshot), permissions) : editableFields(reg, undefined);
    return locked?.length ? new Set([...all].filter((f) => !locked.includes(f))) : all;
  }, [reg, snapshot, permissions, id, locked]);
  const sections = useMemo(() => {
    const derived = deriveFormSections(reg, lang, editable, { creating: !id, ...(id ? { locked: lockedNestedFields(reg, permissions) } : {}) });
    // A template's declared uiSchema may name a widget its field has none for: that field falls back to RJSF's own.
    if (reg.uiSchema) return derived.map((s) => ({ ...s, uiSchema: dropUnknownWidgets(s.schema, s.uiSchema) }));
    for (const s of derived) assertKnownWidgets(s.schema, s.uiSchema);
    return derived;
  }, [reg, lang, editable, id, permissions]);
  const sectionsRef = useRef(sections);
  sectionsRef.current = sections;
  /** Per-section form data; a new record starts from the schema's defaults. */
  const { parts, setParts, onSectionChange, read } = useSectionParts<Record<string, Doc> | undefined>(() => (id ? undefined : splitDocument(sections, preset ?? {}, true)));

  const show = useCallback(
    (r: EntityRecord | undefined) => {
      setRecord(r);
      const shown = registrationFor(entityReg, r?.templateVersion);
      // Splitting reads the sections' fields and defaults only, the same in every language.
      setParts(splitDocument(deriveFormSections(shown, 'en-US', r ? permittedFields(shown, editableFields(shown, r.snapshot ?? undefined), permissions) : editableFields(shown, undefined), { creating: !r }), r?.doc ?? {}, !r));
      setErrors(NO_ERRORS);
    },
    [entityReg, setParts, permissions],
  );

  useEffect(() => {
    if (!id) return;
    let live = true;
    setParts(undefined);
    data.get({ entity: entityReg.name, id }).then(
      (r) => live && show(r),
      (e: unknown) => live && setLoadError(e ?? new Error()),
    );
    return () => {
      live = false;
    };
  }, [data, entityReg, id, show, setParts]);

  const dffSection = useDffSection(reg, dff, parts, record, editable);
  const documentStore = useDocumentStore(record?.doc ?? preset, parts);
  const { root, scrollToError } = useScrollToError();
  const place = (list: readonly FieldMessage[]) => placeErrors(sectionsRef.current, list, (e) => inlineMessage(reg.schema, lang, e.field, e.message), (f) => shownField(reg.schema, f));

  const onSaveError = (e: unknown, sent: Doc) => {
    // Data copied from a record that has changed since (a TRF's lab): the form takes the fresh data and says so.
    const refill = isDataError(e) && e.errorCode === 'LOOKUP_STALE' ? refillOf(e.data) : undefined;
    if (refill) setParts(splitDocument(sections, applyRefill(sent, refill), false));
    // A version conflict offers the newer data; other 409s (a DFF template changed, …) are messages.
    if (isDataError(e) && e.code === 409 && (e.errorCode ?? 'VERSION_CONFLICT') === 'VERSION_CONFLICT') {
      const current = e.data as EntityRecord | undefined;
      modal.confirm({
        title: t('form.conflictTitle'),
        content: e.message,
        okText: t('form.conflictReload'),
        cancelText: t('common.cancel'),
        onOk: () => (current?.id ? show(current) : id && data.get({ entity: reg.name, id }).then(show)),
      });
      return;
    }
    if (isDataError(e) && e.errors?.length) {
      setErrors(place(dffSection.takeErrors(e.errors)));
      scrollToError();
    }
    message.error(errorMessage(e) ?? t('common.loadFailed'));
  };

  const save = async () => {
    const current = read();
    if (!current) return;
    // A new record keeps the preset values its form does not show or change (a variant's name and bound template).
    const doc = mergeDocument(record?.doc ?? preset ?? {}, current, sections, editable, reg.schema);
    const draft = isDraftState(reg, snapshot);
    const problems = validateDocument(reg, doc, draft, lang);
    const extra = dffSection.collect(draft);
    if (problems.length || extra === false) {
      setErrors(place(problems));
      scrollToError();
      message.error(t('form.invalid'));
      return;
    }
    setErrors(NO_ERRORS);
    setSaving(true);
    try {
      const answer = record ? await data.update({ entity: reg.name, id: record.id, doc, version: record.version, extra }) : await data.create({ entity: reg.name, doc, extra });
      message.success(t('form.saved'));
      const saved = withNoticesShown(answer, (n, s) => message.warning(n, s));
      cache.changed(reg.name, saved);
      navigate(detailPath(reg, saved.id));
    } catch (e) {
      onSaveError(e, doc);
    } finally {
      setSaving(false);
    }
  };

  if (loadError !== undefined) return <Alert type="error" showIcon title={errorMessage(loadError) ?? t('common.loadFailed')} />;
  if (!parts) return <Spin description={t('common.loading')} />;

  const entityLabel = text(reg.entity.label, lang, reg.name);
  const title = record
    ? t('form.editTitle', { entity: entityLabel, title: recordTitle(reg, record.doc, lang) })
    : (newTitle ?? spacedCjkLatin(t('form.newTitle', { entity: entityLabel })));
  const nothingEditable = sections.every((s) => s.fields.every((f) => !editable.has(f)));

  return (
    <DocumentContext.Provider value={documentStore}>
      <Flex vertical gap={16} data-testid="entity-form" ref={root}>
        <Card size="small">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Space>
              <Button onClick={() => navigate(record ? detailPath(reg, record.id) : listPath(reg))}>{t('common.back')}</Button>
              <Button type="primary" loading={saving} disabled={nothingEditable} onClick={save} data-testid="form-save">
                {isDraftState(reg, snapshot) ? t('form.saveDraft') : t('form.save')}
              </Button>
            </Space>
          </Flex>
        </Card>
        {nothingEditable && <Alert type="warning" showIcon title={t('form.notEditable')} />}
        {errors.unplaced.length > 0 && (
          <Alert type="error" showIcon title={t('form.invalid')} description={errors.unplaced.map((e) => <div key={e.field + e.message}>{e.message}</div>)} />
        )}
        {sections.map((section) => (
          <FormSection
            key={section.id}
            section={section}
            formData={parts[section.id] ?? {}}
            extraErrors={errors.bySection[section.id]}
            keepData={!!record}
            onChange={onSectionChange}
          />
        ))}
        {dffSection.node}
      </Flex>
    </DocumentContext.Provider>
  );
}
