import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonEqual, registrationFor, type RegisteredEntity } from '../../engine/index.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, fileBytes, validTrf } from '../support/api-harness.ts';
import { at, rng, stringLeaves, valueFor, type Rng } from '../support/fuzz.ts';

/** Payloads per write route (FUZZ_CASES), from a seed (FUZZ_SEED) printed with the figures, so a failure replays. */
const CASES = Number(process.env.FUZZ_CASES ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
/** Percent-encodes, sending a lone surrogate as the invalid UTF-8 it would be. */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
};

/** Plausible bodies of the routes that take no declared entity document, to mutate from. */
const SEEDS: Record<string, Record<string, unknown>> = {
  'POST /api/auth/token': { account: 'applicant', password: 'x', type: 'account' },
  'POST /api/accounts/codes': { email: 'fuzz@example.com', purpose: 'register' },
  'POST /api/accounts/register': { account: 'fuzzer', userName: 'Fuzz User', email: 'fuzz@example.com', mobile: '13800000000', companyName: 'Fuzz Co', code: '123456', termsAccepted: true },
  'POST /api/accounts/simple-register': { userName: 'Fuzz User', email: 'fuzz@example.com', companyName: 'Fuzz Co', code: '123456', termsAccepted: true },
  'POST /api/accounts/password-reset': { email: 'fuzz@example.com', code: '123456' },
  'POST /api/error-logs': { entries: [{ url: '/x', message: 'm', stack: 's', info: { a: 1 } }] },
  'PUT /api/account/me': { userName: 'Fuzz', mobile: '13800000001', contactNumber: '021-1' },
  'PUT /api/account/settings': { language: 'en-US', theme: 'light' },
  'POST /api/templates': { code: 'fuzzForm', kind: 'form', label: { 'zh-CN': '模糊', 'en-US': 'Fuzz' } },
  'POST /api/customer-groups': { code: 'FUZZ', name: { 'zh-CN': '模糊', 'en-US': 'Fuzz' }, sort: 1 },
  'POST /api/notices': { startDateTime: '2026-11-01T00:00:00Z', finishDateTime: '2026-11-02T00:00:00Z', publishRemark: { 'zh-CN': '维护', 'en-US': 'Maintenance' } },
};

/** A loose schema of an example body: its keys, with values of the example's types. */
function schemaOf(example: unknown): Record<string, unknown> {
  if (Array.isArray(example)) return { type: 'array', items: schemaOf(example[0]) };
  if (example && typeof example === 'object') return { type: 'object', properties: Object.fromEntries(Object.entries(example).map(([k, v]) => [k, schemaOf(v)])) };
  return { type: typeof example === 'number' ? 'number' : typeof example === 'boolean' ? 'boolean' : 'string' };
}

