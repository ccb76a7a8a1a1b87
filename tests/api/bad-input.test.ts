import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/** Whatever a client sends, the answer is a 4xx envelope with a message — never a 500. */
describe.each(BACKENDS)('bad input on %s', (backend) => {
  let h: ApiHarness;
  let token: string;
  let id: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    token = await h.login('applicant');
    id = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf() }, token })).body.data.id;
  });
  afterAll(() => h.close());

  const bodies: unknown[] = [
    null, 0, 'text', [], [1, 2], {}, { doc: null }, { doc: [] }, { doc: 'x' }, { doc: { template: 42 } },
    { doc: { samples: 'many' } }, { doc: { samples: [null] } }, { doc: { buyer: [] } }, { doc: { dueDate: 'tomorrow' } },
    { doc: { remark: 'x'.repeat(100_000) } }, { doc: { hardCopyQuantity: 1e308 } }, { doc: { hardCopyQuantity: -1 } },
    { doc: { reportSymbols: ['CNAS', 'CNAS'] } }, { doc: { 'a.b': 1 } },
    { doc: validTrf(), version: 'one' }, { doc: validTrf(), version: 1.5 }, { type: 42, version: 1 }, { type: 'SUBMIT', version: 1, payload: 'x' },
    { type: 'RETURN', version: 1, payload: { reason: 5 } }, { type: '__proto__', version: 1 }, { type: 'constructor', version: 1 }, { type: 'toString', version: 1 },
  ];

  it('never answers 500 to malformed or invalid bodies on any write endpoint', async () => {
    const targets = [
      { method: 'POST' as const, url: '/api/entities/trf' },
      { method: 'PUT' as const, url: `/api/entities/trf/${id}` },
      { method: 'POST' as const, url: `/api/entities/trf/${id}/events` },
    ];
    for (const t of targets) {
      // A create ignores `version`, so bodies that are only wrong in their version are for the other two.
      for (const body of t.url === '/api/entities/trf' ? bodies.filter((b) => !(b && typeof b === 'object' && 'version' in b)) : bodies) {
        const res = await h.app.inject({ ...t, headers: { 'portico-auth': `bearer ${token}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect(res.statusCode, `${t.method} ${t.url} ${JSON.stringify(body)?.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${t.method} ${t.url} ${JSON.stringify(body)?.slice(0, 80)} ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.json().message).toBeTruthy();
      }
    }
    const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from records where entity = 'trf'");
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses prototype pollution attempts', async () => {
    for (const payload of ['{"doc":{"__proto__":{"polluted":true}}}', '{"doc":{"constructor":{"prototype":{"polluted":true}}}}']) {
      const res = await h.app.inject({ method: 'POST', url: '/api/entities/trf', headers: { 'portico-auth': `bearer ${token}`, 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 400 to malformed JSON, in the request language', async () => {
    for (const payload of ['{', '{"doc": }', 'nul', '']) {
      const res = await h.app.inject({ method: 'POST', url: '/api/entities/trf', headers: { 'portico-auth': `bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'zh-CN' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toBe('请求内容不是有效的 JSON');
    }
  });

  it('answers 4xx to odd content types, ids and query strings', async () => {
    const odd = await h.app.inject({ method: 'POST', url: '/api/entities/trf', headers: { 'portico-auth': `bearer ${token}`, 'content-type': 'application/xml' }, payload: '<doc/>' });
    expect(odd.statusCode).toBe(415);
    for (const url of [`/api/entities/trf/${'x'.repeat(5000)}`, "/api/entities/trf/'; drop table records; --", '/api/entities/trf?page=abc', '/api/entities/trf?f.dueDate=..x', '/api/entities/trf?f.trfNo=%25%27%22', '/api/lookups/__proto__', '/api/lookups/constructor', '/api/entities/__proto__', '/api/entities/trf?f.__proto__=1', '/api/entities/trf?sort=__proto__:asc']) {
      const res = await h.app.inject({ method: 'GET', url, headers: { 'portico-auth': `bearer ${token}` } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from records where entity = 'trf'");
    expect(rows[0]!.n).toBe(1);
  });
});
