import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, InputNumber, Space, Table, Typography } from 'antd';
import { CommitInput } from './commit-inputs.tsx';
import { useDesigner, useDesignerState } from './designer-context.tsx';
import { asFailure, type DiffAnswer, type MigrationPreview, type MigrationResult, type TemplateSummary } from './template-api.ts';

function RenameEditor({ disabled }: { disabled: boolean }) {
  const { t, store } = useDesigner();
  const renames = useDesignerState((s) => s.doc.renames);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const write = (next: Record<string, string>) => store.getState().replace({ ...store.getState().doc, renames: next });
  return (
    <Flex vertical gap={4} data-testid="designer-renames">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('versions.renamesHint')}</Typography.Text>
      {Object.entries(renames).map(([a, b]) => (
        <Space key={a}>
          <Typography.Text code>{a}</Typography.Text>→<Typography.Text code>{b}</Typography.Text>
          <Button size="small" danger disabled={disabled} onClick={() => write(Object.fromEntries(Object.entries(renames).filter(([k]) => k !== a)))}>{t('versions.removeRename')}</Button>
        </Space>
      ))}
      {!disabled && (
        <Space>
          <CommitInput value={from} onCommit={setFrom} placeholder={t('versions.oldPath')} aria-label={t('versions.oldPath')} />
          <CommitInput value={to} onCommit={setTo} placeholder={t('versions.newPath')} aria-label={t('versions.newPath')} />
          <Button size="small" disabled={!from || !to} onClick={() => { write({ ...renames, [from]: to }); setFrom(''); setTo(''); }}>{t('versions.addRename')}</Button>
        </Space>
      )}
    </Flex>
  );
}

const paths = (list: readonly { path?: string; from?: string; to?: string }[]) => list.map((x) => x.path ?? `${x.from} → ${x.to}`).join(', ') || '—';

/** Renames for this version, the diff against the previous published version, and the migration of stored records. */
export function VersionPanel({ code, version, status, summary }: { code: string; version: number; status: 'draft' | 'published'; summary: TemplateSummary | undefined }) {
  const { t, api } = useDesigner();
  const [diff, setDiff] = useState<DiffAnswer>();
  const [preview, setPreview] = useState<MigrationPreview>();
  const [result, setResult] = useState<MigrationResult>();
  const [error, setError] = useState<string>();
  const older = (summary?.versions ?? []).filter((v) => v.status === 'published' && v.version < version).map((v) => v.version);
  const [from, setFrom] = useState<number | null>(older[older.length - 1] ?? null);
  const run = async <T,>(call: () => Promise<T>, keep: (v: T) => void) => {
    setError(undefined);
    try {
      keep(await call());
    } catch (e) {
      const f = asFailure(e);
      setError([f.message, ...(f.errors ?? []).map((x) => x.message)].join('\n'));
    }
  };
  const d = diff?.diff;
  return (
    <Card size="small" title={t('versions.title')} data-testid="designer-versions">
      <Flex vertical gap={12}>
        <RenameEditor disabled={status === 'published'} />
        <Button onClick={() => run(() => api.diff(code, version), setDiff)} data-testid="designer-diff">{t('versions.diff')}</Button>
        {diff && !d && <Alert type="info" showIcon title={t('versions.noPrevious')} />}
        {d && (
          <Descriptions size="small" column={1} bordered data-testid="designer-diff-result">
            <Descriptions.Item label={t('versions.added')}>{paths(d.added)}</Descriptions.Item>
            <Descriptions.Item label={t('versions.removed')}>{paths(d.removed)}</Descriptions.Item>
            <Descriptions.Item label={t('versions.renamed')}>{paths(d.renamed)}</Descriptions.Item>
            <Descriptions.Item label={t('versions.typeChanged')}>{d.typeChanged.map((c) => `${c.path}: ${c.from} → ${c.to}`).join(', ') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('versions.constrained')}>{d.constrained.map((c) => `${c.path} (${c.keywords.join(', ')})`).join(', ') || '—'}</Descriptions.Item>
          </Descriptions>
        )}
        {diff?.problems.map((p) => <Alert key={p.field + p.message} type="warning" showIcon title={p.message} />)}
        {older.length > 0 && (
          <Space wrap>
            <Typography.Text>{t('versions.migrateFrom')}</Typography.Text>
            <InputNumber size="small" min={1} max={version - 1} value={from} onChange={(v) => setFrom(typeof v === 'number' ? v : null)} aria-label={t('versions.migrateFrom')} />
            <Button disabled={!from} onClick={() => from && run(() => api.previewMigration(code, from, version), setPreview)} data-testid="designer-migration-preview">{t('versions.preview')}</Button>
            <Button danger disabled={!from || status !== 'published'} onClick={() => from && run(() => api.runMigration(code, from, version, true), setResult)} data-testid="designer-migration-run">{t('versions.run')}</Button>
          </Space>
        )}
        {preview && (
          <>
            <Typography.Text data-testid="designer-migration-counts">{t('versions.counts', { total: preview.total, unchanged: preview.unchanged, migrate: preview.migrate, blocked: preview.blocked, archived: preview.archived })}</Typography.Text>
            <Table size="small" rowKey="id" pagination={{ pageSize: 10 }} dataSource={preview.records} columns={[
              { title: t('versions.record'), dataIndex: 'id' },
              { title: t('versions.outcome'), dataIndex: 'outcome', render: (o: string) => t(`versions.outcome_${o}`) },
              { title: t('versions.problems'), render: (_: unknown, r) => r.problems.map((p) => p.message).join('; ') },
            ]} />
          </>
        )}
        {result && <Alert type="success" showIcon title={t('versions.done', { migrated: result.migrated, kept: result.kept, archived: result.archived })} />}
        {error && <Alert type="error" showIcon title={<span style={{ whiteSpace: 'pre-line' }}>{error}</span>} />}
      </Flex>
    </Card>
  );
}
