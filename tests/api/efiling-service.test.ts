import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiHarness } from '../support/api-harness.ts';
import { BACKENDS } from '../support/backends.ts';

type Node = { name: string; path: string; children: Node[]; service?: string };

/**
 * SPEC §7: after login the client signs in to the e-filing service with the session token
 * (POST /api/efiling/token/validate) and takes the e-filing menu from the service's own routes call
 * (GET /api/efiling/routes); the main menu holds the e-filing group's place, empty.
 */
describe.each(BACKENDS)('the e-filing service calls on %s', (backend) => {
  let h: ApiHarness;
  const t = { staff: '', applicant: '', supplier: '', none: '' };
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    // An account of the supplier company marked by no role: it holds no e-filing code.
    await h.db.query(
      `insert into users (id, account, user_name, email, password_hash, company_id, status, settings, dimensions)
       select 'u-noroles', 'noroles', 'No Roles', 'noroles@example.com', password_hash, company_id, status, settings, '{}'::jsonb from users where account = 'supplier'`,
    );
    for (const a of ['staff', 'applicant', 'supplier'] as const) t[a] = await h.login(a);
    t.none = await h.login('noroles');
  });
  afterAll(() => h.close());

  it('validates the session token for the e-filing service and answers the e-filing codes the user holds', async () => {
    const res = await h.call({ method: 'POST', url: '/api/efiling/token/validate', token: t.staff });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ valid: true, account: 'staff' });
    expect(res.body.data.permissions).toEqual(expect.arrayContaining(['cpscTrfInfo:list', 'cpscTrfInfo:send', 'citation:create']));
    const applicant = (await h.call({ method: 'POST', url: '/api/efiling/token/validate', token: t.applicant })).body.data;
    expect(applicant.permissions).toContain('cpscTrfInfo:submit');
    expect(applicant.permissions).not.toContain('cpscTrfInfo:send');
  });

  it('refuses without a valid session token, and a user without e-filing access in their language', async () => {
    expect((await h.call({ method: 'POST', url: '/api/efiling/token/validate' })).status).toBe(401);
    expect((await h.call({ method: 'POST', url: '/api/efiling/token/validate', token: 'not-a-token' })).status).toBe(401);
    expect((await h.call({ method: 'GET', url: '/api/efiling/routes' })).status).toBe(401);
    const zh = await h.call({ method: 'POST', url: '/api/efiling/token/validate', token: t.none, lang: 'zh-CN' });
    expect(zh.status).toBe(403);
    expect(zh.body.message).toBe('您的账号未开通美国电子申报服务');
    const en = await h.call({ method: 'GET', url: '/api/efiling/routes', token: t.none, lang: 'en-US' });
    expect(en.status).toBe(403);
    expect(en.body.message).toBe('Your account has no access to the US e-filing service');
  });

  it('answers the e-filing menu in the language code asked for; the main menu keeps its place empty', async () => {
    const zh = await h.call({ method: 'GET', url: '/api/efiling/routes?languageCode=zh-CN', token: t.staff, lang: 'en-US' });
    expect(zh.status, JSON.stringify(zh.body)).toBe(200);
    const [group] = zh.body.data as Node[];
    expect(group).toMatchObject({ name: '美国电子申报', path: '/eFiling' });
    expect(group!.children.map((c) => c.path)).toEqual(expect.arrayContaining(['/eFiling/index', '/trf/cpscTrfInfo', '/eFiling/trfMapping/list']));
    const en = await h.call({ method: 'GET', url: '/api/efiling/routes?languageCode=en-US', token: t.staff });
    expect((en.body.data as Node[])[0]!.name).toBe('US e-filing');
    const bad = await h.call({ method: 'GET', url: '/api/efiling/routes?languageCode=fr-FR', token: t.staff, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unsupported language code: fr-FR');
    const menu = (await h.call({ method: 'GET', url: '/api/menu', token: t.staff })).body.data as Node[];
    const placed = menu.find((n) => n.path === '/eFiling');
    expect(placed).toMatchObject({ service: 'efiling', children: [] });
    // A supplier reads the masters only: its e-filing menu holds them and not the certificates.
    const supplier = (await h.call({ method: 'GET', url: '/api/efiling/routes', token: t.supplier })).body.data as Node[];
    expect(supplier[0]!.children.map((c) => c.path)).not.toContain('/eFiling/index');
    // No e-filing access: neither the group nor its entries.
    const noneMenu = (await h.call({ method: 'GET', url: '/api/menu', token: t.none })).body.data as Node[];
    expect(noneMenu.find((n) => n.path === '/eFiling')).toBeUndefined();
  });
});
