import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { CONTACT_BUNDLE } from '../fixtures/contact-entity.ts';

describe.each(BACKENDS)('a second entity declared the same way on %s', (backend) => {
  let h: ApiHarness;
  let token: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend, [CONTACT_BUNDLE]);
    token = await h.login('applicant');
  });
  afterAll(() => h.close());

  it('gets list, create, validation, update, delete and OpenAPI with no code of its own', async () => {
    const bad = await h.call({ method: 'POST', url: '/api/entities/visitContact', payload: { doc: { name: 'Li', email: 'nope', priority: 9 } }, token, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['email', 'priority']);
    const created = await h.call({ method: 'POST', url: '/api/entities/visitContact', payload: { doc: { name: 'Li Lei', email: 'li@example.com', priority: 2 } }, token });
    expect(created.status).toBe(201);
    expect(created.body.data.states).toEqual({});
    await h.call({ method: 'POST', url: '/api/entities/visitContact', payload: { doc: { name: 'Han Meimei', email: 'han@example.com', priority: 4 } }, token });
    const list = await h.call({ method: 'GET', url: '/api/entities/visitContact?f.priority=3..5&sort=priority:desc', token });
    expect(list.body.data.items.map((i: any) => i.doc.name)).toEqual(['Han Meimei']);
    const id = created.body.data.id;
    const upd = await h.call({ method: 'PUT', url: `/api/entities/visitContact/${id}`, payload: { version: 1, doc: { name: 'Li Lei', email: 'lilei@example.com' } }, token });
    expect(upd.body.data.version).toBe(2);
    expect((await h.call({ method: 'POST', url: `/api/entities/visitContact/${id}/events`, payload: { type: 'SUBMIT', version: 2 }, token })).status).toBe(400);
    expect((await h.call({ method: 'DELETE', url: `/api/entities/visitContact/${id}?version=2`, token })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/entities/visitContact/${id}`, token })).status).toBe(404);
    const other = (await h.call({ method: 'POST', url: '/api/entities/visitContact', payload: { doc: { name: 'Wang', email: 'wang@example.com' } }, token })).body.data;
    const staff = await h.login('staff');
    const forbidden = await h.call({ method: 'DELETE', url: `/api/entities/visitContact/${other.id}?version=1`, token: staff, lang: 'en-US' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('You do not have permission for this (trf:delete)');
    const openapi = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(openapi.paths['/api/entities/visitContact']).toBeDefined();
    expect(openapi.paths['/api/entities/visitContact/{id}/events']).toBeUndefined();
  });
});
