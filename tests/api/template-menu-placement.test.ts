import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { loadPublishedTemplates } from '../../server/templates/load.ts';
import { seedDemoTemplate } from '../../server/seed/template-seed.ts';
import { sampleFormV1 } from './templates-fixture.ts';

type Node = { name: string; path: string; children: Node[] };
const CJK = /[\u4e00-\u9fff]/;

/** Every entry of a menu with the path of the group holding it ('' at the top level). */
const entries = (menu: Node[], group = ''): { group: string; path: string; name: string }[] =>
  menu.flatMap((m) => [{ group, path: m.path, name: m.name }, ...entries(m.children, m.path)]);

/**
 * Issue 53: where a published template sits in the menu, and for which roles, is chosen when it is
 * published (docs/templates.md, "Menu placement"); templates published before keep their place.
 */
describe.each(BACKENDS)('a template menu placement chosen on publishing on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let buyer: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    [staff, buyer, applicant] = await Promise.all([h.login('staff'), h.login('buyer'), h.login('applicant')]);
  });
  afterAll(() => h.close());

  const menuOf = async (token: string, lang = 'en-US') => entries((await h.call({ method: 'GET', url: '/api/menu', token, lang })).body.data as Node[]);
  const create = async (code: string) => {
    // Without routes of its own: the server gives the template its /form/{code}/… pages.
    const { routes: _routes, ...entity } = sampleFormV1().entity;
    expect((await h.call({ method: 'POST', url: '/api/templates', token: staff, payload: { code, bundle: { ...sampleFormV1(), entity } } })).status).toBe(201);
  };
  const publish = (code: string, version: number, payload?: object, lang = 'en-US') =>
    h.call({ method: 'POST', url: `/api/templates/${code}/versions/${version}/publish`, token: staff, lang, ...(payload === undefined ? {} : { payload }) });

  it('keeps a template published before placements (the demo DFF) at the top level for every role', async () => {
    // The demo seed writes its version as every template was published before placements; a restart registers it.
    await seedDemoTemplate(h.db);
    await loadPublishedTemplates(h.db, h.registry);
    for (const token of [buyer, applicant, staff]) expect((await menuOf(token)).find((e) => e.path === '/form/dffTextile/list')?.group).toBe('');
  });

  it('shows a template published for [buyer] in the chosen group to a buyer only; the next version keeps the placement', async () => {
    await create('buyerForm');
    const published = await publish('buyerForm', 1, { placement: { group: 'trf', roles: ['buyer'] } });
    expect(published.status).toBe(200);
    expect(published.body.data.bundle.entity.menu).toEqual({ group: 'trf', roles: ['buyer'] });
    const path = '/form/buyerForm/list';
    expect((await menuOf(buyer)).find((e) => e.path === path)).toEqual({ group: '/trf', path, name: 'Sample register' });
    expect((await menuOf(applicant)).some((e) => e.path === path)).toBe(false);
    expect((await menuOf(staff)).some((e) => e.path === path)).toBe(false);
    // Not in the applicant's menu, still theirs to open by link: the list permission decides that.
    const bundles = (await h.call({ method: 'GET', url: '/api/template-bundles', token: applicant })).body.data as { code: string }[];
    expect(bundles.some((b) => b.code === 'buyerForm')).toBe(true);
    expect((await h.call({ method: 'GET', url: '/api/entities/buyerForm', token: applicant })).status).toBe(200);

    // Version 2, published without a placement, keeps version 1's; its draft carries it for the dialog to preselect.
    const draft = await h.call({ method: 'POST', url: '/api/templates/buyerForm/versions', token: staff });
    expect(draft.body.data.version.bundle.entity.menu).toEqual({ group: 'trf', roles: ['buyer'] });
    expect((await publish('buyerForm', 2)).status).toBe(200);
    expect((await menuOf(buyer)).find((e) => e.path === path)?.group).toBe('/trf');
    expect((await menuOf(applicant)).some((e) => e.path === path)).toBe(false);
  });

  it('puts a template published with no roles, or with no placement at all, in nobody’s menu', async () => {
    await create('linkOnlyForm');
    await create('plainForm');
    expect((await publish('linkOnlyForm', 1, { placement: { group: null, roles: [] } })).status).toBe(200);
    expect((await publish('plainForm', 1)).status).toBe(200);
    for (const token of [buyer, applicant, staff]) {
      const paths = (await menuOf(token)).map((e) => e.path);
      expect(paths).not.toContain('/form/linkOnlyForm/list');
      expect(paths).not.toContain('/form/plainForm/list');
    }
  });

  it.each(['zh-CN', 'en-US'])('refuses an undeclared group or role with a 400 naming the field (%s), and publishes nothing', async (lang) => {
    const code = lang === 'zh-CN' ? 'refusedZh' : 'refusedEn';
    await create(code);
    const refused = await publish(code, 1, { placement: { group: 'nowhere', roles: ['buyer', 'pirate'] } }, lang);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('VALIDATION_FAILED');
    const errors = refused.body.errors as { field: string; message: string }[];
    expect(errors.map((e) => e.field)).toEqual(['placement.group', 'placement.roles.1']);
    for (const e of errors) {
      expect(e.message).toContain(e.field);
      expect(CJK.test(e.message), e.message).toBe(lang === 'zh-CN');
    }
    expect(errors[0]!.message).toContain('nowhere');
    expect(errors[1]!.message).toContain('pirate');
    const malformed = await publish(code, 1, { placement: { roles: 'buyer' } }, lang);
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors!.map((e: { field: string }) => e.field)).toEqual(['placement.roles']);
    const version = await h.call({ method: 'GET', url: `/api/templates/${code}/versions/1`, token: staff });
    expect(version.body.data.status).toBe('draft');
  });

  it('offers designers the declared groups and roles with their labels, in the request language', async () => {
    const zh = (await h.call({ method: 'GET', url: '/api/template-placements', token: staff, lang: 'zh-CN' })).body.data;
    const en = (await h.call({ method: 'GET', url: '/api/template-placements', token: staff, lang: 'en-US' })).body.data;
    expect(zh.groups).toContainEqual({ id: 'trf', label: '测试申请' });
    expect(en.groups).toContainEqual({ id: 'trf', label: 'Test requests' });
    // A service's group (US e-filing) is filled by that service, never by a template.
    expect(en.groups.some((g: { id: string }) => g.id === 'eFiling')).toBe(false);
    expect(en.roles).toContainEqual({ code: 'buyer', label: 'Buyer' });
    expect(zh.roles).toContainEqual({ code: 'buyer', label: '买家' });
    expect((await h.call({ method: 'GET', url: '/api/template-placements', token: applicant })).status).toBe(403);
  });
});
