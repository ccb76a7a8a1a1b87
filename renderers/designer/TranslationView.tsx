import { Alert, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { missingTranslations, type MissingTranslation } from '../../engine/index.ts';
import { useDesigner, useDesignerState } from './designer-context.tsx';

/**
 * The translation view: every field, enum option, section (and the template's own label) that
 * lacks zh-CN or en-US text, as warnings. Publishing does not wait for them: the pages fall back
 * to the other language, `title`, the key made readable or the value.
 */
export function TranslationView() {
  const { t } = useDesigner();
  const bundle = useDesignerState((s) => s.doc.bundle);
  const rows = useMemo(() => missingTranslations(bundle).map((m, i) => ({ ...m, key: i })), [bundle]);
  if (!rows.length) return <Alert type="success" showIcon title={t('translations.none')} data-testid="designer-translations" />;
  return (
    <div data-testid="designer-translations">
      <Alert type="warning" showIcon title={t('translations.count', { count: rows.length })} style={{ marginBottom: 12 }} />
      <Table<MissingTranslation & { key: number }>
        size="small"
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        dataSource={rows}
        rowKey="key"
        columns={[
          { key: 'kind', title: t('translations.kind'), render: (_, m) => t(`translations.kinds.${m.kind}`) },
          { key: 'path', title: t('translations.path'), render: (_, m) => <code data-testid={`translation-${m.kind}-${m.path}${m.value === undefined ? '' : `-${m.value}`}`}>{m.value === undefined ? m.path : `${m.path} = ${m.value}`}</code> },
          { key: 'missing', title: t('translations.missing'), render: (_, m) => m.missing.map((l) => <Tag key={l} color="warning">{l}</Tag>) },
        ]}
      />
    </div>
  );
}
