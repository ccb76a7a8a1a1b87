import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { own } from '../../engine/index.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { LOOKUP_SCHEMA } from './lookup-schemas.ts';

type Option = { value: string; label: string };

/**
 * Option sources named by `x-lookup` in declarations. The self-test template is never offered
 * (SPEC §1: it is hidden from lists).
 */
export function lookupRoutes(app: FastifyInstance, db: Database): void {
  const sources: Record<string, (lang: string, q: string) => Promise<Option[]>> = {
    templates: async (lang, q) => {
      const { rows } = await db.query<Option>(
        `select id as value, case when $1 = 'en-US' then name_en else name_zh end as label from templates
         where not self_test and ($2 = '' or name_zh ilike '%' || $2 || '%' or name_en ilike '%' || $2 || '%')
         order by sort, id`,
        [lang, q],
      );
      return rows;
    },
    companies: async (lang, q) => {
      const { rows } = await db.query<Option>(
        `select id as value, case when $1 = 'en-US' then coalesce(name_en, name) else name end as label from companies
         where approval_status = 'approved' and ($2 = '' or name ilike '%' || $2 || '%' or name_en ilike '%' || $2 || '%')
         order by name limit 50`,
        [lang, q],
      );
      return rows;
    },
  };
  app.get<{ Params: { name: string }; Querystring: { q?: string } }>('/api/lookups/:name', { schema: LOOKUP_SCHEMA }, async (req) => {
    const source = own(sources, req.params.name);
    if (!source) throw new ApiError(404, 'ROUTE_NOT_FOUND');
    return ok(await source(requestLanguage(req), String(req.query.q ?? '').slice(0, 100)));
  });
}
