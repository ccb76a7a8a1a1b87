import type { EntityRegistry } from '../../engine/index.ts';
import type { SessionUser } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { EntityService } from '../entities/service.ts';
import { EfilingTrfFill } from '../efiling/trf-fill.ts';

type Doc = Record<string, unknown>;

/** The demo buyer's name: the mapping matches the demo TRFs by it. */
export const DEMO_EFILING_CUSTOMER = '演示买家有限公司';
const ENTITIES = ['citation', 'exclusion', 'tradeParty', 'importerCustomer', 'trfMapping', 'cpscTrfInfo'];
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The US e-filing module's demo (docs/efiling.md): citations, exclusions, trade parties, an
 * importer customer holding credentials the local emulator accepts, a TRF mapping for the demo
 * buyer, and the certificate of the demo TRF needing e-filing (`trfId`, made by the TRF's spawn)
 * completed by staff and validated — so after `npm start` staff send it to the emulator from
 * /eFiling/index and it comes back with a reference no. The certificate's save fills what it
 * leaves empty from the TRF, the mapping and the TRF's issued report (EfilingTrfFill).
 */
export async function seedDemoEfiling(db: Database, registry: EntityRegistry, staff: SessionUser, trfId: string, publicUrl: string): Promise<void> {
  if (!ENTITIES.every((e) => registry.has(e))) return;
  const service = new EntityService(db, new EfilingTrfFill(registry, publicUrl), registry);
  const make = (entity: string, doc: Doc) => service.create(registry.get(entity), { doc }, staff, 'zh-CN');
  const citations = [
    await make('citation', { code: '16 CFR 1501', regulation: 'Small parts for children under 3', productCategory: 'Toys', certificate: 'CPC', keyword: 'smallparts' }),
    await make('citation', { code: '16 CFR 1303', regulation: 'Lead in paint', productCategory: 'Toys', certificate: 'CPC', keyword: 'leadpaint' }),
    await make('citation', { code: '15 USC 1278a', regulation: 'Lead content in children\u2019s products', productCategory: 'Children\u2019s products', certificate: 'CPC', keyword: 'leadcontent' }),
  ];
  const exclusion = await make('exclusion', { code: 'EX-ADULT', description: 'Not a children\u2019s product', keyword: 'adult' });
  await make('exclusion', { code: 'EX-UNTREATED', description: 'Untreated natural material', keyword: 'natural' });
  const party = (type: string, name: string, city: string, gln: string) =>
    make('tradeParty', { type, name, gln, addressLine1: '88 Industrial Road', country: 'CN', city, phone: '+86 21 5555 0100', email: `${type.toLowerCase()}@demo.portico.dev` });
  const manufacturer = await party('manufacturer', 'Shenzhen Demo Toys Factory', 'Shenzhen', '0614141000012');
  const lab = await party('lab', 'SGS Shanghai Toys Lab', 'Shanghai', '0614141000029');
  const contact = await party('pointOfContact', 'Demo Records Keeper', 'Shanghai', '0614141000036');
  const importer = await make('importerCustomer', {
    name: 'Demo Importer Inc.', certifierId: 'CERT-DEMO-001', country: 'US', city: 'Seattle', address: '1 Harbour Road', contact: 'Ann Lee',
    secretKey: 'sk-demo-emulator-key', token: 'tok-demo-emulator', expiringDate: inDays(365),
  });
  await make('trfMapping', { productLine: 'Toys', customerName: DEMO_EFILING_CUSTOMER, productCategory: 'Toys', customerProductCategory: 'Plush toys' });
  const reg = registry.get('cpscTrfInfo');
  const { rows } = await db.query<{ id: string }>("select id from records where entity = 'cpscTrfInfo' and parent_id = $1 limit 1", [trfId]);
  if (!rows[0]) return;
  const current = await service.get(reg, rows[0].id, staff);
  let cert = await service.update(reg, current.id, {
    version: current.version,
    doc: {
      ...current.doc, certificateType: 'full', importerCustomerId: importer.id, certifierId: 'CERT-DEMO-001', childrensProduct: true, cpscLabId: '1234',
      productIds: [{ type: 'gtin', value: '00012345678905' }], citations: citations.map((c) => c.id), exclusions: [exclusion.id],
      manufacturerId: manufacturer.id, labId: lab.id, pointOfContactId: contact.id,
      manufactureDate: '2026-09-01', manufacturePlace: 'Shenzhen, CN', lastTestDate: '2026-10-25', testPlace: 'Shanghai, CN',
    },
  }, staff, 'zh-CN');
  for (const type of ['SUBMIT', 'VALIDATE']) {
    const next = await service.send(reg, cert.id, { type, version: cert.version }, staff, 'zh-CN');
    if ('deleted' in next) return;
    cert = next;
  }
}
