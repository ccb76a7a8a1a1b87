import { afterAll, beforeAll } from 'vitest';
import { ApiHarness } from './api-harness.ts';

/** A valid GLN (13 digits, GS1 check digit) and one with a wrong check digit. */
export const GLN = '0614141000012';
export const BAD_GLN = '0614141000013';

export const inDays = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Made = { id: string; version: number; doc: Record<string, unknown>; states: Record<string, string> };
export interface Masters { citation: Made; exclusion: Made; mapping: Made; manufacturer: Made; lab: Made; contact: Made }

/**
 * Drives the e-filing declarations through the API: staff's masters (citation, exclusion,
 * mapping), trade parties, an importer customer with its credentials, and certificates taken
 * through their machine to the regulator.
 */
export function efilingDriver(h: ApiHarness, staff: string) {
  const create = async (entity: string, doc: Record<string, unknown>, token = staff, lang = 'en-US') => {
    const res = await h.call({ method: 'POST', url: `/api/entities/${entity}`, payload: { doc }, token, lang });
    if (res.status !== 201) throw new Error(`${entity}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Made;
  };
  const party = (type: string, name: string, token = staff) =>
    create('tradeParty', { type, name, gln: GLN, addressLine1: '1 Harbour Road', country: 'US', city: 'Seattle', phone: '+1 206 555 0100', email: 'contact@example.com' }, token);
  const importer = (expiringDate = inDays(90), extra: Record<string, unknown> = {}, token = staff) =>
    create('importerCustomer', { name: 'Demo Importer', certifierId: 'CERT-001', country: 'US', city: 'Seattle', address: '1 Harbour Road', contact: 'Ann', secretKey: 'sk-live-123456', token: 'tok-abcdef', expiringDate, ...extra }, token);
  return {
    create,
    async masters(n = 0): Promise<Masters> {
      const citation = await create('citation', { code: `16 CFR 1501-${n}`, regulation: 'Small parts', productCategory: 'Toys', certificate: 'CPC', keyword: `smallparts${n}` });
      const exclusion = await create('exclusion', { code: `EX-${n}`, description: 'Not a children\u2019s product', keyword: 'adult' });
      const mapping = await create('trfMapping', { productLine: 'Toys', customerName: 'Demo Buyer', productCategory: 'Toys', customerProductCategory: 'Plush' });
      const manufacturer = await party('manufacturer', `Maker ${n}`);
      const lab = await party('lab', `Lab ${n}`);
      const contact = await party('pointOfContact', `Records ${n}`);
      return { citation, exclusion, mapping, manufacturer, lab, contact };
    },
    importer,
    /**
     * What a customer's own filing names (issue 52: a reference is to a record the writer may pick):
     * its own importer and trade parties, and no filing mapping (staff's master data).
     */
    async customerOwn(token: string): Promise<{ importerId: string; parties: Record<string, unknown> }> {
      const own = await importer(inDays(90), {}, token);
      const parties = { manufacturerId: (await party('manufacturer', 'Own maker', token)).id, labId: (await party('lab', 'Own lab', token)).id, pointOfContactId: (await party('pointOfContact', 'Own records', token)).id, mappingId: undefined };
      return { importerId: own.id, parties };
    },
    /** A complete Full certificate's document. */
    filingDoc(m: Masters, importerId: string, extra: Record<string, unknown> = {}) {
      return {
        trfNo: 'TRF2026000001', certificateType: 'full', importerCustomerId: importerId, mappingId: m.mapping.id,
        productIds: [{ type: 'gtin', value: '00012345678905' }], childrensProduct: true, cpscLabId: '1234',
        citations: [m.citation.id], exclusions: [m.exclusion.id], manufacturerId: m.manufacturer.id, labId: m.lab.id, pointOfContactId: m.contact.id,
        manufactureDate: '2026-09-01', manufacturePlace: 'Shenzhen, CN', lastTestDate: '2026-09-10', testPlace: 'Shanghai, CN',
        testReportId: 'RPT-0001', testReportUrl: 'https://reports.example.com/RPT-0001', ...extra,
      };
    },
    async send(id: string, type: string, payload: Record<string, unknown> = {}, token = staff, lang = 'en-US') {
      const current = (await h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo/${id}`, token })).body.data;
      return h.call({ method: 'POST', url: `/api/entities/cpscTrfInfo/${id}/events`, payload: { type, version: current.version, payload }, token, lang });
    },
    async get(id: string, lang = 'en-US') {
      return (await h.call({ method: 'GET', url: `/api/entities/cpscTrfInfo/${id}`, token: staff, lang })).body.data;
    },
    exchanges: async (id: string, lang = 'en-US') => (await h.call({ method: 'GET', url: `/api/efiling/filings/${id}/exchanges`, token: staff, lang })).body.data,
  };
}

/** What an e-filing test file shares: a harness on `backend`, staff's token and the driver, started before its tests and closed after. */
export function useEfilingHarness(backend: 'pglite' | 'postgres'): { h: ApiHarness; staff: string; d: ReturnType<typeof efilingDriver> } {
  const s = {} as { h: ApiHarness; staff: string; d: ReturnType<typeof efilingDriver> };
  beforeAll(async () => {
    s.h = await ApiHarness.start(backend);
    s.staff = await s.h.login('staff');
    s.d = efilingDriver(s.h, s.staff);
  });
  afterAll(() => s.h.close());
  return s;
}
