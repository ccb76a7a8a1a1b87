import { pathLabel, type EntityRegistry, type Language, type StatisticsDeclaration } from '../../engine/index.ts';
import { ApiError } from '../http/errors.ts';

/** What a statistics page is asked for: a date range, and a company or another criterion (scope.criteria). */
export interface StatisticsFilters {
  from: string;
  to: string;
  company?: string;
  criteria: Readonly<Record<string, string>>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A real calendar date written YYYY-MM-DD (2023-02-30 is not one). */
const isDate = (s: string) => DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/**
 * The filters of a statistics request, checked: start and end both given, real dates, not before the
 * data starts (scope.since), in order, at most scope.maxDays long (both ends included), and a company
 * unless a criterion is given. Each refusal is a 400 with its message in the request's language.
 */
export function parseFilters(decl: StatisticsDeclaration, registry: EntityRegistry, query: Record<string, unknown>, lang: Language): StatisticsFilters {
  const str = (k: string) => (typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined);
  const from = str('from');
  const to = str('to');
  if (!from || !to) throw new ApiError(400, 'STATISTICS_RANGE_REQUIRED');
  if (!isDate(from) || !isDate(to)) throw new ApiError(400, 'STATISTICS_RANGE_INVALID');
  if (from < decl.scope.since) throw new ApiError(400, 'STATISTICS_RANGE_BEFORE_DATA', { since: decl.scope.since });
  if (to < from) throw new ApiError(400, 'STATISTICS_RANGE_ORDER');
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days > decl.scope.maxDays) throw new ApiError(400, 'STATISTICS_RANGE_TOO_LONG', { days: decl.scope.maxDays });
  const criteria = Object.fromEntries(decl.scope.criteria.flatMap((c) => (str(c) ? [[c, str(c)!]] : [])));
  const company = str('company');
  if (!company && !Object.keys(criteria).length) {
    const scope = registry.get(decl.scope.entity);
    throw new ApiError(400, 'STATISTICS_COMPANY_REQUIRED', { criteria: decl.scope.criteria.map((c) => pathLabel(scope, c, lang)).join(' / ') });
  }
  return { from, to, criteria, ...(company ? { company } : {}) };
}
