import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { performanceKey, trainingPerformance, type PerformanceBy, type PerformanceRow } from '../../api/training.ts';

// The chart (echarts) loads with this page only, never with the login or the shell.
const PerformanceChart = lazy(() => import('./PerformanceChart.tsx'));

const rate = (r: PerformanceRow) => (r.graded ? Math.round((r.passed / r.graded) * 1000) / 10 : null);

/**
 * /training/performance: per trainee or per company, the classes taken, the average score and the
 * pass rate (passes among graded enrolments), as a table and a chart, over the enrolments the user
 * sees (GET /api/training/performance).
 */
export default function PerformancePage() {
  const { t } = useTranslation();
  const [by, setBy] = useState<PerformanceBy>('trainee');
  const rows = useQuery({ queryKey: performanceKey(by), queryFn: () => trainingPerformance(by) });
  const items = useMemo(() => rows.data ?? [], [rows.data]);
  const series = useMemo(
    () => ({
      names: items.map((r) => r.label),
      averageScore: { label: t('training.performance.averageScore'), values: items.map((r) => r.averageScore) },
      passRate: { label: t('training.performance.passRate'), values: items.map(rate) },
    }),
    [items, t],
  );
  const percent = (v: number | null) => (v === null ? '—' : `${v}%`);
  return (
    <Card title={t('route.trainingPerformance')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented<PerformanceBy>
          value={by}
          onChange={setBy}
          options={[
            { value: 'trainee', label: t('training.performance.byTrainee') },
            { value: 'company', label: t('training.performance.byCompany') },
          ]}
        />
        {rows.error ? (
          <Alert type="error" showIcon message={t('renderer.common.loadFailed')} action={<Button onClick={() => void rows.refetch()}>{t('renderer.common.retry')}</Button>} />
        ) : null}
        {rows.isSuccess && !items.length ? <Empty description={t('training.performance.empty')} /> : null}
        {items.length ? (
          <Suspense fallback={<Skeleton active />}>
            <PerformanceChart series={series} />
          </Suspense>
        ) : null}
        <Table<PerformanceRow>
          rowKey="key"
          loading={rows.isLoading}
          dataSource={items}
          pagination={false}
          columns={[
            { key: 'label', dataIndex: 'label', title: by === 'trainee' ? t('training.performance.trainee') : t('training.performance.company') },
            { key: 'classes', dataIndex: 'classes', title: t('training.performance.classes') },
            { key: 'averageScore', dataIndex: 'averageScore', title: t('training.performance.averageScore'), render: (v: number | null) => (v === null ? '—' : v) },
            { key: 'passed', title: t('training.performance.passed'), render: (_: unknown, r) => `${r.passed} / ${r.graded}` },
            { key: 'passRate', title: t('training.performance.passRate'), render: (_: unknown, r) => percent(rate(r)) },
          ]}
        />
      </Space>
    </Card>
  );
}
