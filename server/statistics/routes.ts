import type { FastifyInstance, FastifyRequest } from 'fastify';
import { productMenu, productStatistics, type EntityRegistry, type StatisticsPage } from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { currentUser } from '../auth/session-hook.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { scopeOf } from '../entities/visibility.ts';
import { chartData, type ChartData } from './chart-data.ts';
import { parseFilters } from './filters.ts';
import { chartsCounts, companyNames } from './statistics-repo.ts';
import { syncStatisticsSources } from './statistics-sources.ts';
import { STATISTICS_SCHEMAS as S } from './statistics-schemas.ts';
import { statisticsWorkbook } from './statistics-xlsx.ts';

type Req = FastifyRequest<{ Params: { page: string }; Querystring: Record<string, string> }>;

/**
 * The declared statistics pages (schemas/_statistics/statistics.json, checked here at start against
 * the registry and the menu): GET a page's charts for a date range and company, or their data as
 * xlsx (all charts, or `chart`). The page's permission is checked; the counts respect visibility.
 * The declaration's sources of the daily pre-aggregate are written (and the aggregate rebuilt if they changed) first.
 * `reads`: where the counts are read (a read replica, READ_DATABASE_URL); the database itself unless given.
 */
export async function statisticsRoutes(app: FastifyInstance, db: Database, registry: EntityRegistry, reads: Queryable = db): Promise<void> {
  const decl = productStatistics(registry, new Set(productMenu().pages.map((p) => p.path)));
  await syncStatisticsSources(db, decl, registry);
  const pageOf = (req: Req): StatisticsPage => {
    const page = decl.pages.find((p) => p.id === req.params.page);
    if (!page) throw new ApiError(404, 'STATISTICS_PAGE_UNKNOWN', { page: req.params.page });
    const user = currentUser(req);
    if (!user.permissionMap[page.permission]) throw new ApiError(403, 'FORBIDDEN', { permission: page.permission });
    return page;
  };
  const chartsOf = async (req: Req, page: StatisticsPage): Promise<ChartData[]> => {
    const lang = requestLanguage(req);
    const filters = parseFilters(decl, registry, req.query, lang);
    const wanted = req.query.chart ? page.charts.filter((c) => c.id === req.query.chart) : page.charts;
    if (!wanted.length) throw new ApiError(404, 'STATISTICS_CHART_UNKNOWN', { chart: req.query.chart ?? '' });
    const scope = scopeOf(currentUser(req), registry);
    const counted = await chartsCounts(reads, decl, registry, wanted, filters, scope);
    const companies = wanted.flatMap((c, i) => (c.groupBy === '$company' ? counted[i]!.flatMap((r) => (r.k ? [r.k] : [])) : []));
    const names = await companyNames(reads, [...new Set(companies)], lang === 'en-US');
    return wanted.map((c, i) => chartData(decl, registry, c, counted[i]!, lang, names));
  };

  app.get<{ Params: { page: string }; Querystring: Record<string, string> }>('/api/statistics/:page', { schema: S.page }, async (req) => {
    const page = pageOf(req);
    return ok({ charts: await chartsOf(req, page) });
  });

  app.get<{ Params: { page: string }; Querystring: Record<string, string> }>('/api/statistics/:page/export', { schema: S.export }, async (req, reply) => {
    const page = pageOf(req);
    const charts = await chartsOf(req, page);
    const lang = requestLanguage(req);
    const bytes = await statisticsWorkbook(charts, lang);
    const name = `${charts.length === 1 ? charts[0]!.label : page.label[lang]} ${req.query.from}_${req.query.to}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(bytes);
  });
}
