import { initialSnapshot, toPersisted, type EntityRegistry } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';

/** A supplier of the bulk demo: its company, the buyer its TRFs name, its product category and how often its reports fail (percent). */
export interface BulkSupplier {
  id: string;
  buyer: string;
  segment: string;
  failPercent: number;
}

/** The demo's suppliers (server/seed/demo-network.ts and demo-data.ts), each with a product category and a failure rate of its own. */
export const BULK_SUPPLIERS: readonly BulkSupplier[] = [
  { id: 'c-supplier', buyer: 'c-buyer', segment: 'Apparel', failPercent: 9 },
  { id: 'c-sup-jinxiu', buyer: 'c-buyer', segment: 'Apparel', failPercent: 6 },
  { id: 'c-sup-bubu', buyer: 'c-buyer2', segment: 'Footwear', failPercent: 17 },
  { id: 'c-sup-lehe', buyer: 'c-buyer', segment: 'Toys', failPercent: 22 },
  { id: 'c-sup-mianyuan', buyer: 'c-buyer2', segment: 'Home textiles', failPercent: 12 },
  { id: 'c-sup-jiaxin', buyer: 'c-buyer', segment: 'Accessories', failPercent: 14 },
  { id: 'c-applicant', buyer: 'c-buyer', segment: 'Apparel', failPercent: 10 },
];

/** The tests the lines draw from: category, name, citation. The first ones fail most (the failing line picks among them). */
const TESTS: readonly [string, string, string][] = [
  ['CHEM', 'Formaldehyde content', 'GB 18401-2010'],
  ['PHYS', 'Colour fastness to rubbing', 'GB/T 3920-2008'],
  ['CHEM', 'Lead content', 'GB 6675.4-2014'],
  ['PHYS', 'Seam slippage', 'GB/T 13772.2-2018'],
  ['CHEM', 'pH value', 'GB/T 7573-2009'],
  ['PHYS', 'Colour fastness to washing', 'GB/T 3921-2008'],
  ['CHEM', 'Banned azo dyes', 'GB/T 17592-2011'],
  ['PHYS', 'Tensile strength', 'GB/T 3923.1-2013'],
  ['CHEM', 'Phthalates', 'GB/T 22048-2022'],
  ['PHYS', 'Pilling resistance', 'GB/T 4802.1-2008'],
  ['CHEM', 'Nickel release', 'EN 1811:2011'],
  ['PHYS', 'Dimensional stability', 'GB/T 8628-2013'],
];

export interface BulkOptions {
  /** How many TRFs (each with one issued report). */
  trfs: number;
  /** Lines per report: a fixed number, or between 4 and 8 when omitted. */
  linesPerReport?: number;
  /** Who the rows are created by (a users id). */
  createdBy: string;
  /** The first and last report dates; reports are spread evenly between them. */
  from?: string;
  to?: string;
}

/**
 * Deterministic bulk demo data for the statistics pages: TRFs in Report Issued, each with its issued
 * report and test lines, spread evenly over the dates across the suppliers — three `insert … select`
 * over generate_series, so 3,000 TRFs take a moment and the bench's 100,000 with 1,000,000 lines
 * are made in one go. "Random" choices are hashes of the row number (hashtext), the same on every
 * run. A report fails when one of its lines fails (the supplier's rate), sees results when a line
 * does, else passes. The rows are complete records (snapshots of the machines at rest in those
 * states), so their lists, details and actions work like any other record's.
 *
 * Not through the service (EntityService), on purpose: no audit rows and no numbering (numbers are
 * TRF-D… and RPT-D…). The service writes one record per transaction with its checks (schema,
 * sharing, lookups, parent), numbering, projection and audit row, and a TRF reaches Report Issued
 * and a report its review state only through their machines' events — about a dozen audited
 * transactions per TRF with its report and lines. For the demo's 2,500 TRFs (~20,000 records) that
 * is tens of thousands of transactions at every fresh start, and for the bench's 1,100,000 records
 * hours, where these statements take seconds. What the audit would say is also not true: nobody
 * created or moved these rows; they are generated history. Records a user makes or acts on later
 * (a demo TRF cancelled, a report reviewed) go through the service and are audited from then on.
 */
