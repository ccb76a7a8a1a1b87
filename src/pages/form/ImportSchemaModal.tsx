import { useState } from 'react';
import { Alert, Button, Flex, Input, List, Modal, Typography } from 'antd';
import { asFailure, type Problem } from '../../../renderers/designer/template-api.ts';
import { importSchema, type SchemaImportAnswer } from '../../api/templates.ts';
import { useDesignerTexts } from './designer-texts.ts';

/** Files picked for an import: the first `.json` is the schema unless one is named `*.uischema.json` / `uiSchema.json` (its uiSchema); the rest are the files it references. */
async function readPicked(files: FileList): Promise<{ name?: string; schema?: string; uiSchema?: string; files: Record<string, string> }> {
  const out: { name?: string; schema?: string; uiSchema?: string; files: Record<string, string> } = { files: {} };
  for (const file of Array.from(files)) {
    const content = await file.text();
    if (/ui-?schema/i.test(file.name)) out.uiSchema = content;
    else if (out.schema === undefined) {
      out.schema = content;
      out.name = file.name;
    } else out.files[file.name] = content;
  }
  return out;
}

const ProblemItems = ({ items, testId }: { items: readonly Problem[]; testId: string }) => (
  <List size="small" data-testid={testId} dataSource={[...items]} renderItem={(p) => <List.Item><Typography.Text code>{p.field}</Typography.Text> {p.message}</List.Item>} />
);

/**
 * The template list's "Import JSON Schema" (issue 21): paste a schema (and its uiSchema), or pick
 * files — the schema, its uiSchema and the sibling files it references. The answer lists what the
 * import changed or could not keep, the translations missing and what still stops publishing;
 * the designer opens the draft next.
 */
export function ImportSchemaModal({ open, onClose, onOpenDraft }: { open: boolean; onClose(): void; onOpenDraft(code: string, version: number): void }) {
  const t = useDesignerTexts();
  const [schema, setSchema] = useState('');
  const [uiSchema, setUiSchema] = useState('');
  const [picked, setPicked] = useState<Awaited<ReturnType<typeof readPicked>>>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; errors?: readonly Problem[] }>();
  const [answer, setAnswer] = useState<SchemaImportAnswer>();

  const reset = () => {
    setSchema('');
    setUiSchema('');
    setPicked(undefined);
    setFailure(undefined);
    setAnswer(undefined);
  };
  const close = () => {
    reset();
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const text = schema.trim() || picked?.schema || '';
      const ui = uiSchema.trim() || picked?.uiSchema;
      setAnswer(await importSchema({ name: picked?.name, schema: text, ...(ui ? { uiSchema: ui } : {}), ...(picked && Object.keys(picked.files).length ? { files: picked.files } : {}) }));
    } catch (e) {
      setFailure(asFailure(e));
    } finally {
      setBusy(false);
    }
  };

  const footer = answer
    ? [<Button key="close" onClick={close}>{t('list.cancel')}</Button>, <Button key="open" type="primary" data-testid="import-schema-open" onClick={() => { const v = answer.version; close(); onOpenDraft(v.code, v.version); }}>{t('list.design')}</Button>]
    : [<Button key="cancel" onClick={close}>{t('list.cancel')}</Button>, <Button key="ok" type="primary" loading={busy} disabled={!schema.trim() && !picked?.schema} onClick={() => void submit()} data-testid="import-schema-submit">{t('importSchema.submit')}</Button>];

  return (
    <Modal open={open} title={t('importSchema.title')} onCancel={close} footer={footer} width={760} destroyOnHidden>
      {answer ? (
        <Flex vertical gap={8} data-testid="import-schema-result">
          <Alert type="success" showIcon title={t('importSchema.done', { code: answer.version.code })} />
          <Typography.Title level={5}>{t('importSchema.report')}</Typography.Title>
          <ProblemItems items={answer.report} testId="import-schema-report" />
          <Typography.Title level={5}>{t('importSchema.warnings')}</Typography.Title>
          <ProblemItems items={answer.warnings} testId="import-schema-warnings" />
          {answer.problems.length > 0 && <Alert type="warning" showIcon title={t('importSchema.problems')} description={<ProblemItems items={answer.problems} testId="import-schema-problems" />} />}
        </Flex>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('importSchema.hint')}</Typography.Text>
          <Input.TextArea rows={10} value={schema} onChange={(e) => setSchema(e.target.value)} placeholder={t('importSchema.schema')} aria-label={t('importSchema.schema')} data-testid="import-schema-text" />
          <Input.TextArea rows={3} value={uiSchema} onChange={(e) => setUiSchema(e.target.value)} placeholder={t('importSchema.uiSchema')} aria-label={t('importSchema.uiSchema')} data-testid="import-schema-ui" />
          <label>
            {t('importSchema.files')}{' '}
            <input type="file" multiple accept=".json,application/json" data-testid="import-schema-files" onChange={(e) => void (e.target.files?.length ? readPicked(e.target.files).then(setPicked) : setPicked(undefined))} />
          </label>
          {failure && <Alert type="error" showIcon title={failure.message} description={failure.errors?.length ? <ProblemItems items={failure.errors} testId="import-schema-errors" /> : undefined} data-testid="import-schema-failure" />}
        </Flex>
      )}
    </Modal>
  );
}
