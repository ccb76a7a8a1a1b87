import type { Queryable } from '../db/database.ts';
import type { Certificate, CertificateParty } from './regulator.ts';

type Doc = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

async function docsByIds(tx: Queryable, ids: readonly string[]): Promise<Map<string, Doc>> {
  if (!ids.length) return new Map();
  const { rows } = await tx.query<{ id: string; doc: Doc }>('select id, doc from records where id = any($1::text[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.doc]));
}

function party(doc: Doc | undefined): CertificateParty | undefined {
  if (!doc) return undefined;
  const address = [str(doc.addressLine1), str(doc.addressLine2), str(doc.apartment)].filter(Boolean).join(', ');
  const p: CertificateParty = { name: str(doc.name) ?? '', address, city: str(doc.city) ?? '', country: str(doc.country) ?? '' };
  for (const k of ['gln', 'alternateId', 'province', 'postalCode', 'phone', 'email'] as const) {
    const v = str(doc[k]);
    if (v) p[k] = v;
  }
  return p;
}

/**
 * The certificate of a filing (a `cpscTrfInfo` document): its own elements, the importer's
 * certifier id, the mapping's product categories, the trade parties it names and the codes of
 * its citations and exclusions, read in the caller's transaction.
 */
export async function buildCertificate(tx: Queryable, filing: Doc, importer: Doc | undefined): Promise<Certificate> {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const ids = [str(filing.mappingId), str(filing.manufacturerId), str(filing.labId), str(filing.pointOfContactId), ...list(filing.citations), ...list(filing.exclusions)];
  const docs = await docsByIds(tx, ids.filter((x): x is string => Boolean(x)));
  const at = (id: unknown) => (typeof id === 'string' ? docs.get(id) : undefined);
  const mapping = at(filing.mappingId);
  const lab = party(at(filing.labId));
  const type = filing.certificateType === 'reference' || filing.certificateType === 'disclaim' ? filing.certificateType : 'full';
  const cert: Certificate = {
    type,
    filingNo: String(filing.filingNo ?? ''),
    productIds: Array.isArray(filing.productIds) ? (filing.productIds as Doc[]).map((p) => ({ type: String(p.type), value: String(p.value) })) : [],
    childrensProduct: filing.childrensProduct === true,
    citations: list(filing.citations).flatMap((id) => {
      const c = docs.get(id);
      return c ? [{ code: String(c.code), regulation: String(c.regulation) }] : [];
    }),
    exclusions: list(filing.exclusions).flatMap((id) => (docs.get(id) ? [String(docs.get(id)!.code)] : [])),
  };
  const certifierId = str(importer?.certifierId) ?? str(filing.certifierId);
  if (certifierId) cert.certifierId = certifierId;
  if (str(mapping?.productCategory)) cert.productCategory = str(mapping?.productCategory)!;
  if (str(mapping?.customerProductCategory)) cert.customerProductCategory = str(mapping?.customerProductCategory)!;
  const manufacturer = party(at(filing.manufacturerId));
  if (manufacturer) cert.manufacturer = manufacturer;
  if (lab || str(filing.cpscLabId)) cert.lab = { ...(lab ?? { name: '', address: '', city: '', country: '' }), ...(str(filing.cpscLabId) ? { cpscLabId: str(filing.cpscLabId)! } : {}) };
  const contact = party(at(filing.pointOfContactId));
  if (contact) cert.pointOfContact = contact;
  const dated = (date: unknown, place: unknown) => {
    const o: { date?: string; place?: string } = {};
    if (str(date)) o.date = str(date)!;
    if (str(place)) o.place = str(place)!;
    return Object.keys(o).length ? o : undefined;
  };
  const manufacture = dated(filing.manufactureDate, filing.manufacturePlace);
  if (manufacture) cert.manufacture = manufacture;
  const testing = dated(filing.lastTestDate, filing.testPlace);
  if (testing) cert.testing = testing;
  if (str(filing.testReportId) || str(filing.testReportUrl)) cert.testReport = { ...(str(filing.testReportId) ? { id: str(filing.testReportId)! } : {}), ...(str(filing.testReportUrl) ? { url: str(filing.testReportUrl)! } : {}) };
  if (type === 'reference') {
    cert.reference = {};
    if (str(filing.referenceCertifierId)) cert.reference.certifierId = str(filing.referenceCertifierId)!;
    if (str(filing.referenceProductId)) cert.reference.productId = str(filing.referenceProductId)!;
    if (str(filing.referenceVersionId)) cert.reference.versionId = str(filing.referenceVersionId)!;
  }
  return cert;
}
