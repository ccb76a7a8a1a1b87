import ExcelJS from 'exceljs';
import { message } from '../../engine/i18n/messages.ts';
import type { Language } from '../../engine/index.ts';
import type { ChartData } from './chart-data.ts';

/** Excel refuses these in a sheet's name, and more than 31 characters. */
const sheetName = (name: string, i: number) => `${i + 1} ${name.replace(/[\\/?*[\]:]/g, ' ')}`.slice(0, 31);

/**
 * The charts' data as one workbook, a sheet per chart: the group, each series' count (and share of
 * the group when the chart shows rates), the total. Small (a chart has at most a year of months or
 * its `top` groups), so written in memory.
 */
export async function statisticsWorkbook(charts: readonly ChartData[], lang: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  charts.forEach((chart, i) => {
    const sheet = workbook.addWorksheet(sheetName(chart.label, i), { views: [{ state: 'frozen', ySplit: 1 }] });
    const rate = chart.measure === 'rate';
    const header = [message('STATISTICS_GROUP', lang), ...chart.series.flatMap((s) => (rate ? [s.label, `${s.label} %`] : [s.label])), message('STATISTICS_TOTAL', lang)];
    sheet.addRow(header).font = { bold: true };
    for (const g of chart.groups) {
      const cells = chart.series.flatMap((s) => {
        const n = g.counts[s.key] ?? 0;
        return rate ? [n, g.total ? Math.round((n / g.total) * 10000) / 100 : 0] : [n];
      });
      sheet.addRow([g.label, ...cells, g.total]);
    }
    sheet.columns.forEach((c, j) => (c.width = j === 0 ? 36 : 14));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
