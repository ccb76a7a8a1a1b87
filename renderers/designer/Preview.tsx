import { useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Segmented, Space } from 'antd';
import { deriveFormSections, LANGUAGES, type Language } from '../../engine/index.ts';
import { placeErrors, type PlacedErrors } from '../form/error-schema.ts';
import { FormSection } from '../form/FormSection.tsx';
import type { Doc } from '../form/form-document.ts';
import { inlineMessage } from '../form/inline-message.ts';
import { validateDocument } from '../form/save-errors.ts';
import { useSectionParts } from '../form/use-section-parts.ts';
import { useDesigner, useDesignerState } from './designer-context.tsx';
import { previewRegistration, previewSection } from './preview-registration.ts';

let revisions = 0;
const nextRevision = (_bundle: unknown) => ++revisions;

const NO_ERRORS: PlacedErrors = { bySection: {}, unplaced: [] };

/** The template as the portal's own form renders it (one RJSF form per section), in either language, with validation. */
export function Preview() {
  const { t, lang } = useDesigner();
  const bundle = useDesignerState((s) => s.doc.bundle);
  const [previewLang, setPreviewLang] = useState<Language>(lang);
  const { parts, onSectionChange: onChange, read } = useSectionParts<Record<string, Doc>>(() => ({}));
  const [errors, setErrors] = useState<PlacedErrors>(NO_ERRORS);
  const [checked, setChecked] = useState(false);
  /** Each revision compiles under its own `$id` (RJSF's validator caches by `$id`). */
  const revision = useMemo(() => nextRevision(bundle), [bundle]);
  const reg = useMemo(() => previewRegistration(bundle, revision), [bundle, revision]);
  const sections = useMemo(() => {
    if (!reg) return undefined;
    try {
      return deriveFormSections(reg, previewLang, new Set(Object.keys(reg.schema.properties))).map(previewSection);
    } catch {
      return undefined;
    }
  }, [reg, previewLang]);

  const validate = () => {
    if (!reg || !sections) return;
    const doc = Object.assign({}, ...Object.values(read())) as Doc;
    const problems = validateDocument(reg, doc, false, previewLang);
    setErrors(placeErrors(sections, problems, (e) => inlineMessage(reg.schema, previewLang, e.field, e.message)));
    setChecked(true);
  };

  return (
    <Card
      size="small"
      title={t('preview.title')}
      data-testid="designer-preview"
      extra={
        <Space>
          <Segmented<Language>
            size="small"
            value={previewLang}
            onChange={(v) => {
              setPreviewLang(v);
              setErrors(NO_ERRORS);
              setChecked(false);
            }}
            options={LANGUAGES.map((l) => ({ value: l, label: t(`preview.lang.${l}`) }))}
            data-testid="preview-lang"
          />
          <Button size="small" type="primary" onClick={validate} disabled={!sections} data-testid="preview-validate">
            {t('preview.validate')}
          </Button>
        </Space>
      }
    >
      {!sections && <Alert type="warning" showIcon title={t('preview.unavailable')} />}
      {sections && checked && errors.unplaced.length === 0 && Object.keys(errors.bySection).length === 0 && <Alert type="success" showIcon title={t('preview.valid')} />}
      {errors.unplaced.length > 0 && <Alert type="error" showIcon title={t('preview.invalid')} description={errors.unplaced.map((e) => <div key={e.field + e.message}>{e.message}</div>)} />}
      <Flex vertical gap={12} style={{ marginTop: 8 }}>
        {sections?.map((s) => (
          <FormSection key={`${s.id}-${previewLang}-${revision}`} section={s} formData={parts[s.id] ?? {}} extraErrors={errors.bySection[s.id]} onChange={onChange} />
        ))}
      </Flex>
    </Card>
  );
}
