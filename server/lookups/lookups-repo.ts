import type { Queryable } from '../db/database.ts';

export type Option = { value: string; label: string };

/** Templates to choose, labelled in the language; the self-test template never (SPEC §1: hidden from lists). */
export async function templateOptions(db: Queryable, lang: string, q: string): Promise<Option[]> {
  const { rows } = await db.query<Option>(
    `select id as value, case when $1 = 'en-US' then name_en else name_zh end as label from templates
     where not self_test and ($2 = '' or name_zh ilike '%' || $2 || '%' or name_en ilike '%' || $2 || '%')
     order by sort, id`,
    [lang, q],
  );
  return rows;
}

/** Approved companies matching the text, at most 50. */
export async function companyOptions(db: Queryable, lang: string, q: string): Promise<Option[]> {
  const { rows } = await db.query<Option>(
    `select id as value, case when $1 = 'en-US' then coalesce(name_en, name) else name end as label from companies
     where approval_status = 'approved' and ($2 = '' or name ilike '%' || $2 || '%' or name_en ilike '%' || $2 || '%')
     order by name limit 50`,
    [lang, q],
  );
  return rows;
}
