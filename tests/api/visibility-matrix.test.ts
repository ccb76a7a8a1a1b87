import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticRegistry, DeclarationError, ROLE_NAMES, type RegisteredEntity } from '../../engine/index.ts';
import { insertRecord } from '../../server/entities/records-repo.ts';
import { visibleTo } from '../../server/entities/record-rules.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

/**
 * The visibility matrix (issue 14, "Visibility, one mechanism"), generated from the registry:
 * every registered entity × every role of schemas/_access/roles.json × every record endpoint ×
 * every kind of record, and the answer each must give, derived from the entity's declared
 * `access.visibility` (`parties`, `authorized`, `everyone`) — never from a list kept here. An entity registered without a declared
 * visibility fails (`expectedAnswer` throws; the registry refuses it too).
 *
 * Record kinds, seen from the user's company C:
 * - own: owned by C;
 * - related: owned by another company, naming C in its first `access.shareWith` field;
 * - authorized: owned by a company with an audited authorization to C, today within its period;
 * - expired: owned by a company whose audited authorization to C ended yesterday;
 * - unrelated: owned by a company with no tie to C.
 *
 * Answers: `visible` (reads 200, writes reach the record's own rules — anything but 404),
 * `read-only` (reads 200, writes 404) and `hidden` (everything 404, absent from the list).
 * Staff holding `data:allCompanies` see and reach everything. Fixtures are written once per
 * database through the storage layer (records-repo's insert, `visible_to` computed by the
 * service's rule), so each kind exists for every entity whatever its documents need.
 */
const ACCOUNT_OF_ROLE: Record<string, string> = {
  buyer: 'buyer',
  supplier: 'supplier',
  agent: 'agent',
  manufacturer: 'manufacturer',
  applicant: 'applicant',
  customerAdmin: 'admin',
  internalStaff: 'staff',
};
const COMPANY_OF_ACCOUNT: Record<string, string> = {
  buyer: 'c-buyer',
  supplier: 'c-supplier',
  agent: 'c-agent',
  manufacturer: 'c-manufacturer',
  applicant: 'c-applicant',
  admin: 'c-applicant',
  staff: 'c-lab',
};
const KINDS = ['own', 'related', 'authorized', 'expired', 'unrelated'] as const;
type Kind = (typeof KINDS)[number];
type Answer = 'visible' | 'read-only' | 'hidden';

