import type { EntityRegistry } from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { COMPANY_RECORDS_FROM_ROWS } from '../db/migrations.ts';
import { DEMO_NETWORK, DEMO_RELATIONSHIPS, roleOf } from './demo-network.ts';
import { hashPassword } from '../auth/passwords.ts';
import { userByAccount } from '../auth/sessions.ts';
import { EntityService } from '../entities/service.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_TEMPLATES, DEMO_USERS } from './demo-data.ts';
import { seedCustomerGroups, seedDemoTemplate } from './template-seed.ts';
import { seedDemoMaterials } from './material-seed.ts';
import { seedMasterData } from './master-data-seed.ts';
import { seedLibraryAndTraining } from './library-training-seed.ts';
import type { Trf } from '../../types/generated/index.ts';
import { DEMO_REPORTS, seedDemoReport } from './demo-reports.ts';
import { seedDemoCommercial } from './demo-commercial.ts';
import type { FileStorage } from '../files/storage.ts';
import { DEMO_EFILING_CUSTOMER, seedDemoEfiling } from './demo-efiling.ts';
import { seedBulkReports } from './demo-statistics.ts';

/** Seeds demo companies, accounts and templates once (first start); returns whether it did. */
export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from users');
  if ((rows[0]?.n ?? 0) > 0) return false;
  // Each account gets its own salt, so equal passwords never share a stored hash.
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    for (const c of DEMO_COMPANIES) {
      await tx.query('insert into companies (id, name, name_en, customer_no, roles) values ($1, $2, $3, $4, $5::text[])', [c.id, c.name, c.nameEn, c.customerNo, c.roles]);
    }
    for (const [i, t] of DEMO_TEMPLATES.entries()) {
      await tx.query('insert into templates (id, name_zh, name_en, product_line, self_test, sort) values ($1, $2, $3, $4, $5, $6)', [t.id, t.nameZh, t.nameEn, t.productLine, t.selfTest, i]);
    }
    for (const [i, u] of DEMO_USERS.entries()) {
      // Dimensions and flag only: roles, permission and button codes are computed from them (and posts) at each session read.
      await tx.query(
        `insert into users (id, account, user_name, email, password_hash, company_id, dimensions, is_admin, guide)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb)`,
        [
          `u-${u.account}`, u.account, u.userName, u.email, hashes[i], u.companyId,
          JSON.stringify(u.dimensions), Boolean(u.isAdmin), JSON.stringify(u.newcomer ? {} : { dismissed: true }),
        ],
      );
    }
    await seedCustomerGroups(tx);
    // Each company is its `company` record, the row its projection (as migration 010 makes them).
    await tx.query(COMPANY_RECORDS_FROM_ROWS);
  });
  return true;
}

/**
 * A few demo TRFs in several states, made through the same service the API uses (audit included);
 * those issued have their issued report (PDF in the file storage) and test lines.
 */
export async function seedDemoRecords(db: Database, registry: EntityRegistry, files?: FileStorage, publicUrl = 'http://localhost:3000'): Promise<void> {
  await seedDemoTemplate(db);
  await seedDemoMaterials(db);
  await seedDemoNetwork(db, registry);
  await seedMasterData(db, registry);
  await seedLibraryAndTraining(db, registry);
  if (!registry.has('trf')) return;
  const trf = registry.get('trf');
  const service = new EntityService(db, undefined, registry);
  const applicant = await userByAccount(db, 'applicant');
  const staff = await userByAccount(db, 'staff');
  if (!applicant || !staff) return;
  // Both names, as a pick in the form fills them (the English one shown to English readers).
  const party = (id: string, name: string, contact: string) => {
    const nameEn = DEMO_COMPANIES.find((c) => c.id === id)?.nameEn;
    return { companyId: id, name, ...(nameEn ? { nameEn } : {}), contactName: contact, contactEmail: `${contact.toLowerCase()}@demo.portico.dev` };
  };
  // Typed by the schema's generated type (npm run gen): a seed that drifts from trf.schema.json fails the typecheck.
  const base = (template: string, received: string, due: string): Trf => ({
    template,
    sampleReceivedDate: received,
    dueDate: due,
    buyer: party('c-buyer', DEMO_EFILING_CUSTOMER, 'Wang'),
    applicant: party('c-applicant', '演示申请方有限公司', 'Zhang'),
    samples: [{ sampleNo: 'S-001', description: '女式针织上衣 Knitted top', material: 'Cotton 95% / Spandex 5%', color: 'Navy', quantity: 3 }],
    reportLanguage: '3',
    judgmentRule: 'simpleAcceptance',
  });
  const plans: { doc: Trf; events: { type: string; [k: string]: unknown }[] }[] = [
    { doc: base('TPL-TEXTILE', '2026-11-02', '2026-11-12'), events: [] },
    { doc: base('TPL-TOYS', '2026-11-03', '2026-11-13'), events: [{ type: 'SUBMIT' }] },
    { doc: base('TPL-FOOTWEAR', '2026-11-04', '2026-11-14'), events: [{ type: 'SUBMIT' }, { type: 'ACCEPT_APPLICATION' }, { type: 'CONFIRM_SAMPLE_RECEIVED', payload: { sampleReceivedDate: '2026-11-05' } }, { type: 'START_TESTING' }] },
    { doc: base('TPL-TEXTILE', '2026-10-20', '2026-10-30'), events: [{ type: 'SUBMIT' }, { type: 'ACCEPT_APPLICATION' }, { type: 'CONFIRM_SAMPLE_RECEIVED', payload: { sampleReceivedDate: '2026-10-20' } }, { type: 'START_TESTING' }, { type: 'COMPLETE_TESTING' }, { type: 'ISSUE_REPORT' }] },
    // Needs US e-filing (its certificate is made with it, and completed below: demo-efiling.ts).
    { doc: { ...base('TPL-TEXTILE', '2026-10-21', '2026-10-31'), isEfilling: true }, events: [{ type: 'SUBMIT' }, { type: 'ACCEPT_APPLICATION' }, { type: 'CONFIRM_SAMPLE_RECEIVED', payload: { sampleReceivedDate: '2026-10-21' } }, { type: 'START_TESTING' }, { type: 'COMPLETE_TESTING' }, { type: 'ISSUE_REPORT' }] },
  ];
  const reports = [...DEMO_REPORTS];
  let efilingTrf: string | undefined;
  for (const plan of plans) {
    let record = await service.create(trf, { doc: plan.doc }, applicant, 'zh-CN');
    if (plan.doc.isEfilling) efilingTrf = record.id;
    for (const { type, payload } of plan.events) {
      const actor = type === 'SUBMIT' ? applicant : staff;
      // Report Issued needs the TRF's issued report (schemas/report/); without a files folder the TRF stays completed.
      if (type === 'ISSUE_REPORT') {
        const report = reports.shift();
        if (!report || !files) break;
        await seedDemoReport(db, service, registry, files, staff, record, report);
      }
      const next = await service.send(trf, record.id, { type, version: record.version, payload }, actor, 'zh-CN');
      if ('deleted' in next) break;
      record = next;
    }
  }
  // Quotations, a statement, invoices and invoice information for the applicant to act on (demo-commercial.ts).
  const submittedTrf = async () => {
    const made = await service.create(trf, { doc: { ...base('TPL-TEXTILE', '2026-11-10', '2026-11-20'), quotationNeeded: true } }, applicant, 'zh-CN');
    const sent = await service.send(trf, made.id, { type: 'SUBMIT', version: made.version }, applicant, 'zh-CN');
    if ('deleted' in sent) throw new Error('demo TRF removed on submit');
    return sent;
  };
  await seedDemoCommercial(service, registry, staff, applicant, await userByAccount(db, 'admin'), submittedTrf);
  if (efilingTrf) await seedDemoEfiling(db, registry, staff, efilingTrf, publicUrl);
  // The statistics pages' history (2022–2026 across the suppliers), inserted in bulk.
  await seedBulkReports(db, registry, { trfs: DEMO_BULK_TRFS, createdBy: staff.id });
}

