import { fetchFile, fileNameOf, request } from './client.ts';

/** A chart's data (server/statistics/chart-data.ts): groups with a count per series value. */
export interface ChartData {
  id: string;
  label: string;
  type: 'line' | 'bar' | 'pie';
  measure: 'count' | 'rate';
  series: { key: string; label: string }[];
  groups: { key: string; label: string; counts: Record<string, number>; total: number }[];
}

/** What a statistics page asks for: the range, and a company or the scope's criteria. */
export interface StatisticsFilters {
  from: string;
  to: string;
  company?: string;
  criteria?: Record<string, string>;
}

const queryOf = (f: StatisticsFilters, chart?: string): Record<string, string | undefined> => ({ from: f.from, to: f.to, company: f.company, ...f.criteria, chart });

/** A declared statistics page's charts (GET /api/statistics/:page); refusals (the range, the company) reject with the server's message, shown by the page. */
export const getStatistics = (page: string, filters: StatisticsFilters) =>
  request<{ charts: ChartData[] }>(`/api/statistics/${encodeURIComponent(page)}`, { query: queryOf(filters), quiet: true });

/** The charts' data as xlsx (one chart, or the whole page): the file and its name. */
export async function exportStatistics(page: string, filters: StatisticsFilters, chart?: string): Promise<{ blob: Blob; fileName: string }> {
  const url = new URL(`/api/statistics/${encodeURIComponent(page)}/export`, window.location.origin);
  for (const [k, v] of Object.entries(queryOf(filters, chart))) if (v) url.searchParams.set(k, v);
  const response = await fetchFile(url);
  return { blob: await response.blob(), fileName: fileNameOf(response, `${page}.xlsx`) };
}
