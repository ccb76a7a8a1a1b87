import type { Language, SearchRule } from '../declaration/types.ts';
import type { RegisteredEntity } from '../registry.ts';
import { message, type MessageCode } from '../i18n/messages.ts';
import { pathLabel } from '../derive/fields.ts';

/** A broken search rule: the filter it names, its code (the server's error code) and the message in the language. */
export interface SearchProblem {
  field: string;
  code: MessageCode;
  params: Record<string, string | number>;
  message: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** `date` plus `months` months (UTC, `YYYY-MM-DD`); a day past the month's end runs into the next, as Date does. */
function addMonths(date: string, months: number): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d)).toISOString().slice(0, 10);
}

function dateRangeProblem(rule: Extract<SearchRule, { rule: 'dateRange' }>, raw: string, label: string, lang: Language): Omit<SearchProblem, 'field'> | undefined {
  const [from = '', to = ''] = raw.split('..');
  const problem = (code: MessageCode, extra: Record<string, string | number> = {}) => {
    const params = { field: label, ...extra };
    return { code, params, message: message(code, lang, params) };
  };
  if (!from || !to) return problem('SEARCH_RANGE_INCOMPLETE');
  // Values that are no dates are the filter parser's to refuse (BAD_FILTER_VALUE).
  if (!DATE.test(from) || !DATE.test(to)) return undefined;
  const [start, end] = [from.slice(0, 10), to.slice(0, 10)];
  if (end < start) return problem('SEARCH_RANGE_ORDER');
  if (rule.earliest && start < rule.earliest) return problem('SEARCH_RANGE_EARLIEST', { earliest: rule.earliest });
  if (rule.maxMonths && end > addMonths(start, rule.maxMonths)) return problem('SEARCH_RANGE_TOO_LONG', { months: rule.maxMonths });
  return undefined;
}

/**
 * The problems of a search against the list's declared rules (`views.list.search.rules`, SPEC §5
 * dates), from the filter values as the list endpoint takes them (field → `value`, a range as
 * `from..to`; empty values are no filter). The server answers the first with 400 in the request
 * language; the filter bar shows them before sending. A search with no filter at all (the list's
 * first page) keeps every rule.
 */
export function searchProblems(reg: RegisteredEntity, filters: Readonly<Record<string, string | undefined>>, lang: Language): SearchProblem[] {
  const rules = reg.views.list.search?.rules ?? [];
  if (!rules.length) return [];
  const given = Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
  const value = (field: string) => given.find(([f]) => f === field)?.[1];
  const dateFields = new Set(rules.filter((r) => r.rule === 'dateRange').map((r) => r.field));
  const out: SearchProblem[] = [];
  for (const rule of rules) {
    const label = pathLabel(reg, rule.field, lang);
    if (rule.rule === 'dateRange') {
      const raw = value(rule.field);
      const problem = raw === undefined ? undefined : dateRangeProblem(rule, raw, label, lang);
      if (problem) out.push({ field: rule.field, ...problem });
    } else if (given.length > 0 && given.every(([f]) => dateFields.has(f))) {
      out.push({ field: rule.field, code: 'SEARCH_REQUIRED_ALONE', params: { field: label }, message: message('SEARCH_REQUIRED_ALONE', lang, { field: label }) });
    }
  }
  return out;
}
