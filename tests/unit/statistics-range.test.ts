import { describe, expect, it } from 'vitest';
import { rangePlan, rangeRowsSql } from '../../server/statistics/statistics-range.ts';

/** The split of a statistics range into the months the monthly roll-up answers and the edge days the daily rows add or take away. */
describe('statistics range', () => {
  it('reads an edge month the range holds at most half of as its days, a larger one as its month less the days it lacks', () => {
    expect(rangePlan('2023-03-01', '2024-02-28')).toEqual({ months: { first: '2023-03', last: '2024-02' }, days: [], less: [['2024-02-29', '2024-02-29']] });
    expect(rangePlan('2024-03-01', '2025-02-28')).toEqual({ months: { first: '2024-03', last: '2025-02' }, days: [], less: [] });
    expect(rangePlan('2024-03-15', '2024-05-02')).toEqual({ months: { first: '2024-03', last: '2024-04' }, days: [['2024-05-01', '2024-05-02']], less: [['2024-03-01', '2024-03-14']] });
    expect(rangePlan('2024-03-17', '2024-05-02')).toEqual({ months: { first: '2024-04', last: '2024-04' }, days: [['2024-03-17', '2024-03-31'], ['2024-05-01', '2024-05-02']], less: [] });
    expect(rangePlan('2024-03-20', '2024-03-25')).toEqual({ days: [['2024-03-20', '2024-03-25']], less: [] });
    expect(rangePlan('2024-03-02', '2024-03-30')).toEqual({ months: { first: '2024-03', last: '2024-03' }, days: [], less: [['2024-03-01', '2024-03-01'], ['2024-03-31', '2024-03-31']] });
    expect(rangePlan('2024-12-31', '2025-01-01')).toEqual({ days: [['2024-12-31', '2024-12-31'], ['2025-01-01', '2025-01-01']], less: [] });
  });

  it('adds the edge days, the months and takes away the days a month lacks, in one from-item', () => {
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    const sql = rangeRowsSql('report', '2024-03-15', '2024-05-02', p);
    expect(sql).toContain('n as n from statistics_daily where source = $1 and ((day >= $2 and day <= $3))');
    expect(sql).toContain('from statistics_monthly where source = $1 and month >= $4 and month <= $5');
    expect(sql).toContain('-n as n from statistics_daily where source = $1 and ((day >= $6 and day <= $7))');
    expect(params).toEqual(['report', '2024-05-01', '2024-05-02', '2024-03', '2024-04', '2024-03-01', '2024-03-14']);
    params.length = 0;
    expect(rangeRowsSql('report', '2024-03-20', '2024-03-25', p)).not.toContain('statistics_monthly');
    expect(params).toEqual(['report', '2024-03-20', '2024-03-25']);
  });
});
