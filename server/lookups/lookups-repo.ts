import { LOOKUP_CAP } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';

/** An option; a company's `data` is what picking it fills (`x-lookupFill`). */
export type Option = { value: string; label: string; data?: Record<string, string> };

/**
 * `values`: only the options of these values (a page's saved values labelled, a server fill read), whatever their
 * place among the source's answer; null for the source's options matching the text.
 */
export type Values = readonly string[] | null;

/** Templates to choose, labelled in the language; the self-test template never (SPEC §1: hidden from lists). */
export async function templateOptions(db: Queryable, lang: string, q: string, values: Values = null): Promise<Option[]> {
  const { rows } = await db.query<Option>(
    `select id as value, case when $1 = 'en-US' then name_en else name_zh end as label from templates
     where not self_test and ($2 = '' or name_zh ilike '%' || $2 || '%' or name_en ilike '%' || $2 || '%') and ($3::text[] is null or id = any($3::text[]))
     order by sort, id`,
    [lang, q, values],
  );
  return rows;
}

/**
 * A companies lookup's filter (`x-lookupFilter`): companies of this role only, those `near` has an active relationship with first;
 * `picking`: the values asked are checked as picks (a write's), so the role holds for them too.
 */
export type CompanyFilter = { role?: string; near?: string; picking?: boolean };

/**
 * Approved companies whose name contains the text, whose customer number starts with it or whose id it is, at most LOOKUP_CAP (the form then searches
 * the server with what the user types: a customer with more companies finds each by name), each with the data a pick fills: its name (local) and English name,
 * customer number and default contact (its admin, else its first user); its customer number is a keyword the picker matches too.
 * `filter.role` (options, not `values`: a saved value is labelled whatever it is, unless `filter.picking`): that role's companies only,
 * the ones `filter.near` (the user's company) has an active supply-chain relationship with first.
 */
export async function companyOptions(db: Queryable, lang: string, q: string, values: Values = null, filter: CompanyFilter = {}): Promise<Option[]> {
  const role = values && !filter.picking ? null : (filter.role ?? null);
  const { rows } = await db.query<Option & { data: Record<string, string | null>; keywords: string | null }>(
    `select c.id as value, case when $1 = 'en-US' then coalesce(c.name_en, c.name) else c.name end as label, c.customer_no as keywords,
            json_build_object('name', c.name, 'nameEn', c.name_en, 'customerNo', c.customer_no,
              'contactName', u.user_name, 'contactEmail', u.email, 'contactPhone', u.mobile) as data
     from companies c
     left join lateral (select user_name, email, mobile from users where company_id = c.id order by is_admin desc, created_at, account limit 1) u on true
     where c.approval_status = 'approved' and ($2 = '' or c.id = $2 or c.name ilike '%' || $2 || '%' or c.name_en ilike '%' || $2 || '%' or c.customer_no ilike $2 || '%')
       and ($4::text[] is null or c.id = any($4::text[])) and ($5::text is null or $5 = any(c.roles))
     order by ($5::text is not null and $6::text is not null and exists (
                select 1 from records r where r.entity = 'relationship' and r.state = 'active'
                  and ((r.company_id = $6 and r.doc #>> '{counterpart,companyId}' = c.id) or (r.company_id = c.id and r.doc #>> '{counterpart,companyId}' = $6)))) desc,
              c.name, c.id
     limit $3`,
    [lang, q, LOOKUP_CAP, values, role, filter.near ?? null],
  );
  return rows.map(({ keywords, ...r }) => ({
    ...r,
    ...(keywords ? { keywords } : {}),
    data: Object.fromEntries(Object.entries(r.data).filter((e): e is [string, string] => typeof e[1] === 'string')),
  }));
}

/** Customer groups (template setting, account authorizations), labelled in the language, by their order. */
export async function customerGroupOptions(db: Queryable, lang: string, q: string, values: Values = null): Promise<Option[]> {
  const { rows } = await db.query<Option>(
    `select code as value, case when $1 = 'en-US' then name_en else name_zh end as label from customer_groups
     where ($2 = '' or code ilike '%' || $2 || '%' or name_zh ilike '%' || $2 || '%' or name_en ilike '%' || $2 || '%')
       and ($3::text[] is null or code = any($3::text[]))
     order by sort, code limit ${LOOKUP_CAP}`,
    [lang, q, values],
  );
  return rows;
}

/**
 * The login accounts of a company (every company's when `companyId` is undefined: internal staff), labelled with the user's name; at most LOOKUP_CAP (searched beyond).
 * A pick fills the account's company (`companyId`): an enrolment staff make for a trainee is shared with the trainee's company.
 * A closed account (personal-data rights) is offered no more; asked by value, it still labels.
 */
export async function accountOptions(db: Queryable, companyId: string | undefined, q: string, values: Values = null): Promise<Option[]> {
  const { rows } = await db.query<Option>(
    `select account as value, user_name || ' (' || account || ')' as label, json_build_object('companyId', company_id) as data from users
     where ($1::text is null or company_id = $1) and status = 'approved'
       and ($2 = '' or account ilike '%' || $2 || '%' or user_name ilike '%' || $2 || '%')
       and ($4::text[] is null or account = any($4::text[])) and (account_state <> 'closed' or $4::text[] is not null)
     order by account limit $3`,
    [companyId ?? null, q, LOOKUP_CAP, values],
  );
  return rows;
}

/** The published templates of a kind (a material configuration's material template), labelled by their newest published version's name. */
export async function kindTemplateOptions(db: Queryable, kind: string, lang: string, q: string, values: Values = null): Promise<Option[]> {
  const { rows } = await db.query<{ value: string; label: Record<string, string> | null }>(
    `select t.code as value, (select v.bundle -> 'entity' -> 'label' from template_versions v where v.code = t.code and v.status = 'published' order by v.version desc limit 1) as label
     from form_templates t
     where t.kind = $1 and exists (select 1 from template_versions v where v.code = t.code and v.status = 'published')
     order by t.code`,
    [kind],
  );
  const needle = q.trim().toLowerCase();
  return rows
    .map((r) => ({ value: r.value, label: r.label?.[lang] || r.label?.['zh-CN'] || r.value }))
    .filter((o) => (!needle || o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle)) && (!values || values.includes(o.value)));
}
