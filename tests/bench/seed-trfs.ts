import type { Database } from '../../server/db/database.ts';

/**
 * Bulk-seeds TRFs straight in SQL (the API would take minutes for 100,000): `companies`
 * companies, one user each, records spread evenly, each shared with a buyer company.
 */
export async function seedBenchTrfs(db: Database, count: number, companies: number): Promise<void> {
  await db.exec(`
    insert into companies (id, name, name_en, customer_no, roles)
      select 'bench-c' || i, '基准公司' || i, 'Bench company ' || i, 'BENCH-' || i, '{applicant}'
      from generate_series(1, ${companies}) i;
    insert into users (id, account, user_name, password_hash, company_id, dimensions)
      select 'bench-u' || i, 'bench' || i, 'Bench user ' || i, 'x', 'bench-c' || i, '{"UserRole":"Applicant"}'
      from generate_series(1, ${companies}) i;
    insert into records (id, entity, doc, state, states, snapshot, version, company_id, visible_to, created_by, created_at, updated_at)
      select 'bench-' || i, 'trf',
        jsonb_build_object(
          'trfNo', 'TRF' || lpad(i::text, 12, '0'),
          'template', (array['TPL-TEXTILE','TPL-TOYS','TPL-FOOTWEAR','TPL-ELECTRICAL'])[1 + i % 4],
          'sampleReceivedDate', to_char(date '2024-01-01' + (i % 700), 'YYYY-MM-DD'),
          'dueDate', to_char(date '2024-01-08' + (i % 700), 'YYYY-MM-DD'),
          'isRetest', i % 10 = 0,
          'buyer', jsonb_build_object('companyId', 'bench-c' || (1 + (i + 7) % ${companies}), 'name', 'Bench company ' || (1 + (i + 7) % ${companies})),
          'applicant', jsonb_build_object('companyId', 'bench-c' || (1 + i % ${companies}), 'name', 'Bench company ' || (1 + i % ${companies})),
          'samples', jsonb_build_array(jsonb_build_object('sampleNo', 'S-' || i, 'description', 'Sample ' || i))
        ),
        (array['draft','submitted','applicationAccepted','accepted','testing','completed','reportIssued','cancel'])[1 + i % 8],
        jsonb_build_object('$status', (array['draft','submitted','applicationAccepted','accepted','testing','completed','reportIssued','cancel'])[1 + i % 8], '$quotationStatus', 'none'),
        null, 1, 'bench-c' || (1 + i % ${companies}),
        array['bench-c' || (1 + i % ${companies}), 'bench-c' || (1 + (i + 7) % ${companies})],
        'bench-u' || (1 + i % ${companies}),
        timestamptz '2024-01-01' + (i || ' minutes')::interval,
        timestamptz '2024-01-01' + (i || ' minutes')::interval
      from generate_series(1, ${count}) i;
  `);
  // Steady state: PostgreSQL's autovacuum would have done this; PGlite runs it at start (see start-server.ts).
  await db.exec('vacuum analyze records');
}

/**
 * Authorizations to `grantee` (straight in SQL, as the TRFs): one audited within today's period
 * from each of `active`, and for realism one expired and one cancelled from each of `inactive`,
 * so the visibility subquery (server/entities/visibility.ts) finds grants and skips others.
 */
export async function seedBenchAuthorizations(db: Database, grantee: string, active: readonly string[], inactive: readonly string[]): Promise<void> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const rows = [
    ...active.map((grantor) => [grantor, 'audited', day(-30), day(30)]),
    ...inactive.map((grantor) => [grantor, 'audited', day(-60), day(-1)]),
    ...inactive.map((grantor) => [grantor, 'cancelled', day(-30), day(30)]),
  ];
  for (const [i, [grantor, state, from, to]] of rows.entries()) {
    const doc = { grantee: { companyId: grantee, account: 'bench' }, validFrom: from, validTo: to };
    const user = grantor!.replace('bench-c', 'bench-u');
    await db.query(
      `insert into records (id, entity, doc, state, states, snapshot, company_id, visible_to, created_by)
       values ($1, 'authorization', $2::jsonb, $3, jsonb_build_object('$status', $3::text), null, $4, array[$4, $5], $6)`,
      [`bench-auth-${i}`, JSON.stringify(doc), state, grantor, grantee, user],
    );
  }
  await db.exec('analyze records');
}
