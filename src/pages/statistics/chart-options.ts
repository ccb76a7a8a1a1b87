import type { ChartData } from '../../api/statistics.ts';

/** The colours of the conclusion series, in their declared order (pass, fail, see result), then the palette. */
const COLOURS = ['#52c41a', '#f5222d', '#faad14', '#1677ff', '#722ed1', '#13c2c2'];

/** A count, or its share of the group in percent (two decimals) when the chart shows rates. */
export function measured(chart: ChartData, g: ChartData['groups'][number], key: string): number {
  const n = g.counts[key] ?? 0;
  return chart.measure === 'rate' ? (g.total ? Math.round((n / g.total) * 10000) / 100 : 0) : n;
}

/**
 * The ECharts option of a chart's data: a pie of the series' totals; a line per series along the
 * groups; or stacked bars (horizontal when the groups are names: suppliers, tests).
 */
export function chartOption(chart: ChartData): Record<string, unknown> {
  const base = { color: COLOURS, animation: false, tooltip: { trigger: chart.type === 'pie' ? 'item' : 'axis' }, legend: { top: 0 } };
  if (chart.type === 'pie') {
    const totals = chart.series.map((s) => ({ name: s.label, value: chart.groups.reduce((sum, g) => sum + (g.counts[s.key] ?? 0), 0) }));
    return { ...base, series: [{ type: 'pie', radius: ['35%', '65%'], top: 24, data: totals, label: { formatter: '{b}: {c} ({d}%)' } }] };
  }
  const rate = chart.measure === 'rate';
  const valueAxis = { type: 'value', ...(rate ? { max: 100, axisLabel: { formatter: '{value}%' } } : { minInterval: 1 }) };
  const categories = chart.groups.map((g) => g.label);
  const horizontal = chart.type === 'bar' && !/^\d{4}(-\d{2})?$/.test(chart.groups[0]?.key ?? '');
  const categoryAxis = { type: 'category', data: horizontal ? [...categories].reverse() : categories, axisLabel: { width: 160, overflow: 'truncate' } };
  const series = chart.series.map((s) => {
    const values = chart.groups.map((g) => measured(chart, g, s.key));
    return { name: s.label, type: chart.type, stack: chart.type === 'bar' ? 'all' : undefined, data: horizontal ? values.reverse() : values, ...(chart.type === 'line' ? { smooth: true } : {}) };
  });
  const grid = { left: 8, right: 24, top: 40, bottom: 8, containLabel: true };
  return horizontal ? { ...base, grid, xAxis: valueAxis, yAxis: categoryAxis, series } : { ...base, grid, xAxis: categoryAxis, yAxis: valueAxis, series };
}