/** What the declaration says a user of `company` (staff: every company) gets for a record of this kind. */
export function expectedAnswer(reg: RegisteredEntity, kind: Kind, staff: boolean): Answer {
  const visibility = reg.entity.access?.visibility;
  if (visibility !== 'parties' && visibility !== 'authorized' && visibility !== 'everyone') throw new Error(`${reg.name} declares no access.visibility`);
  if (staff || kind === 'own' || kind === 'related') return 'visible';
  // Master data: every signed-in user reads every record; only its parties (and staff) write.
  if (visibility === 'everyone') return 'read-only';
  return kind === 'authorized' && visibility === 'authorized' ? 'read-only' : 'hidden';
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('the visibility matrix on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  const codes: Record<string, Set<string>> = {};
  /** entity → company → kind → record id (and its file). */
  const fixtures = new Map<string, Map<string, Partial<Record<Kind, { id: string; fileId: string }>>>>();
  const registry = createStaticRegistry();
  const entities = registry.list();

  beforeAll(async () => {
    h = await ApiHarness.startWith(backend, registry);
    const bytes = join(mkdtempSync(join(tmpdir(), 'portico-matrix-')), 'file.pdf');
    writeFileSync(bytes, '%PDF-1.7\n');
    const companies = [...new Set(Object.values(COMPANY_OF_ACCOUNT))];
    const extra = ['x-related', 'x-unrelated', ...companies.flatMap((c) => [`g-${c}`, `e-${c}`])];
    await h.db.transaction(async (tx) => {
      for (const id of extra) {
        await tx.query('insert into companies (id, name) values ($1, $1)', [id]);
        await tx.query("insert into users (id, account, user_name, password_hash, company_id) values ($1, $1, $1, 'x', $2)", [`u-${id}`, id]);
      }
      const authorization = registry.get('authorization');
      // The grants: an audited authorization within its period, and one that ended yesterday.
      for (const c of companies) {
        for (const [grantor, from, to] of [[`g-${c}`, day(-1), day(1)], [`e-${c}`, day(-10), day(-1)]] as const) {
          const doc = { grantee: { companyId: c, account: 'matrix' }, validFrom: from, validTo: to };
          const write = { doc, snapshot: null, states: { $status: 'audited' }, state: 'audited', visibleTo: visibleTo(authorization, doc, grantor) };
          await insertRecord(tx, authorization, `grant-${grantor}`, write, grantor, `u-${grantor}`);
        }
      }
      for (const reg of entities) {
        const byCompany = new Map<string, Partial<Record<Kind, { id: string; fileId: string }>>>();
        fixtures.set(reg.name, byCompany);
        const share = reg.entity.access?.shareWith?.[0]?.field;
        for (const c of companies) {
          const owners: Record<Kind, string> = { own: c, related: 'x-related', authorized: `g-${c}`, expired: `e-${c}`, unrelated: 'x-unrelated' };
          const made: Partial<Record<Kind, { id: string; fileId: string }>> = {};
          for (const kind of KINDS) {
            if (kind === 'related' && !share) continue;
            const doc: Record<string, unknown> = {};
            if (kind === 'related') setPath(doc, share!, c);
            const id = `m-${reg.name}-${c}-${kind}`;
            const owner = owners[kind];
            await insertRecord(tx, reg, id, { doc, snapshot: null, states: {}, state: '', visibleTo: visibleTo(reg, doc, owner) }, owner, `u-${owner === c ? companyUser(c) : owner}`);
            const fileId = `f-${id}`;
            await tx.query("insert into files (id, file_name, content_type, size, path, uploaded_by, company_id) values ($1, 'a.pdf', 'application/pdf', 9, $2, $3, $4)", [
              fileId, bytes, `u-${owner === c ? companyUser(c) : owner}`, owner,
            ]);
            await tx.query('insert into file_links (file_id, record_id) values ($1, $2)', [fileId, id]);
            made[kind] = { id, fileId };
          }
          byCompany.set(c, made);
        }
      }
    });
    for (const role of ROLE_NAMES) {
      const account = ACCOUNT_OF_ROLE[role];
      if (!account) continue;
      tokens[role] = await h.login(account);
      const me = await h.call({ method: 'GET', url: '/api/auth/me', token: tokens[role] });
      const buttons = await h.call<string[]>({ method: 'GET', url: '/api/auth/buttons', token: tokens[role] });
      codes[role] = new Set([...String(me.body.data.permissions).split(','), ...buttons.body.data]);
    }
  });
  afterAll(() => h.close());

  it('covers every declared role and every registered entity declares its visibility', () => {
    expect(ROLE_NAMES.filter((r) => !ACCOUNT_OF_ROLE[r]), 'a role with no account in this matrix').toEqual([]);
    expect(entities.filter((r) => !r.entity.access?.visibility).map((r) => r.name)).toEqual([]);
    const first = entities[0]!;
    const { access: _dropped, ...undeclared } = first.entity;
    expect(() => createStaticRegistry([{ entity: { ...undeclared, name: 'undeclaredVisibility', routes: { list: '/u/l', detail: '/u/d', form: '/u/f' } }, schema: { ...first.schema, $id: 'https://portico.dev/test/undeclared.json' }, views: first.views }])).toThrow(DeclarationError);
    expect(() => expectedAnswer({ ...first, entity: undeclared } as RegisteredEntity, 'own', false)).toThrow(/declares no access.visibility/);
  });

  for (const reg of entities) {
    for (const role of ROLE_NAMES) {
      it(`${reg.name} × ${role}`, async () => {
        const token = tokens[role]!;
        const has = (code: string | undefined) => code !== undefined && codes[role]!.has(code);
        const staff = has('data:allCompanies');
        const company = COMPANY_OF_ACCOUNT[ACCOUNT_OF_ROLE[role]!]!;
        const mine = fixtures.get(reg.name)!.get(company)!;
        const base = `/api/entities/${reg.name}`;
        const { permissions, copy, actions } = reg.entity;
        // An event whose payload needs nothing: the payload check comes before the record is read.
        const [event] = Object.entries(actions ?? {}).find(([, a]) => !a.payloadSchema) ?? [];
        const removable = !reg.machine ? permissions.delete : Object.values(actions ?? {}).some((a) => a.removesRecord) ? 'event' : undefined;

        const list = await h.call({ method: 'GET', url: `${base}?pageSize=200`, token });
        const listed = list.status === 200 ? new Set((list.body.data.items as { id: string }[]).map((i) => i.id)) : undefined;
        expect(list.status, 'list').toBe(has(permissions.list) ? 200 : 403);

        for (const kind of KINDS) {
          const record = mine[kind];
          if (!record) continue;
          const answer = expectedAnswer(reg, kind, staff);
          const seen = answer !== 'hidden';
          const at = `${kind} → ${answer}`;
          if (listed) expect(listed.has(record.id), `${at}: list`).toBe(seen);
          const read = has(permissions.read) ? (seen ? 200 : 404) : 403;
          expect((await h.call({ method: 'GET', url: `${base}/${record.id}`, token })).status, `${at}: get`).toBe(read);
          expect((await h.call({ method: 'GET', url: `${base}/${record.id}/history`, token })).status, `${at}: history`).toBe(read);
          // A file answers its bytes, not an envelope: only the status is read.
          const file = await h.app.inject({ method: 'GET', url: `/api/files/${record.fileId}`, headers: { 'portico-auth': `bearer ${token}` } });
          expect(file.statusCode, `${at}: file`).toBe(seen ? 200 : 404);
          if (copy) {
            const copied = await h.call({ method: 'POST', url: `${base}/${record.id}/copy`, token });
            if (read !== 200) expect(copied.status, `${at}: copy`).toBe(read);
            else expect(copied.status, `${at}: copy`).not.toBe(404);
          }
          const update = await h.call({ method: 'PUT', url: `${base}/${record.id}`, payload: { version: 999, doc: {} }, token });
          // A user holding a field's own code (fieldPermissions: a reviewer's result review) may write too.
          const mayUpdate = has(permissions.update) || Object.values(reg.entity.fieldPermissions ?? {}).some(has);
          checkWrite(`${at}: update`, update.status, mayUpdate ? answer : 'forbidden');
          if (event) {
            const sent = await h.call({ method: 'POST', url: `${base}/${record.id}/events`, payload: { type: event, version: 999 }, token });
            checkWrite(`${at}: event ${event}`, sent.status, answer);
          }
          if (removable) {
            const removed = await h.call({ method: 'DELETE', url: `${base}/${record.id}?version=999`, token });
            checkWrite(`${at}: delete`, removed.status, removable === 'event' || has(removable) ? answer : 'forbidden');
          }
        }
      });
    }
  }

  // Records belonging to another (access.parent: a TRF's reports, a report's test lines) are seen by
  // exactly the companies that see the root record, through every level: a chain is made under the
  // root's record naming the company and under one of an unrelated company. Chains under master data
  // (a root every reader sees and nothing shares: documents, training courses) are read by each
  // level's own visibility: tests/api/document-authorization.test.ts and training-class-model.test.ts.
  const rootOf = (r: RegisteredEntity): RegisteredEntity => (r.entity.access?.parent ? rootOf(registry.get(r.entity.access.parent.entity)) : r);
  for (const reg of entities.filter((r) => r.entity.access?.parent && rootOf(r).entity.access?.shareWith?.length)) {
    it(`${reg.name} inherits its parent's visibility`, async () => {
      const chain: RegisteredEntity[] = [reg];
      while (chain[0]!.entity.access?.parent) chain.unshift(registry.get(chain[0]!.entity.access.parent.entity));
      const [root, ...below] = chain;
      const company = 'c-applicant';
      const made: Record<string, string> = {};
      for (const kind of ['related', 'unrelated'] as const) {
        const top = fixtures.get(root!.name)!.get(company)![kind]!;
        let parent = { id: top.id, visibleTo: (await h.db.query<{ visible_to: string[] }>('select visible_to from records where id = $1', [top.id])).rows[0]!.visible_to };
        for (const level of below) {
          const id = `p-${reg.name}-${level.name}-${kind}`;
          const visible = visibleTo(level, {}, 'c-lab', null, parent);
          await insertRecord(h.db, level, id, { doc: {}, snapshot: null, states: {}, state: '', visibleTo: visible }, 'c-lab', 'u-staff', parent.id);
          parent = { id, visibleTo: visible };
        }
        made[kind] = parent.id;
      }
      const get = async (role: string, id: string) => (await h.call({ method: 'GET', url: `/api/entities/${reg.name}/${id}`, token: tokens[role] })).status;
      expect(await get('applicant', made.related!)).toBe(200);
      expect(await get('applicant', made.unrelated!)).toBe(404);
      // A role without the read permission is refused before visibility (a supplier and the e-filing certificate).
      expect(await get('supplier', made.related!)).toBe(codes.supplier!.has(reg.entity.permissions.read) ? 404 : 403);
      expect(await get('internalStaff', made.unrelated!)).toBe(200);
    });
  }
});

/** A write reaches a visible record (its own rules answer: 400, 403, 409 — never 404), and never a read-only or hidden one. */
function checkWrite(at: string, status: number, answer: Answer | 'forbidden'): void {
  if (answer === 'forbidden') expect(status, at).toBe(403);
  else if (answer === 'visible') expect(status, at).not.toBe(404);
  else expect(status, at).toBe(404);
}

function setPath(doc: Record<string, unknown>, path: string, value: string): void {
  const parts = path.split('.');
  let at = doc;
  for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Record<string, unknown>;
  at[parts.at(-1)!] = value;
}

/** A demo account of the company (the seed's users are `u-<account>`). */
const companyUser = (company: string): string => Object.entries(COMPANY_OF_ACCOUNT).find(([, c]) => c === company)![0];
