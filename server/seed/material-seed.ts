import { randomUUID } from 'node:crypto';
import type { TemplateBundle } from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { writeAudit } from '../entities/audit-repo.ts';
import { DEMO_MATERIAL_CODE, DEMO_MATERIAL_TEMPLATE } from './demo-material-template.ts';
import { DEMO_PRODUCT_CODE, DEMO_PRODUCT_TEMPLATE } from './demo-product-template.ts';

type Doc = Record<string, unknown>;

const FIBRES = [
  ['cotton', 'elastane'],
  ['polyester', 'cotton'],
  ['wool', 'nylon'],
] as const;

/** The demo supplier's materials: fabrics with a composition adding up to 100, trims and a chemical with its CAS number. */
export const DEMO_MATERIALS: Doc[] = [
  ...Array.from({ length: 9 }, (_, i) => {
    const [a, b] = FIBRES[i % 3]!;
    const main = 60 + i * 4;
    return {
      buyer: 'c-buyer',
      title: `${a} / ${b} ${main}/${100 - main}`,
      materialCode: `DS-F${String(i + 1).padStart(3, '0')}`,
      category: 'fabric',
      weight: 120 + i * 15,
      markets: i % 2 ? ['CN', 'EU'] : ['CN', 'US'],
      composition: [{ component: a, percentage: main }, { component: b, percentage: 100 - main }],
    };
  }),
  { buyer: 'c-buyer', title: 'Metal button 15 mm', materialCode: 'DS-T001', category: 'trim', markets: ['CN', 'EU', 'US'] },
  { buyer: 'c-buyer', title: 'Zipper #5', materialCode: 'DS-T002', category: 'trim', markets: ['EU'] },
  { buyer: 'c-buyer', title: 'Softener', materialCode: 'DS-C001', category: 'chemical', casNo: '7732-18-5' },
];

/** The demo supplier's products. */
export const DEMO_PRODUCTS: Doc[] = [
  { buyer: 'c-buyer', title: "Men's polo shirt", styleNo: 'DS-P-1001', ageGroup: 'adult', season: 'SS27', launchDate: '2027-03-01' },
  { buyer: 'c-buyer', title: "Kids' hoodie", styleNo: 'DS-P-2001', ageGroup: 'child', season: 'AW26', launchDate: '2026-09-15' },
  { buyer: 'c-buyer', title: 'Baby romper', styleNo: 'DS-P-3001', ageGroup: 'infant', season: 'SS27' },
];

async function seedKind(tx: Queryable, code: string, kind: 'material' | 'product', bundle: TemplateBundle, docs: readonly Doc[]): Promise<void> {
  await tx.query(`insert into form_templates (code, kind, created_by) values ($1, $2, 'u-staff')`, [code, kind]);
  await tx.query(
    `insert into template_versions (code, version, status, bundle, created_by, published_by, published_at)
     values ($1, 1, 'published', $2::json, 'u-staff', 'u-staff', now())`,
    [code, JSON.stringify(bundle)],
  );
  const { rows } = await tx.query<{ id: string }>(`select id from users where account = 'supplier'`);
  const supplier = rows[0]?.id ?? 'u-staff';
  for (const doc of docs) {
    const id = randomUUID();
    await tx.query(
      `insert into records (id, entity, doc, state, states, snapshot, company_id, visible_to, created_by, template_version)
       values ($1, $2, $3::jsonb, '', '{}'::jsonb, null, 'c-supplier', $5::text[], $4, 1)`,
      // Seen by the supplier and, as the template's access.shareWith says, by the buyer it names.
      [id, code, JSON.stringify(doc), supplier, [...new Set(['c-supplier', ...(typeof doc.buyer === 'string' ? [doc.buyer] : [])])]],
    );
    await writeAudit(tx, code, id, supplier, { kind: 'create', toStates: {}, version: 1 });
  }
}

/**
 * Seeds the demo material and product templates (published as version 1) and the demo supplier's
 * materials and products (first start only; the server registers published templates when it
 * builds the app). Skipped when the material template exists.
 */
export async function seedDemoMaterials(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await tx.query('select code from form_templates where code = $1', [DEMO_MATERIAL_CODE])).rows.length) return;
    await seedKind(tx, DEMO_MATERIAL_CODE, 'material', DEMO_MATERIAL_TEMPLATE, DEMO_MATERIALS);
    await seedKind(tx, DEMO_PRODUCT_CODE, 'product', DEMO_PRODUCT_TEMPLATE, DEMO_PRODUCTS);
  });
}
