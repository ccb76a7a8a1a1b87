import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Card, Input, List, Typography } from 'antd';
import { checkTemplate, localizeProblems, type TemplateBundle } from '../../engine/index.ts';
import { useDesigner, useDesignerState } from './designer-context.tsx';

const show = (bundle: TemplateBundle) => JSON.stringify({ entity: bundle.entity, schema: bundle.schema, views: bundle.views, uiSchema: bundle.uiSchema ?? {} }, null, 2);

/**
 * The bundle (entity, schema, views, uiSchema) as JSON, editable: checked as you type (parse
 * errors, then checkTemplate's problems in the interface language); a text that parses and has
 * the bundle's outline goes back to the canvas as one undo step.
 */
export function JsonView() {
  const { t, lang, store } = useDesigner();
  const doc = useDesignerState((s) => s.doc);
  const readOnly = useDesignerState((s) => s.readOnly);
  const shown = useMemo(() => show(doc.bundle), [doc.bundle]);
  const [textValue, setText] = useState(shown);
  const [parseError, setParseError] = useState<string>();
  const applied = useRef(shown);
  useEffect(() => {
    if (shown !== applied.current) {
      applied.current = shown;
      setText(shown);
      setParseError(undefined);
    }
  }, [shown]);
  const problems = useMemo(() => {
    try {
      return localizeProblems(checkTemplate(JSON.parse(textValue), lang), lang);
    } catch {
      return [];
    }
  }, [textValue, lang]);

  useEffect(() => {
    if (textValue === applied.current) return;
    const timer = setTimeout(() => {
      let parsed: TemplateBundle;
      try {
        parsed = JSON.parse(textValue) as TemplateBundle;
      } catch (e) {
        setParseError((e as Error).message);
        return;
      }
      setParseError(undefined);
      if (problems.some((p) => p.keyword === 'TEMPLATE_SHAPE' || p.keyword === 'TEMPLATE_SCHEMA_INVALID')) return;
      applied.current = show(parsed);
      store.getState().replace({ bundle: parsed, renames: store.getState().doc.renames });
    }, 500);
    return () => clearTimeout(timer);
  }, [textValue, problems, store]);

  return (
    <Card size="small" title={t('json.title')} data-testid="designer-json">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {readOnly ? t('publishedReadOnly') : t('json.hint')}
      </Typography.Paragraph>
      <Input.TextArea
        value={textValue}
        onChange={(e) => setText(e.target.value)}
        readOnly={readOnly}
        autoSize={{ minRows: 16, maxRows: 40 }}
        spellCheck={false}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        aria-label={t('json.title')}
        data-testid="json-text"
      />
      {parseError && <Alert style={{ marginTop: 8 }} type="error" showIcon title={t('json.parseError', { detail: parseError })} />}
      {!parseError && problems.length > 0 && (
        <List size="small" style={{ marginTop: 8 }} header={t('json.problems', { count: problems.length })} dataSource={problems} renderItem={(p) => <List.Item>{p.message}</List.Item>} />
      )}
    </Card>
  );
}
