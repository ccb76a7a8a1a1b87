import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticRegistry, STATIC_ACCESS, type AccessDeclarations, type EntityBundle } from '../../engine/index.ts';
import { CONTACT_BUNDLE } from '../fixtures/contact-entity.ts';
import { buildApp } from '../../server/app.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { eventually } from '../support/eventually.ts';

/** Post roles (issue 12, item 3): assigned in the product, computed into the codes at each request. */
describe.each(BACKENDS)('account posts on %s', (backend) => {
  let h: ApiHarness;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    for (const account of ['admin', 'staff', 'applicant', 'newcomer', 'buyer']) tokens[account] = await h.login(account);
  });
  afterAll(() => h.close());

  const me = async (account: string) => (await h.call({ method: 'GET', url: '/api/auth/me', token: tokens[account] })).body.data;
  const buttons = async (account: string) => (await h.call({ method: 'GET', url: '/api/auth/buttons', token: tokens[account] })).body.data as string[];
  const assign = (by: string, userId: string, posts: unknown, lang = 'en-US') => h.call({ method: 'PUT', url: `/api/account-posts/${userId}`, token: tokens[by], payload: { posts }, lang });

  it('derives the roles from dimensions and the admin flag, storing no codes with the user', async () => {
    const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from users where permissions <> '{}' or buttons <> '{}' or roles <> '{}'");
    expect(rows[0]!.n).toBe(0);
    expect((await me('staff')).permissions.split(',')).toEqual(expect.arrayContaining(['data:allCompanies', 'account:posts', 'account:approve']));
    expect((await me('admin')).permissions.split(',')).toEqual(expect.arrayContaining(['account:posts', 'trf:list']));
    expect((await me('applicant')).permissions.split(',')).not.toContain('account:posts');
    // A dimension marks a role: SGSUserRole=SgsAdmin makes internal staff, at the next request.
    // Written straight in SQL, the change reaches the cached session by its notification (migration 039): at the next request once notified.
    await h.db.query(`update users set dimensions = dimensions || '{"SGSUserRole":"SgsAdmin"}'::jsonb where account = 'buyer'`);
    expect(await eventually(async () => (await me('buyer')).permissions.split(',').includes('template:design'))).toBe(true);
    await h.db.query(`update users set dimensions = dimensions - 'SGSUserRole' where account = 'buyer'`);
    expect(await eventually(async () => !(await me('buyer')).permissions.split(',').includes('template:design'))).toBe(true);
  });

  it('lets a customer admin see the accounts of their own company only, with the declared posts', async () => {
    const res = await h.call({ method: 'GET', url: '/api/account-posts?companyId=c-buyer', token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.allCompanies).toBe(false);
    expect(new Set(res.body.data.accounts.map((a: { companyId: string }) => a.companyId))).toEqual(new Set(['c-applicant']));
    expect(res.body.data.accounts.map((a: { account: string }) => a.account)).toEqual(expect.arrayContaining(['admin', 'applicant', 'newcomer']));
    expect(res.body.data.companies).toEqual([{ id: 'c-applicant', name: '演示申请方有限公司' }]);
    expect(res.body.data.posts.map((p: { name: string }) => p.name)).toEqual(Object.keys(STATIC_ACCESS.posts));
    expect(res.body.data.posts.find((p: { name: string }) => p.name === 'finance').label).toEqual({ 'zh-CN': '财务', 'en-US': 'Finance' });
    expect(res.body.data.roles.find((r: { name: string }) => r.name === 'customerAdmin').label).toEqual({ 'zh-CN': '客户管理员', 'en-US': 'Customer admin' });
    const roles = Object.fromEntries(res.body.data.accounts.map((a: { account: string; roles: string[] }) => [a.account, a.roles]));
    expect(roles).toMatchObject({ admin: ['applicant', 'customerAdmin'], applicant: ['applicant'] });
    expect(res.body.data.accounts[0]).not.toHaveProperty('dimensions');
  });

  it('lets internal staff see every company, filtered by company', async () => {
    const all = (await h.call({ method: 'GET', url: '/api/account-posts', token: tokens.staff })).body.data;
    expect(all.allCompanies).toBe(true);
    expect(new Set(all.accounts.map((a: { companyId: string }) => a.companyId)).size).toBeGreaterThan(3);
    expect(all.companies.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['c-buyer', 'c-lab', 'c-applicant']));
    const buyers = (await h.call({ method: 'GET', url: '/api/account-posts?companyId=c-buyer', token: tokens.staff })).body.data;
    expect(buyers.accounts.map((a: { account: string }) => a.account)).toEqual(['buyer']);
  });

  it('refuses the page to accounts without the permission', async () => {
    for (const url of ['/api/account-posts', '/api/account-posts/u-applicant/history']) {
      const res = await h.call({ method: 'GET', url, token: tokens.applicant, lang: 'en-US' });
      expect(res.status).toBe(403);
      expect(res.body.message).toContain('account:posts');
    }
    expect((await assign('applicant', 'u-newcomer', ['finance'])).status).toBe(403);
    expect((await h.call({ method: 'GET', url: '/api/account-posts' })).status).toBe(401);
  });

  it("gives a post's codes to the account at its next request, without a new login, and takes them back", async () => {
    expect((await me('applicant')).permissions.split(',')).not.toContain('workflow:view');
    const res = await assign('admin', 'u-applicant', ['reportReviewer', 'finance']);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ account: 'applicant', posts: ['reportReviewer', 'finance'], postsChangedBy: '孙管理员' });
    expect((await me('applicant')).posts).toEqual(['reportReviewer', 'finance']);
    expect((await me('applicant')).permissions.split(',')).toContain('workflow:view');
    const menu = (await h.call({ method: 'GET', url: '/api/menu', token: tokens.applicant, lang: 'en-US' })).body.data;
    expect(menu.at(-1).children.map((c: { path: string }) => c.path)).toEqual(['/workflows']);
    expect((await assign('admin', 'u-applicant', [])).status).toBe(200);
    expect((await me('applicant')).permissions.split(',')).not.toContain('workflow:view');
  });

  it('adds the codes an entity grants to a post to those of the roles', async () => {
    // A buyer holds no customer-admin codes; the buyer's company has no admin, so staff give the post.
    await h.db.query(`update users set dimensions = '{}'::jsonb where account = 'buyer'`);
    expect(await eventually(async () => Object.keys((await me('buyer')).dimensions ?? {}).length === 0)).toBe(true);
    expect(await buttons('buyer')).not.toContain('quotation:confirm');
    expect((await assign('staff', 'u-buyer', ['finance'])).status).toBe(200);
    expect(await buttons('buyer')).toContain('quotation:confirm');
    expect(await buttons('buyer')).not.toContain('trf:submit');
    expect((await me('buyer')).permissions.split(',')).toEqual(expect.arrayContaining(['trf:list', 'trf:read']));
    await assign('staff', 'u-buyer', []);
    await h.db.query(`update users set dimensions = '{"UserRole":"Buyer"}'::jsonb where account = 'buyer'`);
    expect(await eventually(async () => (await me('buyer')).dimensions?.UserRole === 'Buyer')).toBe(true);
  });

  it('keeps a customer admin to their own company: another company\'s account is not found', async () => {
    const res = await assign('admin', 'u-buyer', ['finance'], 'zh-CN');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('记录不存在或无权查看');
    expect((await h.call({ method: 'GET', url: '/api/account-posts/u-buyer/history', token: tokens.admin })).status).toBe(404);
    const { rows } = await h.db.query<{ posts: string[] }>("select posts from users where account = 'buyer'");
    expect(rows[0]!.posts).toEqual([]);
    expect((await assign('staff', 'u-nobody', ['finance'])).status).toBe(404);
  });

  it('refuses an unknown post or a malformed list with a message in the request language', async () => {
    const zh = await assign('admin', 'u-newcomer', ['finance', 'janitor'], 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('岗位“janitor”不存在（可选：trfSubmitter, reportReviewer, finance, viewer）');
    const en = await assign('admin', 'u-newcomer', ['janitor'], 'en-US');
    expect(en.body.message).toBe('There is no post "janitor" (posts: trfSubmitter, reportReviewer, finance, viewer)');
    for (const posts of ['finance', [1], ['finance', 'finance'], null]) expect((await assign('admin', 'u-newcomer', posts)).status).toBe(400);
    const extra = await h.call({ method: 'PUT', url: '/api/account-posts/u-newcomer', token: tokens.admin, payload: { posts: [], roles: ['internalStaff'] } });
    expect(extra.status).toBe(400);
    expect((await me('newcomer')).posts).toEqual([]);
  });

  it('audits who changed which posts when', async () => {
    await assign('admin', 'u-newcomer', ['viewer']);
    await assign('staff', 'u-newcomer', ['viewer', 'trfSubmitter']);
    await assign('staff', 'u-newcomer', ['trfSubmitter', 'viewer']); // the same posts: no change
    const res = await h.call({ method: 'GET', url: '/api/account-posts/u-newcomer/history', token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { actorName: string; from: string[]; to: string[] }) => [c.actorName, c.from, c.to])).toEqual([
      ['孙管理员', [], ['viewer']],
      ['周工程师', ['viewer'], ['trfSubmitter', 'viewer']],
    ]);
    expect(Date.parse(res.body.data[1].at)).toBeGreaterThanOrEqual(Date.parse(res.body.data[0].at));
    const listed = (await h.call({ method: 'GET', url: '/api/account-posts', token: tokens.admin })).body.data.accounts.find((a: { account: string }) => a.account === 'newcomer');
    expect(listed).toMatchObject({ posts: ['trfSubmitter', 'viewer'], postsChangedBy: '周工程师' });
  });

  it('gives an existing user, in the same session, what a grant declared later gives the post: no migration', async () => {
    await assign('admin', 'u-newcomer', ['viewer']);
    const before = await me('newcomer');
    expect(before.permissions.split(',')).not.toContain('notice:publish');
    // The declarations change (a redeploy): the viewer post holds a page, and a new entity grants it codes.
    const access: AccessDeclarations = { ...STATIC_ACCESS, posts: { ...STATIC_ACCESS.posts, viewer: { ...STATIC_ACCESS.posts.viewer!, permissions: ['notice:publish'] } } };
    const note: EntityBundle = {
      ...CONTACT_BUNDLE,
      entity: {
        ...CONTACT_BUNDLE.entity,
        permissions: { list: 'visitContact:list', read: 'visitContact:read', create: 'visitContact:create', update: 'visitContact:update' },
        grants: { 'post:viewer': ['visitContact:list', 'visitContact:read'] },
      },
    };
    const filesDir = mkdtempSync(join(tmpdir(), 'portico-posts-'));
    const redeployed = await buildApp({ db: h.db, registry: createStaticRegistry([note]), filesDir, rateLimits: 'off', access });
    try {
      const after = (await redeployed.inject({ method: 'GET', url: '/api/auth/me', headers: { 'portico-auth': `bearer ${tokens.newcomer}` } })).json().data;
      expect(after.permissions.split(',')).toEqual(expect.arrayContaining(['notice:publish', 'visitContact:list', 'visitContact:read', 'trf:list']));
      const { rows } = await h.db.query<{ n: number }>("select count(*)::int as n from users where permissions <> '{}' or buttons <> '{}'");
      expect(rows[0]!.n).toBe(0);
    } finally {
      await redeployed.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });
});