export async function seedBulkReports(db: Database, registry: EntityRegistry, opts: BulkOptions): Promise<void> {
  if (!registry.has('trf') || !registry.has('report') || !registry.has('testLine')) return;
  const trfMachine = registry.get('trf').machine!;
  const reportMachine = registry.get('report').machine!;
  const trfSnapshot = (() => {
    const init = initialSnapshot(trfMachine);
    return toPersisted(trfMachine, trfMachine.resolveState({ value: { ...(init.value as object), status: 'reportIssued' }, context: {} }));
  })();
  const reportSnapshot = (state: string) => toPersisted(reportMachine, reportMachine.resolveState({ value: state, context: {} }));
  const from = opts.from ?? '2022-01-03';
  const to = opts.to ?? '2026-10-30';
  const s = BULK_SUPPLIERS;
  // The plan of TRF i: supplier k, its date, conclusion, line count and failing line — the same in each statement.
  const plan = `
    with sup as (select * from unnest($2::text[], $3::text[], $4::text[], $5::int[]) with ordinality as x(id, buyer, segment, fail, k)),
    p as (
      select i, sup.id as supplier, sup.buyer, sup.segment,
        (date '${from}' + ((i - 1)::bigint * (date '${to}' - date '${from}') / greatest($1::int - 1, 1))::int) as day,
        case when abs(hashtext(i || ':c')) % 100 < sup.fail then 'fail' when abs(hashtext(i || ':c')) % 100 < sup.fail + 5 then 'seeResult' else 'pass' end as conclusion,
        ${opts.linesPerReport ? `${opts.linesPerReport}` : `4 + abs(hashtext(i || ':n')) % 5`} as lines,
        abs(hashtext(i || ':f')) as h
      from generate_series(1, $1::int) i
      join sup on sup.k = 1 + abs(hashtext(i || ':s')) % ${s.length}
    )`;
  const params = [opts.trfs, s.map((x) => x.id), s.map((x) => x.buyer), s.map((x) => x.segment), s.map((x) => x.failPercent)];
  // Both names, as a pick in the form fills them (jsonb_strip_nulls: no nameEn where the company has none).
  const party = (col: string) =>
    `jsonb_strip_nulls(jsonb_build_object('companyId', ${col}, 'name', (select name from companies where id = ${col}), 'nameEn', (select name_en from companies where id = ${col}), 'contactName', 'Demo', 'contactEmail', 'demo@demo.portico.dev'))`;
  await db.transaction(async (tx) => {
    await tx.query(
      `${plan}
       insert into records (id, entity, doc, state, states, snapshot, company_id, visible_to, created_by, created_at, updated_at)
       select 'demo-trf-' || i, 'trf',
         jsonb_build_object('trfNo', 'TRF-D' || lpad(i::text, 7, '0'), 'template', 'TPL-TEXTILE', 'sampleReceivedDate', to_char(day - 10, 'YYYY-MM-DD'),
           'dueDate', to_char(day, 'YYYY-MM-DD'), 'buyer', ${party('buyer')}, 'applicant', ${party('supplier')},
           'samples', jsonb_build_array(jsonb_build_object('sampleNo', 'S-001', 'description', segment)), 'reportConclusion', conclusion),
         'reportIssued', $6::jsonb, $7::jsonb, supplier, array[supplier, buyer], $8, day::timestamptz, day::timestamptz
       from p`,
      [...params, JSON.stringify({ $status: 'reportIssued', $quotationStatus: (trfSnapshot.value as Record<string, string>).quotation }), JSON.stringify(trfSnapshot), opts.createdBy],
    );
    const states = ['notReviewed', 'reviewed', 'finalized'];
    await tx.query(
      `${plan}
       insert into records (id, entity, doc, state, states, snapshot, company_id, visible_to, created_by, created_at, updated_at, parent_id)
       select 'demo-rpt-' || i, 'report',
         jsonb_build_object('trfId', 'demo-trf-' || i, 'trfNo', 'TRF-D' || lpad(i::text, 7, '0'), 'reportNo', 'RPT-D' || lpad(i::text, 7, '0'), 'reportVersion', 1,
           'conclusion', conclusion, 'testStartDate', to_char(day - 7, 'YYYY-MM-DD'), 'reportIssuedDate', to_char(day, 'YYYY-MM-DD'), 'marketSegment', segment,
           'rslStatus', case conclusion when 'fail' then 'nonCompliant' else 'compliant' end, 'reportPdf', '[]'::jsonb),
         st, jsonb_build_object('$status', st), ($6::jsonb) -> st, 'c-lab', array['c-lab', supplier, buyer], $7, day::timestamptz, day::timestamptz, 'demo-trf-' || i
       from p cross join lateral (select ($8::text[])[1 + abs(hashtext(i || ':r')) % 3] as st) r`,
      [...params, JSON.stringify(Object.fromEntries(states.map((st) => [st, reportSnapshot(st)]))), opts.createdBy, states],
    );
    await tx.query(
      `${plan},
       t as (select * from unnest($6::text[], $7::text[], $8::text[]) with ordinality as x(cat, name, citation, n))
       insert into records (id, entity, doc, state, states, company_id, visible_to, created_by, created_at, updated_at, parent_id)
       select 'demo-tl-' || i || '-' || j, 'testLine',
         jsonb_build_object('reportId', 'demo-rpt-' || i, 'reportNo', 'RPT-D' || lpad(i::text, 7, '0'), 'categoryCode', t.cat, 'testName', t.name, 'citation', t.citation,
           'protocolPackage', 'Demo package', 'sampleNo', 'S-001', 'testResult', case lc when 'pass' then 'Conform' when 'fail' then 'Not conform' else 'See data' end, 'conclusion', lc),
         '', '{}'::jsonb, 'c-lab', array['c-lab', supplier, buyer], $9, day::timestamptz, day::timestamptz, 'demo-rpt-' || i
       from p cross join lateral generate_series(1, lines) j
       cross join lateral (select case
           when j = 1 and conclusion = 'fail' then 1 + h % 4
           else 1 + (h / 7 + j * 5) % ${TESTS.length} end as n,
         case when j = 1 and conclusion <> 'pass' then conclusion
           when conclusion = 'fail' and abs(hashtext(i || ':' || j)) % 10 < 2 then 'fail' else 'pass' end as lc) pick
       join t on t.n = pick.n`,
      [...params, TESTS.map((x) => x[0]), TESTS.map((x) => x[1]), TESTS.map((x) => x[2]), opts.createdBy],
    );
  });
}
