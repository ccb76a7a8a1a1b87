import { describe, expect, it } from 'vitest';
import { rangeRowsSql, wholeMonths } from '../../server/statistics/statistics-range.ts';

/** The split of a statistics range into the whole months the monthly roll-up answers and the edge days the daily rows answer. */
describe('statistics range', () => {
  it('finds the whole months inside a range, across years and leap Februaries', () => {
    expect(wholeMonths('2024-03-01', '2025-02-28')).toEqual({ first: '2024-03', last: '2025-02' });
    expect(wholeMonths('2023-03-01', '2024-02-28')).toEqual({ first: '2023-03', last: '2024-01' });
    expect(wholeMonths('2023-03-01', '2024-02-29')).toEqual({ first: '2023-03', last: '2024-02' });
    expect(wholeMonths('2024-03-15', '2024-05-02')).toEqual({ first: '2024-04', last: '2024-04' });
    expect(wholeMonths('2024-12-02', '2025-01-31')).toEqual({ first: '2025-01', last: '2025-01' });
    expect(wholeMonths('2024-01-01', '2024-12-31')).toEqual({ first: '2024-01', last: '2024-12' });
    expect(wholeMonths('2024-03-15', '2024-04-29')).toBeUndefined();
    expect(wholeMonths('2024-03-02', '2024-03-31')).toBeUndefined();
  });

  it('reads the edge days from the daily rows and the whole months from the monthly ones, or only days when no month is whole', () => {
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    const sql = rangeRowsSql('report', '2024-03-15', '2024-05-02', p);
    expect(sql).toContain('from statistics_daily where source = $1 and ((day >= $2 and day < $3) or (day >= $4 and day <= $5))');
    expect(sql).toContain('from statistics_monthly where source = $1 and month >= $6 and month <= $7');
    expect(params).toEqual(['report', '2024-03-15', '2024-04-01', '2024-05-01', '2024-05-02', '2024-04', '2024-04']);
    params.length = 0;
    expect(rangeRowsSql('report', '2024-03-15', '2024-04-29', p)).not.toContain('statistics_monthly');
    expect(params).toEqual(['report', '2024-03-15', '2024-04-29']);
  });
});
