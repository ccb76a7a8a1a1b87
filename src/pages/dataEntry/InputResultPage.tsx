import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Input, Select, Space, Table, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fieldAt, fieldLabel, MAX_PAGE_SIZE, parentClosed, text } from '../../../engine/index.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { entityKeys } from '../../../renderers/env/query-keys.ts';
import { recordChanged } from '../../../renderers/env/record-cache.ts';
import { errorMessage } from '../../../renderers/env/error-message.ts';
import type { EntityRecord } from '../../../renderers/env/data-provider.ts';
import { useRegistry } from '../../registry/registry.ts';
import { docOf, GRID_FIELDS, isDirty, rowOf, type GridField, type GridRow } from './result-grid.ts';

/** The report picker's label: number, TRF and version. */
const reportLabel = (r: EntityRecord) => `${String(r.doc.reportNo ?? '')} · ${String(r.doc.trfNo ?? '')} · V${String(r.doc.reportVersion ?? 1)}`;

/**
 * /dataEntry/inputResult: internal staff pick a report (by its number or its TRF's) and enter its
 * test lines in a grid. Each row saves with the version it was read at: a line someone else changed
 * meanwhile is refused with the server's 409 message on the row, and the user reloads it — nothing
 * is overwritten silently.
 */
export default function InputResultPage() {
  const { t } = useTranslation();
  const { lang, data } = useRendererEnv();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const registry = useRegistry();
  const lineReg = registry.get('testLine');
  const [search, setSearch] = useSearchParams();
  const reportId = search.get('report') ?? undefined;
  const [q, setQ] = useState('');
  const reports = useQuery({
    queryKey: entityKeys.list('report', { page: 1, pageSize: 50, filters: q ? { trfNo: q } : {} }),
    queryFn: () => data.list({ entity: 'report', page: 1, pageSize: 50, filters: q ? { trfNo: q } : {} }),
  });
  const picked = useQuery({ queryKey: entityKeys.record('report', reportId ?? ''), queryFn: () => data.get({ entity: 'report', id: reportId! }), enabled: Boolean(reportId) });
  const lineParams = { page: 1, pageSize: MAX_PAGE_SIZE, filters: { reportId: reportId ?? '' } };
  const lines = useQuery({ queryKey: entityKeys.list('testLine', lineParams), queryFn: () => data.list({ entity: 'testLine', ...lineParams }), enabled: Boolean(reportId) });
  // The rows typed into, by key; the others show the stored line.
  const [edits, setEdits] = useState<Record<string, GridRow>>({});
  const [added, setAdded] = useState<GridRow[]>([]);
  const [saving, setSaving] = useState<string>();
  const rows = useMemo(() => [...(lines.data?.items ?? []).map((r) => edits[r.id] ?? rowOf(r)), ...added], [lines.data, edits, added]);
  // An issued report's lines are closed (testLine's access.parent.closed): shown, not offered for change.
  const closed = picked.data ? parentClosed(lineReg.entity, picked.data.states) : false;
  const closedMessage = lineReg.entity.access?.parent?.closed?.message;

  const pick = (id: string | undefined) => {
    setEdits({});
    setAdded([]);
    setSearch(id ? { report: id } : {}, { replace: true });
  };
  const change = (row: GridRow, field: GridField, value: string) => {
    const next = { ...row, values: { ...row.values, [field]: value }, error: undefined };
    if (row.record) setEdits((e) => ({ ...e, [row.key]: next }));
    else setAdded((a) => a.map((r) => (r.key === row.key ? next : r)));
  };
  const save = async (row: GridRow) => {
    const report = picked.data;
    if (!report) return;
    setSaving(row.key);
    try {
      const doc = docOf(row, report.id, String(report.doc.reportNo ?? ''));
      const saved = row.record
        ? await data.update({ entity: 'testLine', id: row.record.id, doc, version: row.record.version })
        : await data.create({ entity: 'testLine', doc });
      await recordChanged(queries, 'testLine', saved);
      if (row.record) setEdits(({ [row.key]: _saved, ...rest }) => rest);
      else setAdded((a) => a.filter((r) => r.key !== row.key));
      message.success(t('dataEntry.saved'));
    } catch (e) {
      const error = errorMessage(e) ?? t('common.loadFailed');
      if (row.record) setEdits((all) => ({ ...all, [row.key]: { ...row, error } }));
      else setAdded((a) => a.map((r) => (r.key === row.key ? { ...r, error } : r)));
    } finally {
      setSaving(undefined);
    }
  };
  // Reloading a row drops its edits and shows the stored line as it is now.
  const reload = (row: GridRow) => {
    setEdits(({ [row.key]: _dropped, ...rest }) => rest);
    void lines.refetch();
  };

  const label = (f: string) => fieldLabel(fieldAt(lineReg.schema, f), lang, f);
  const columns = [
    { key: 'n', title: '#', width: 48, render: (_: unknown, _r: GridRow, i: number) => i + 1 },
    ...GRID_FIELDS.map((f) => ({
      key: f,
      title: label(f),
      render: (_: unknown, row: GridRow, i: number) => (
        <Input size="small" aria-label={`${label(f)} ${i + 1}`} value={row.values[f] ?? ''} readOnly={closed} onChange={(e) => change(row, f, e.target.value)} style={{ minWidth: f === 'testName' || f === 'testResult' ? 140 : 90 }} />
      ),
    })),
    ...(closed ? [] : [{
      key: 'save',
      title: t('dataEntry.actions'),
      fixed: 'right' as const,
      render: (_: unknown, row: GridRow, i: number) => (
        <Space direction="vertical" size={4}>
          <Space>
            <Button size="small" type="primary" disabled={!isDirty(row)} loading={saving === row.key} onClick={() => void save(row)} aria-label={`${t('dataEntry.save')} ${i + 1}`}>
              {t('dataEntry.save')}
            </Button>
            {row.error && row.record && (
              <Button size="small" onClick={() => reload(row)}>
                {t('dataEntry.reload')}
              </Button>
            )}
          </Space>
          {row.error && <Alert type="error" showIcon message={row.error} data-testid="row-error" />}
        </Space>
      ),
    }]),
  ];

  return (
    <Card title={t('dataEntry.title')} data-testid="input-result">
      <Flex vertical gap={16}>
        <Select
          id="pick-report"
          aria-label={t('dataEntry.pickReport')}
          placeholder={t('dataEntry.pickReport')}
          showSearch
          allowClear
          filterOption={false}
          onSearch={setQ}
          value={reportId}
          onChange={(v: string | undefined) => pick(v)}
          loading={reports.isFetching}
          options={[...(reports.data?.items ?? []), ...(picked.data && !reports.data?.items.some((r) => r.id === picked.data!.id) ? [picked.data] : [])].map((r) => ({ value: r.id, label: reportLabel(r) }))}
          style={{ maxWidth: 480 }}
        />
        {reports.error && <Alert type="error" showIcon message={errorMessage(reports.error) ?? t('common.loadFailed')} />}
        {!reportId ? (
          <Empty description={t('dataEntry.noReport')} />
        ) : (
          <>
            {picked.data && (
              <Space>
                <Tag color="blue">{reportLabel(picked.data)}</Tag>
                {!closed && <Button onClick={() => setAdded((a) => [...a, { key: `new-${Date.now()}-${a.length}`, values: {} }])} data-testid="add-line">
                  {t('dataEntry.addLine')}
                </Button>}
              </Space>
            )}
            {closed && closedMessage && <Alert type="info" showIcon message={text(closedMessage, lang)} data-testid="lines-closed" />}
            {lines.error && <Alert type="error" showIcon message={errorMessage(lines.error) ?? t('common.loadFailed')} />}
            <Table<GridRow> rowKey="key" size="small" loading={lines.isFetching} dataSource={rows} columns={columns} pagination={false} scroll={{ x: 'max-content' }} data-testid="result-grid" />
          </>
        )}
      </Flex>
    </Card>
  );
}
