import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { own } from '../../engine/index.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';

type Option = { value: string; label: string; data?: Record<string, string> };

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
    // A company's data fills a party's fields on a pick (`x-lookupFill`): its name in the
    // language, customer number, and its default contact (its administrator, else its first user).
    companies: async (lang, q) => {
      const { rows } = await db.query<Option & { data: Record<string, string | null> }>(
        `select c.id as value, case when $1 = 'en-US' then coalesce(c.name_en, c.name) else c.name end as label,
                json_build_object('name', case when $1 = 'en-US' then coalesce(c.name_en, c.name) else c.name end, 'customerNo', c.customer_no,
                  'contactName', u.user_name, 'contactEmail', u.email, 'contactPhone', u.mobile) as data
         from companies c
         left join lateral (select user_name, email, mobile from users where company_id = c.id order by is_admin desc, created_at, account limit 1) u on true
         where c.approval_status = 'approved' and ($2 = '' or c.name ilike '%' || $2 || '%' or c.name_en ilike '%' || $2 || '%')
         order by c.name limit 50`,
        [lang, q],
      );
      return rows.map((r) => ({ ...r, data: Object.fromEntries(Object.entries(r.data).filter((e): e is [string, string] => typeof e[1] === 'string')) }));
    },
  };
  app.get<{ Params: { name: string }; Querystring: { q?: string } }>('/api/lookups/:name', async (req) => {
    const source = own(sources, req.params.name);
    if (!source) throw new ApiError(404, 'ROUTE_NOT_FOUND');
    return ok(await source(requestLanguage(req), String(req.query.q ?? '').slice(0, 100)));
  });
}
