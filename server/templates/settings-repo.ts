import type { Queryable } from '../db/database.ts';
import { isoTime } from '../db/timestamps.ts';
import type { CustomerGroup, TemplateSetting, TemplateSettingInput } from '../../engine/index.ts';

export type { CustomerGroup, TemplateSetting } from '../../engine/index.ts';
export type SettingInput = TemplateSettingInput;

interface SettingRow {
  id: string;
  template_code: string;
  trf_template_id: string | null;
  product_line: string | null;
  customer_group: string | null;
  customer_id: string | null;
  product_category: string | null;
  test_package: string | null;
  is_default: boolean;
  updated_at: Date | string;
}

const COLUMNS = 'id, template_code, trf_template_id, product_line, customer_group, customer_id, product_category, test_package, is_default, updated_at';

function toSetting(r: SettingRow): TemplateSetting {
  return {
    id: r.id,
    templateCode: r.template_code,
    trfTemplateId: r.trf_template_id,
    productLine: r.product_line,
    customerGroup: r.customer_group,
    customerId: r.customer_id,
    productCategory: r.product_category,
    testPackage: r.test_package,
    isDefault: r.is_default,
    updatedAt: isoTime(r.updated_at),
  };
}

export async function listSettings(db: Queryable, filter: { customerGroup?: string; templateCode?: string; customerId?: string } = {}): Promise<TemplateSetting[]> {
  const { rows } = await db.query<SettingRow>(
    `select ${COLUMNS} from template_settings
     where ($1::text is null or customer_group = $1) and ($2::text is null or template_code = $2) and ($3::text is null or customer_id = $3)
     order by customer_group nulls last, is_default desc, updated_at desc, id`,
    [filter.customerGroup ?? null, filter.templateCode ?? null, filter.customerId ?? null],
  );
  return rows.map(toSetting);
}

export async function getSetting(db: Queryable, id: string): Promise<TemplateSetting | undefined> {
  const { rows } = await db.query<SettingRow>(`select ${COLUMNS} from template_settings where id = $1`, [id]);
  return rows[0] && toSetting(rows[0]);
}

const values = (s: SettingInput) => [s.templateCode, s.trfTemplateId, s.productLine, s.customerGroup, s.customerId, s.productCategory, s.testPackage, s.isDefault];

export async function insertSetting(db: Queryable, id: string, s: SettingInput, userId: string): Promise<void> {
  await db.query(
    `insert into template_settings (id, template_code, trf_template_id, product_line, customer_group, customer_id, product_category, test_package, is_default, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [id, ...values(s), userId],
  );
}

export async function updateSetting(db: Queryable, id: string, s: SettingInput): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    `update template_settings set template_code = $2, trf_template_id = $3, product_line = $4, customer_group = $5, customer_id = $6,
       product_category = $7, test_package = $8, is_default = $9, updated_at = now() where id = $1 returning id`,
    [id, ...values(s)],
  );
  return rows.length === 1;
}

export async function deleteSetting(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>('delete from template_settings where id = $1 returning id', [id]);
  return rows.length === 1;
}

/** One default per scope: setting a default clears the others of the same scope. */
export async function clearOtherDefaults(db: Queryable, id: string, s: SettingInput): Promise<void> {
  await db.query(
    `update template_settings set is_default = false, updated_at = now()
     where id <> $1 and is_default and customer_group is not distinct from $2 and customer_id is not distinct from $3
       and product_line is not distinct from $4 and product_category is not distinct from $5 and test_package is not distinct from $6`,
    [id, s.customerGroup, s.customerId, s.productLine, s.productCategory, s.testPackage],
  );
}

export async function listCustomerGroups(db: Queryable): Promise<CustomerGroup[]> {
  const { rows } = await db.query<{ code: string; name_zh: string; name_en: string; sort: number }>('select code, name_zh, name_en, sort from customer_groups order by sort, code');
  return rows.map((r) => ({ code: r.code, nameZh: r.name_zh, nameEn: r.name_en, sort: r.sort }));
}

export async function insertCustomerGroup(db: Queryable, g: CustomerGroup): Promise<boolean> {
  const { rows } = await db.query<{ code: string }>(
    'insert into customer_groups (code, name_zh, name_en, sort) values ($1, $2, $3, $4) on conflict (code) do nothing returning code',
    [g.code, g.nameZh, g.nameEn, g.sort],
  );
  return rows.length === 1;
}

/** Puts a company in a customer group (or none); false when the company does not exist. */
export async function setCompanyGroup(db: Queryable, companyId: string, group: string | null): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>('update companies set customer_group = $2 where id = $1 returning id', [companyId, group]);
  return rows.length === 1;
}

/** The companies in a customer group, by name. */
export async function listGroupMembers(db: Queryable, code: string): Promise<{ id: string; name: string; nameEn: string | null }[]> {
  const { rows } = await db.query<{ id: string; name: string; name_en: string | null }>('select id, name, name_en from companies where customer_group = $1 order by name, id', [code]);
  return rows.map((r) => ({ id: r.id, name: r.name, nameEn: r.name_en }));
}

export interface BuyerRow {
  id: string;
  name: string;
  nameEn: string | null;
  customerGroup: string | null;
}

export async function buyerOf(db: Queryable, companyId: string): Promise<BuyerRow | undefined> {
  const { rows } = await db.query<{ id: string; name: string; name_en: string | null; customer_group: string | null }>(
    'select id, name, name_en, customer_group from companies where id = $1',
    [companyId],
  );
  return rows[0] && { id: rows[0].id, name: rows[0].name, nameEn: rows[0].name_en, customerGroup: rows[0].customer_group };
}
