import { enumLabel, fieldAt, text, type EntityRegistry, type Language, type StatisticsChart, type StatisticsDeclaration } from '../../engine/index.ts';
import { message } from '../../engine/i18n/messages.ts';
import type { CountRow } from './statistics-repo.ts';

/** One group of a chart (a month, a supplier, a test…) with its count per series value. */
export interface ChartGroup {
  key: string;
  label: string;
  counts: Record<string, number>;
  total: number;
}

/** A chart's data as the page draws and exports it. */
export interface ChartData {
  id: string;
  label: string;
  type: StatisticsChart['type'];
  measure: 'count' | 'rate';
  series: { key: string; label: string }[];
  groups: ChartGroup[];
}

const NONE = '';

/**
 * The counts of a chart (statistics-repo.ts) as groups with their series: the series are the enum's
 * values in declared order (labelled by x-enumLabels); groups over time keep time order, others come
 * most records first, `top` of them kept; a group without a value is labelled "(none)"; a group
 * field's values are labelled by its x-enumLabels (an enum's, or the known codes of an open field: test categories).
 */
export function chartData(
  decl: StatisticsDeclaration,
  registry: EntityRegistry,
  chart: StatisticsChart,
  rows: readonly CountRow[],
  lang: Language,
  names: ReadonlyMap<string, string>,
): ChartData {
  const source = registry.get(chart.source);
  const seriesNode = fieldAt(source.schema, chart.series);
  const keys = (seriesNode?.enum ?? []).map(String);
  const series = keys.map((key) => ({ key, label: enumLabel(seriesNode, key, lang) }));
  const byKey = new Map<string, ChartGroup>();
  for (const row of rows) {
    const key = row.k ?? NONE;
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = { key, label: key, counts: Object.fromEntries(keys.map((k) => [k, 0])), total: 0 }));
    g.counts[row.s] = (g.counts[row.s] ?? 0) + row.n;
    g.total += row.n;
  }
  const groupNode = chart.groupBy && !chart.groupBy.startsWith('$') ? (fieldAt(source.schema, chart.groupBy) ?? fieldAt(registry.get(decl.scope.entity).schema, chart.groupBy)) : undefined;
  const timed = chart.groupBy === '$month' || chart.groupBy === '$year';
  let groups = [...byKey.values()].sort((a, b) => (timed ? a.key.localeCompare(b.key) : b.total - a.total || a.key.localeCompare(b.key)));
  if (chart.top) groups = groups.slice(0, chart.top);
  for (const g of groups) {
    if (g.key === NONE) g.label = chart.groupBy ? message('STATISTICS_NO_VALUE', lang) : text(chart.label, lang);
    else if (chart.groupBy === '$company') g.label = names.get(g.key) ?? g.key;
    else if (groupNode?.enum || groupNode?.['x-enumLabels']) g.label = enumLabel(groupNode, g.key, lang);
  }
  return { id: chart.id, label: text(chart.label, lang), type: chart.type, measure: chart.measure ?? 'count', series, groups };
}