describe.each(BACKENDS)('fuzzing every write route on %s', (backend) => {
  let h: ApiHarness;
  const tokens: string[] = [];
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of ['staff', 'applicant', 'buyer']) tokens.push(await h.login(a));
  });
  afterAll(() => h.close());

  it(`sends ${CASES} seeded payloads to each write route: no 5xx, no invalid stored row, no rewritten text`, { timeout: 1_800_000 }, async () => {
    const r = rng(SEED);
    const entities = h.registry.list().filter((e) => !e.versions);
    const ids: { entity: string; id: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token: tokens[1] });
      ids.push({ entity: 'trf', id: res.body.data.id });
    }
    await h.call({ method: 'POST', url: '/api/templates', token: tokens[0], payload: { code: 'fuzzForm', kind: 'form', label: { 'zh-CN': '模糊', 'en-US': 'Fuzz' } } });
    let compared = 0;
    let rewritten = 0;
    /** What a create stored is what it was sent: no text rewritten on the way (compared at once, before later writes change it). */
    const compareStored = async (entity: string, id: string, doc: unknown) => {
      const stored = (await h.db.query<{ doc: unknown }>('select doc from records where id = $1', [id])).rows[0]?.doc;
      // System fields are the server's; a secret (x-secret) is sealed apart and the document keeps only its mask (server/entities/secrets.ts).
      const system = new Set(Object.entries(h.registry.get(entity).schema.properties).filter(([, n]) => n['x-system'] || n.readOnly || n['x-secret']).map(([k]) => k));
      compared++;
      for (const leaf of stringLeaves(doc)) {
        if (system.has(leaf.path[0]!)) continue;
        const now = at(stored, leaf.path);
        if (now !== undefined && !jsonEqual(now, leaf.value)) {
          rewritten++;
          expect.soft(now, `${entity} ${id} at ${leaf.path.join('.')}`).toBe(leaf.value);
        }
      }
    };
    // Deletes last, so the other routes meet live records.
    const writes = h.app.routeTable.filter((x) => x.url.startsWith('/api/') && x.method !== 'GET').sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    /** A TRF that passes validation with one field replaced by a fuzzed value (half of the documents), else a generated one. */
    const docFor = (reg: RegisteredEntity, chaos: number): unknown => {
      if (reg.name !== 'trf' || r() < 0.5) return valueFor(reg.schema, r, chaos);
      const doc = validTrf();
      const [field, node] = pick(r, Object.entries(reg.schema.properties));
      doc[field] = valueFor(node as Record<string, unknown>, r, chaos);
      return doc;
    };
    const figures: string[] = [];
    let total5xx = 0;
    for (const route of writes) {
      const key = `${route.method} ${route.url}`;
      const counts = { '2xx': 0, '4xx': 0, '5xx': 0 };
      for (let n = 0; n < CASES; n++) {
        const target = pick(r, ids);
        const reg: RegisteredEntity = r() < 0.8 ? h.registry.get(target.entity) : pick(r, entities);
        const chaos = pick(r, [0, 0.05, 0.2, 0.6]);
        const url = route.url
          .replace(':entity', r() < 0.9 ? reg.name : enc(String(valueFor(undefined, r, 1)).slice(0, 50)))
          .replace(':id', r() < 0.8 ? target.id : enc(String(valueFor(undefined, r, 1)).slice(0, 80)))
          .replace(':code', pick(r, ['fuzzForm', 'dffTextile', 'x']))
          .replace(':version', pick(r, ['1', '2', '0', '-1', '1e300', 'abc']))
          .replace(/:[A-Za-z]+/g, 'x');
        const version = (await h.db.query<{ version: number }>('select version from records where id = $1', [target.id])).rows[0]?.version ?? 1;
        let payload: unknown;
        let contentType = 'application/json';
        if (route.url === '/api/entities/:entity') payload = { doc: docFor(reg, chaos) };
        else if (route.url === '/api/entities/:entity/:id' && route.method === 'PUT') payload = { doc: docFor(reg, chaos), version: r() < 0.9 ? version : valueFor(undefined, r, 1) };
        else if (route.url.endsWith('/events')) {
          const actions = Object.entries(reg.entity.actions ?? {});
          const [type, action] = pick<[string, unknown]>(r, actions.length ? actions : [['none', {}]]);
          payload = { type: r() < 0.9 ? type : valueFor(undefined, r, 1), version, payload: valueFor((action as { payloadSchema?: Record<string, unknown> }).payloadSchema, r, chaos) };
        } else if (route.url === '/api/files') {
          contentType = pick(r, ['application/pdf', 'image/jpeg', 'text/html']);
          payload = r() < 0.5 ? fileBytes(contentType === 'image/jpeg' ? 'jpg' : 'pdf', 1 + Math.floor(r() * 4000)) : Buffer.from(String(valueFor(undefined, r, 1)));
        } else {
          const seed = SEEDS[key];
          payload = seed ? valueFor(schemaOf(seed), r, chaos) : valueFor(undefined, r, 1);
        }
        const query = r() < 0.2 ? `?${pick(r, ['version', 'name', 'page', 'x'])}=${enc(String(valueFor(undefined, r, 1)).slice(0, 200))}` : route.method === 'DELETE' ? `?version=${version}` : '';
        const res = await h.app.inject({
          method: route.method as 'POST',
          url: url + query,
          headers: { 'content-type': contentType, 'accept-language': pick(r, ['zh-CN', 'en-US']), ...(route.url === '/api/auth/logout' ? {} : { 'portico-auth': `bearer ${pick(r, tokens)}` }) },
          payload: Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
        });
        const bucket = res.statusCode >= 500 ? '5xx' : res.statusCode >= 400 ? '4xx' : '2xx';
        counts[bucket]++;
        if (bucket === '5xx') {
          total5xx++;
          expect.soft(res.statusCode, `${key} → ${url}${query} ${JSON.stringify(payload).slice(0, 300)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        }
        if (route.url === '/api/entities/:entity' && res.statusCode === 201) {
          const data = res.json().data;
          await compareStored(data.entity, data.id, (payload as { doc: unknown }).doc);
          if (ids.length < 40) ids.push({ entity: data.entity, id: data.id });
        }
      }
      figures.push(`${key}: ${CASES} payloads, ${counts['2xx']} 2xx, ${counts['4xx']} 4xx, ${counts['5xx']} 5xx`);
    }
    // Every stored row passes its own validator (drafts without `required`).
    const { rows } = await h.db.query<{ id: string; entity: string; doc: Record<string, unknown>; template_version: number | null }>('select id, entity, doc, template_version from records');
    let invalid = 0;
    for (const row of rows) {
      if (!h.registry.has(row.entity)) continue;
      const reg = registrationFor(h.registry.get(row.entity), row.template_version);
      if (!reg.validateDraft(row.doc)) {
        invalid++;
        expect.soft(reg.validateDraft.errors, `stored ${row.entity} ${row.id}`).toEqual(null);
      }
    }
    console.log(`Fuzz (${backend}, seed ${SEED}): ${writes.length} write routes, ${rows.length} stored rows, ${invalid} invalid, ${compared} creates compared, ${rewritten} rewritten, ${total5xx} 5xx\n  ${figures.join('\n  ')}`);
    expect(writes.length).toBeGreaterThan(25);
    expect(total5xx).toBe(0);
    expect(invalid).toBe(0);
    expect(rewritten).toBe(0);
  });
});
