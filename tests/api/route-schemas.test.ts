import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { message, openApiPath } from '../../engine/index.ts';
import { ApiHarness } from '../support/api-harness.ts';

type Operation = { requestBody?: { content: { 'application/json': { schema: Schema } } }; security?: unknown[] };
type Schema = { type?: string | string[]; required?: string[]; properties?: Record<string, Schema> };

const LANGS = ['zh-CN', 'en-US'] as const;
const CJK = /[\u4e00-\u9fff]/;

/** Bodies that break a request body schema: the wrong JSON type, and (when fields are required) none of them. */
function breakers(schema: Schema): unknown[] {
  const out: unknown[] = [];
  const types = [schema.type].flat();
  if (types.includes('object')) out.push(['not', 'an', 'object']);
  else if (types.includes('array')) out.push({ not: 'an array' });
  if (schema.required?.length) out.push({});
  return out;
}

/** A concrete URL of an OpenAPI path: the generic entity routes on `trf`, other parameters a made-up id. */
const concrete = (path: string) => path.replace('{entity}', 'trf').replace(/\{[^}]+\}/g, 'x-1');

describe('every route declares its schemas, and OpenAPI lists every route', () => {
  let h: ApiHarness;
  let staff: string;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    h = await ApiHarness.start('pglite');
    staff = await h.login('staff');
    doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => h.close());

  it('lists every route of the route table with its method, and which need no session', () => {
    const api = h.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(50);
    for (const r of api) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      expect(op, `${r.method} ${r.url}`).toBeDefined();
      expect(op!.security, `${r.method} ${r.url}`).toEqual(r.public ? [] : undefined);
      // Every route answering the JSON envelope declares it; the document and the file bytes are not envelopes.
      const envelopeless = r.url === '/api/openapi.json' || r.url === '/api/files/:id' || r.url === '/api/entities/:entity/:id/documents/:key';
      expect(Boolean(r.schema?.response) || envelopeless, `${r.method} ${r.url} declares its response`).toBe(true);
    }
  });

  it('answers a body that breaks a route schema with a 400 in the request language, from every route with a body schema', async () => {
    const withBody = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => (op.requestBody ? [{ path, method: method.toUpperCase(), schema: op.requestBody.content['application/json'].schema }] : [])),
    );
    expect(withBody.length).toBeGreaterThan(15);
    for (const { path, method, schema } of withBody) {
      const bodies = breakers(schema);
      expect(bodies.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const payload of bodies) {
        for (const lang of LANGS) {
          const res = await h.call({ method: method as 'POST', url: concrete(path), payload: payload as object, token: staff, lang });
          const what = `${method} ${path} ${JSON.stringify(payload)} ${lang}`;
          expect(res.status, what).toBe(400);
          expect(res.body.errorCode, what).toBe('VALIDATION_FAILED');
          expect(res.body.message, what).toBe(message('VALIDATION_FAILED', lang));
          expect(res.body.errors?.length, what).toBeGreaterThan(0);
          for (const e of res.body.errors!) expect(CJK.test(e.message), `${what}: ${e.message}`).toBe(lang === 'zh-CN');
        }
      }
    }
  });
});