/** How many TRFs with issued reports (and about six test lines each) the demo's statistics count. */
export const DEMO_BULK_TRFS = 2500;

/**
 * The demo supply chain (demo-network.ts): the new companies as `company` records (approved, each
 * with its customer admin and accounts), the existing demo companies' records completed, and the
 * relationships between them invited and accepted through the same service the API uses.
 */
export async function seedDemoNetwork(db: Database, registry: EntityRegistry): Promise<void> {
  if (!registry.has('company') || !registry.has('relationship')) return;
  const company = registry.get('company');
  const service = new EntityService(db);
  const staff = await userByAccount(db, 'staff');
  if (!staff) return;
  const accounts = DEMO_NETWORK.flatMap((c) => c.accounts.map((a, i) => ({ ...a, companyId: c.id, kind: c.kind, isAdmin: i === 0 })));
  const hashes = await Promise.all(accounts.map(() => hashPassword(DEMO_PASSWORD)));
  const insertAccounts = async (tx: Queryable, companyId: string) => {
    for (const [i, a] of accounts.entries()) {
      if (a.companyId !== companyId) continue;
      await tx.query(
        `insert into users (id, account, user_name, email, password_hash, company_id, dimensions, is_admin, guide)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, '{"dismissed": true}'::jsonb)`,
        [`u-${a.account}`, a.account, a.userName, `${a.account}@demo.portico.dev`, hashes[i], companyId, JSON.stringify({ UserRole: roleOf(a.kind) }), a.isAdmin],
      );
    }
  };
  for (const c of DEMO_NETWORK) {
    if (c.existing) {
      const current = await service.get(company, c.id, staff);
      await service.update(company, c.id, { doc: { ...current.doc, ...c.doc }, version: current.version }, staff, 'zh-CN');
      await db.transaction((tx) => insertAccounts(tx, c.id));
      continue;
    }
    await db.transaction((tx) =>
      service.createInside(tx, company, {
        id: c.id, companyId: c.id, doc: { ...c.doc }, state: 'approved', actorId: `u-${c.accounts[0]!.account}`, lang: 'zh-CN',
        beforeRecord: () => insertAccounts(tx, c.id),
      }),
    );
  }
  const relationship = registry.get('relationship');
  const adminOf = async (companyId: string) => {
    const first = DEMO_NETWORK.find((c) => c.id === companyId)!.accounts[0]!.account;
    return (await userByAccount(db, first))!;
  };
  for (const r of DEMO_RELATIONSHIPS) {
    const to = DEMO_NETWORK.find((c) => c.id === r.to)!;
    const doc = { ...r.terms, counterpart: { companyId: to.id, name: to.doc.name, ...(to.doc.customerNo ? { customerNo: to.doc.customerNo } : {}) } };
    const invited = await service.create(relationship, { doc }, await adminOf(r.from), 'zh-CN');
    await service.send(relationship, invited.id, { type: 'ACCEPT', version: invited.version }, await adminOf(r.to), 'zh-CN');
  }
}
