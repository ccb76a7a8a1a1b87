import type { Database, Queryable } from '../db/database.ts';
import { DEMO_CUSTOMER_GROUPS, DEMO_DFF_CODE, DEMO_DFF_TEMPLATE, DEMO_TEMPLATE_SETTING } from './demo-dff-template.ts';

/** Seeds the demo customer groups and their members, inside the accounts seed's transaction (after the companies). */
export async function seedCustomerGroups(tx: Queryable): Promise<void> {
  for (const g of DEMO_CUSTOMER_GROUPS) {
    await tx.query('insert into customer_groups (code, name_zh, name_en, sort) values ($1, $2, $3, $4)', [g.code, g.nameZh, g.nameEn, g.sort]);
    for (const companyId of g.members) await tx.query('update companies set customer_group = $2 where id = $1', [companyId, g.code]);
  }
}

/**
 * Seeds the demo DFF template, published as version 1, and its template setting, with the demo
 * records (first start only; the server registers published templates when it builds the app).
 * Skipped when the template exists.
 */
export async function seedDemoTemplate(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await tx.query('select code from form_templates where code = $1', [DEMO_DFF_CODE])).rows.length) return;
    await seedTemplateRows(tx);
  });
}

async function seedTemplateRows(tx: Queryable): Promise<void> {
  await tx.query(`insert into form_templates (code, kind, created_by) values ($1, 'dff', 'u-staff')`, [DEMO_DFF_CODE]);
  await tx.query(
    `insert into template_versions (code, version, status, bundle, created_by, published_by, published_at)
     values ($1, 1, 'published', $2::json, 'u-staff', 'u-staff', now())`,
    [DEMO_DFF_CODE, JSON.stringify(DEMO_DFF_TEMPLATE)],
  );
  const s = DEMO_TEMPLATE_SETTING;
  await tx.query(
    `insert into template_settings (id, template_code, trf_template_id, product_line, customer_group, is_default, created_by)
     values ($1, $2, $3, $4, $5, $6, 'u-staff')`,
    [s.id, s.templateCode, s.trfTemplateId, s.productLine, s.customerGroup, s.isDefault],
  );
}
