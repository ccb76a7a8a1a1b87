import { useMemo, useRef, useState } from 'react';
import { Button, Card, Empty, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../renderers/list/use-list-export.ts';
import { exportStatistics, type ChartData, type StatisticsFilters } from '../../api/statistics.ts';
import { alreadyShown } from '../../api/client.ts';
import { chartOption, measured } from './chart-options.ts';
import { EChart, type EChartHandle } from './EChart.tsx';

/** One declared chart: drawn with ECharts, its data as a table below; saved as PNG, or its data as xlsx. An empty range shows an empty state. */
export function ChartCard({ page, chart, filters }: { page: string; chart: ChartData; filters: StatisticsFilters }) {
  const { t } = useTranslation();
  const drawn = useRef<EChartHandle>(null);
  const [exporting, setExporting] = useState(false);
  const option = useMemo(() => chartOption(chart), [chart]);
  const empty = chart.groups.length === 0;
  const savePng = () => {
    const url = drawn.current?.png();
    if (!url) return;
    // Decoded here: the CSP lets the page fetch nothing but its own origin (no data: URLs).
    const bytes = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
    downloadFile(new Blob([bytes], { type: 'image/png' }), `${chart.label} ${filters.from}_${filters.to}.png`);
  };
  const saveXlsx = () => {
    setExporting(true);
    exportStatistics(page, filters, chart.id)
      .then(({ blob, fileName }) => downloadFile(blob, fileName))
      .catch(alreadyShown)
      .finally(() => setExporting(false));
  };
  const rate = chart.measure === 'rate';
  const columns = [
    { key: 'group', title: t('statistics.group'), dataIndex: 'label' },
    ...chart.series.map((s) => ({ key: s.key, title: rate ? `${s.label} %` : s.label, align: 'right' as const, render: (_: unknown, g: ChartData['groups'][number]) => measured(chart, g, s.key) })),
    { key: 'total', title: t('statistics.total'), dataIndex: 'total', align: 'right' as const },
  ];
  return (
    <Card
      title={chart.label}
      data-chart={chart.id}
      extra={
        <Flex gap={8}>
          <Button size="small" onClick={savePng} disabled={empty} data-action="png">
            {t('statistics.savePng')}
          </Button>
          <Button size="small" onClick={saveXlsx} loading={exporting} disabled={empty} data-action="xlsx">
            {t('statistics.exportXlsx')}
          </Button>
        </Flex>
      }
    >
      {empty ? (
        <Empty description={t('statistics.empty')} data-empty />
      ) : (
        <>
          <EChart ref={drawn} option={option} height={chart.type === 'pie' ? 280 : Math.max(280, chart.type === 'bar' ? chart.groups.length * 26 + 80 : 280)} />
          {/* The table scrolls inside a region a keyboard can reach (axe: scrollable-region-focusable). */}
          <div tabIndex={0} role="region" aria-label={chart.label} style={{ marginTop: 12, maxHeight: 240, overflow: 'auto' }}>
            <Table rowKey="key" size="small" pagination={false} columns={columns} dataSource={chart.groups} />
          </div>
        </>
      )}
    </Card>
  );
}
