import { describe, expect, it } from 'vitest';
import { checkedStatistics, createStaticRegistry, productMenu, STATISTICS_DECLARATION } from '../../../engine/index.ts';

const registry = createStaticRegistry();
const menu = new Set(productMenu().pages.map((p) => p.path));
const L = { 'zh-CN': '图', 'en-US': 'Chart' };
/** The product's declaration with one chart replaced (the check's answers are about it). */
const withChart = (chart: Record<string, unknown>) => ({
  ...STATISTICS_DECLARATION,
  pages: [{ ...STATISTICS_DECLARATION.pages[0]!, charts: [{ id: 'x', label: L, type: 'bar', source: 'report', series: 'conclusion', groupBy: '$month', ...chart }] }],
});

describe('statistics declaration (schemas/_statistics/statistics.json)', () => {
  it('holds the product pages, each a page of the menu', () => {
    const decl = checkedStatistics(STATISTICS_DECLARATION, registry, menu);
    expect(decl.pages.map((p) => p.path)).toEqual([
      '/statistics/executiveSummary',
      '/statistics/physicalTestPerformance',
      '/statistics/supplierPerformanceOverall',
      '/statistics/supplierPerformanceChemical',
      '/statistics/supplierPerformancePhysical',
    ]);
  });

  it('refuses sources, series, groups and conditions the entities do not have, naming the path', () => {
    const refused = (chart: Record<string, unknown>) => () => checkedStatistics(withChart(chart), registry, menu);
    expect(refused({ source: 'trf' })).toThrow("/pages/0/charts/0/source: 'trf' is neither 'report' nor an entity whose access.parent is 'report'");
    expect(refused({ series: 'marketSegment' })).toThrow("'marketSegment' is not an enum field of 'report'");
    expect(refused({ groupBy: 'nothing' })).toThrow("'nothing' is a field of neither 'report' nor 'report'");
    expect(refused({ groupBy: '$week' })).toThrow("'$week' is not one of $month, $year, $company");
    expect(refused({ type: 'pie' })).toThrow('a pie shows the series totals: it has no groupBy');
    expect(refused({ source: 'testLine', where: { colour: ['red'] } })).toThrow("'colour' is not a field of 'testLine'");
    expect(refused({ type: 'area' })).toThrow('/pages/0/charts/0/type');
    expect(() => checkedStatistics({ ...withChart({}), pages: [{ ...withChart({}).pages[0]!, path: '/statistics/nowhere' }] }, registry, menu)).toThrow("'/statistics/nowhere' is not a page of schemas/_menu/menu.json");
    expect(() => checkedStatistics({ ...STATISTICS_DECLARATION, scope: { ...STATISTICS_DECLARATION.scope, date: 'conclusion' } }, registry, menu)).toThrow("'conclusion' is not a date field of 'report'");
  });

  it('takes a line chart of test lines grouped by a field of their report', () => {
    expect(checkedStatistics(withChart({ source: 'testLine', groupBy: 'marketSegment', type: 'line', measure: 'rate' }), registry, menu).pages[0]!.charts[0]!.groupBy).toBe('marketSegment');
  });
});
