import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness, validTrf } from '../support/api-harness.ts';

/**
 * Issue 53: a TRF handed on /trf/trfDetailTransfer reaches the new applicant end to end — the new
 * author finds it in its lists (all TRFs, drafts), opens it, edits and submits it; the history says
 * who handed it to whom, and the one who handed it on may no longer hand it on as its author.
 */
describe.each(BACKENDS)('TRF transfer journey on %s', (backend) => {
  let h: ApiHarness;
  const t: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const a of ['applicant', 'newcomer', 'staff']) t[a] = await h.login(a);
  });
  afterAll(() => h.close());

  const send = (id: string, type: string, version: number, token: string, payload?: unknown, lang = 'en-US') =>
    h.call({ method: 'POST', url: `/api/entities/trf/${id}/events`, payload: { type, version, ...(payload ? { payload } : {}) }, token, lang });
  const ids = (body: any): string[] => body.data.items.map((r: any) => r.id);

  it('the new applicant sees the handed TRF in its lists, opens, edits and submits it', async () => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ template: 'TPL-TOYS', remark: 'to hand on' }) }, token: t.applicant })).body.data;
    const handed = await send(made.id, 'TRANSFER', 1, t.applicant!, { account: 'newcomer' });
    expect(handed.status).toBe(200);
    expect(handed.body.data.createdByName).toBe('吴新人');

    for (const query of ['', 'list=drafts']) {
      const list = await h.call({ method: 'GET', url: `/api/entities/trf?pageSize=50&${query}`, token: t.newcomer });
      expect(list.status, query).toBe(200);
      expect(ids(list.body), query).toContain(made.id);
    }
    const opened = await h.call({ method: 'GET', url: `/api/entities/trf/${made.id}`, token: t.newcomer });
    expect(opened.status).toBe(200);
    expect(opened.body.data.createdByName).toBe('吴新人');

    const edited = await h.call({ method: 'PUT', url: `/api/entities/trf/${made.id}`, payload: { doc: { ...opened.body.data.doc, remark: 'taken over' }, version: opened.body.data.version }, token: t.newcomer });
    expect(edited.status).toBe(200);
    const submitted = await send(made.id, 'SUBMIT', edited.body.data.version, t.newcomer!);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.states.$status).toBe('submitted');

    // Staff see it waiting, as any submitted TRF.
    const todo = await h.call({ method: 'GET', url: '/api/entities/trf?list=todo&pageSize=50', token: t.staff });
    expect(ids(todo.body)).toContain(made.id);

    const history = (await h.call({ method: 'GET', url: `/api/entities/trf/${made.id}/history`, token: t.newcomer })).body.data;
    expect(history.map((e: any) => e.event ?? e.kind)).toEqual(['create', 'TRANSFER', 'update', 'SUBMIT']);
    expect(history[1]).toMatchObject({ payload: { account: 'newcomer' } });
  });

  it('refuses handing it back to the author it already has, in both languages', async () => {
    const made = (await h.call({ method: 'POST', url: '/api/entities/trf', payload: { doc: validTrf({ template: 'TPL-TOYS' }) }, token: t.applicant })).body.data;
    const first = await send(made.id, 'TRANSFER', 1, t.applicant!, { account: 'newcomer' });
    const again = await send(made.id, 'TRANSFER', first.body.data.version, t.newcomer!, { account: 'newcomer' });
    expect(again.status).toBe(400);
    expect(again.body.errors![0]).toMatchObject({ field: 'account' });
    const zh = await send(made.id, 'TRANSFER', first.body.data.version, t.newcomer!, { account: 'newcomer' }, 'zh-CN');
    expect(zh.body.errors![0]!.message).toMatch(/newcomer/);
    expect(zh.body.errors![0]!.message).not.toMatch(/[a-z]{4,} [a-z]{4,}/);
  });
});
