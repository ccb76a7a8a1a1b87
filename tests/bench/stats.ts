/** Percentile of a sample (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** The goal: the figure must be at most this (at least, with `atLeast`: a rate); none for a figure printed to explain another. */
  goal?: number;
  atLeast?: boolean;
  note?: string;
}

export function printFigures(figures: readonly BenchFigure[]): boolean {
  const met = (f: BenchFigure) => f.goal === undefined || (f.atLeast ? f.value >= f.goal : f.value <= f.goal);
  const goal = (f: BenchFigure) => (f.goal === undefined ? '—' : `${f.atLeast ? '≥' : '≤'} ${f.goal} ${f.unit}`);
  const status = (f: BenchFigure) => (f.goal === undefined ? 'info' : met(f) ? 'met' : 'MISSED');
  const rows = figures.map((f) => [f.name, `${f.value.toFixed(f.value < 1 ? 4 : 1)} ${f.unit}`, goal(f), status(f), f.note ?? '']);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length), 6));
  console.log(['figure', 'measured', 'goal', 'status'].map((h, i) => h.padEnd(widths[i]!)).join('  '));
  for (const r of rows) console.log(`${r.slice(0, 4).map((c, i) => c.padEnd(widths[i]!)).join('  ')}  ${r[4]}`);
  return figures.every(met);
}
