import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';

describe.each(BACKENDS)('notices, sso, menu, profile, guide and error logs on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  let applicant: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
    applicant = await h.login('applicant');
  });
  afterAll(() => h.close());

  const notice = () => h.call({ method: 'GET', url: `/api/sgs-im/im/getNotifyMsg?t=${Date.now()}` });

  it('publishes, starts and finishes a maintenance notice, polled without a session', async () => {
    expect((await notice()).body.data).toBeNull();
    const payload = {
      startDateTime: '2021-03-26T14:00:00Z',
      finishDateTime: '2021-03-28T02:00:00Z',
      publishRemark: { cn: '系统升级维护', en: 'System upgrade' },
      whiteList: 'staff,admin',
    };
    expect((await h.call({ method: 'POST', url: '/api/notices', payload, token: applicant })).status).toBe(403);
    const bad = await h.call({ method: 'POST', url: '/api/notices', payload: { ...payload, finishDateTime: '2021-03-25T00:00:00Z', publishRemark: { cn: '' } }, token: staff, lang: 'en-US' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['finishDateTime', 'publishRemark.cn', 'publishRemark.en']);
    const created = await h.call({ method: 'POST', url: '/api/notices', payload, token: staff });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await notice()).body.data).toMatchObject({ finalPublishStatus: 1, startDateTime: '2021-03-26T14:00:00.000Z', whiteList: 'staff,admin', weekDay: 5 });
    expect(JSON.parse((await notice()).body.data.publishRemark)).toEqual({ cn: '系统升级维护', en: 'System upgrade' });
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/finish`, token: staff })).status).toBe(409);
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/start`, token: staff })).status).toBe(200);
    expect((await notice()).body.data.finalPublishStatus).toBe(2);
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/finish`, token: staff })).status).toBe(200);
    expect((await notice()).body.data.finalPublishStatus).toBe(0);
    expect((await h.call({ method: 'POST', url: `/api/notices/${id}/explode`, token: staff })).status).toBe(404);
  });

  it('signs in by a one-time token issued by the server', async () => {
    const issued = await h.call({ method: 'POST', url: '/api/auth/sso-tokens', token: applicant });
    const sso = issued.body.data.ssoToken;
    expect((await h.call({ method: 'GET', url: `/api/auth/sso/validate?token=${sso}` })).body.data.valid).toBe(true);
    const login = await h.call({ method: 'POST', url: '/api/auth/sso/login', payload: { token: sso } });
    expect(login.status).toBe(200);
    expect(login.body.data.userInfo.account).toBe('applicant');
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token: login.body.data.accessToken })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: `/api/auth/sso/validate?token=${sso}` })).body.data.valid).toBe(false);
    const again = await h.call({ method: 'POST', url: '/api/auth/sso/login', payload: { token: sso }, lang: 'en-US' });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('The sign-in token is invalid or has expired');
    const late = (await h.call({ method: 'POST', url: '/api/auth/sso-tokens', token: applicant })).body.data.ssoToken;
    await h.db.query("update sso_tokens set expires_at = now() - interval '1 second'");
    expect((await h.call({ method: 'POST', url: '/api/auth/sso/login', payload: { token: late } })).status).toBe(401);
    expect((await h.call({ method: 'POST', url: '/api/auth/sso-tokens' })).status).toBe(401);
  });

  it('returns a menu filtered by permissions, in the request language', async () => {
    const mine = (await h.call({ method: 'GET', url: '/api/menu', token: applicant, lang: 'en-US' })).body.data;
    expect(mine.map((m: any) => m.path)).toEqual(['/wel/index', '/trf/newList', '/trf', '/testResults', '/supplyChain', '/commercial', '/eFiling', '/company', '/form/list', '/documents', '/training', '/resources', '/statistics']);
    // What a customer pays: quotations, statements and invoices to act on (one tabbed page), the quotations, statements, invoices and online payment orders.
    expect(mine.find((m: any) => m.path === '/commercial').children.map((c: any) => [c.name, c.path])).toEqual([
      ['Quotations and invoices', '/todo/quotationAndInvoice/quotationAndInvoice'],
      ['Quotation', '/quotation/list'],
      ['Statement', '/statement/list'],
      ['Invoice', '/invoice/list'],
      ['Online payment orders', '/invoice/orderList/invoiceOrder'],
    ]);
    // The document library and training (issue 18): customers read, are shared with, enrol and see their performance.
    expect(mine.find((m: any) => m.path === '/documents').children.map((c: any) => c.path)).toEqual(['/document/list', '/document/more', '/document/documentShareing', '/document/documentShareing1']);
    expect(mine.find((m: any) => m.path === '/training').children.map((c: any) => c.path)).toEqual(['/training/course', '/training/class', '/training/enrolment', '/training/attendance', '/training/performance']);
    // The declared statistics pages (schemas/_statistics/statistics.json) and the BI reports (schemas/powerbiReport/).
    expect(mine.find((m: any) => m.path === '/statistics').children.map((c: any) => c.path)).toEqual([
      '/statistics/executiveSummary', '/statistics/physicalTestPerformance', '/statistics/supplierPerformanceOverall',
      '/statistics/supplierPerformanceChemical', '/statistics/supplierPerformancePhysical', '/powerbi/list',
    ]);
    // Protocols and SGS services are customers' to read; the inspection and supply-chain sites are external links (opened in /myiframe).
    expect(mine.find((m: any) => m.path === '/resources').children.map((c: any) => [c.name, c.path])).toEqual([['Protocol', '/protocol/list'], ['SGS service', '/sgsService/list'], ['Inspection', 'https://www.sgsonsite.com/en'], ['Service centre', 'https://www.sgs.com/en/contact-us']]);
    expect(mine.find((m: any) => m.path === '/supplyChain').children.map((c: any) => c.path)).toContain('https://www.transparency-one.com/');
    // The TRF's declared list variants and its comments sit in their own group.
    expect(mine.find((m: any) => m.path === '/trf').children.map((c: any) => c.path)).toEqual(['/trf/todoList', '/trf/todoListForLululemon', '/trf/temp', '/trf/comments']);
    // The applicant reads reports and their results; entering results is staff's (/dataEntry/inputResult).
    expect(mine.find((m: any) => m.path === '/testResults').children.map((c: any) => c.path)).toEqual(['/report/list', '/testLine/list']);
    expect(mine.find((m: any) => m.path === '/company').children.map((c: any) => c.name)).toEqual(['Company information', 'Contact', 'Address', 'Department', 'Email group', 'Invoice information', 'Authorization', 'Notification settings']);
    // US e-filing (issue 20): the main menu holds the group's place; the e-filing routes call (SPEC §7) fills it.
    expect(mine.find((m: any) => m.path === '/eFiling')).toMatchObject({ service: 'efiling', children: [] });
    const efilingMenu = async (token: string, languageCode: string) => (await h.call({ method: 'GET', url: `/api/efiling/routes?languageCode=${languageCode}`, token })).body.data;
    // The applicant files its own certificates and keeps its trade parties, and reads the masters.
    expect((await efilingMenu(applicant, 'en-US')).find((m: any) => m.path === '/eFiling').children.map((c: any) => [c.name, c.path])).toEqual([
      ['E-filing work list', '/eFiling/index'],
      ['TRF e-filing certificate', '/trf/cpscTrfInfo'],
      ['Citation', '/eFiling/citation/list'],
      ['Exclusion', '/eFiling/exclusion/list'],
      ['Trade party', '/eFiling/tradeParty/list'],
    ]);
    expect(mine.some((m: any) => m.path === '/admin'), 'no administration group without its permissions').toBe(false);
    expect(mine[1]).toEqual({ name: 'Test request form', path: '/trf/newList', source: 'file-text', children: [] });
    const theirs = (await h.call({ method: 'GET', url: '/api/menu', token: staff, lang: 'zh-CN' })).body.data;
    expect((await efilingMenu(staff, 'zh-CN')).find((m: any) => m.path === '/eFiling').children.map((c: any) => [c.name, c.path])).toEqual([
      ['电子申报工作台', '/eFiling/index'],
      ['TRF 电子申报信息', '/trf/cpscTrfInfo'],
      ['进口商客户', '/eFiling/importerCustomer/list'],
      ['法规引用', '/eFiling/citation/list'],
      ['豁免', '/eFiling/exclusion/list'],
      ['贸易方', '/eFiling/tradeParty/list'],
      ['申报 TRF 映射', '/eFiling/trfMapping/list'],
    ]);
    expect(theirs.at(-1).name).toBe('系统管理');
    expect(theirs.at(-1).children.map((c: any) => c.path)).toEqual(['/customer/management', '/customer/offlineRegister/offlineCustomer', '/customer/thirdLabRegister/thirdLabRegister', '/accountPer/index', '/accountPost/index', '/accountPer/authority', '/systemNotice/index', '/outbox/index', '/admin/lockedAccounts', '/admin/failedMail', '/admin/dueTimers', '/admin/failedEffects', '/admin/connections', '/admin/noticeSchedule', '/workflows', '/template/template-setting', '/customer/template/material', '/customer/template/product', '/extend/specificextend-setting', '/masterData/lab/list', '/masterData/labContact/list', '/masterData/testPackage/list', '/masterData/reviewConclusion/list', '/tableDemo/demo']);
  });

  it('shows and updates the user information and settings, validating them', async () => {
    const me = await h.call({ method: 'GET', url: '/api/account/me', token: applicant });
    expect(me.body.data).toMatchObject({ account: 'applicant', companyName: '演示申请方有限公司', status: 'approved' });
    const bad = await h.call({ method: 'PUT', url: '/api/account/me', payload: { userName: 'x', mobile: '123' }, token: applicant, lang: 'en-US' });
    expect(bad.body.errors!.map((e) => e.field).sort()).toEqual(['mobile', 'userName']);
    expect((await h.call({ method: 'PUT', url: '/api/account/me', payload: { userName: 'Zhang San', mobile: '13911112222' }, token: applicant })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/account/me', token: applicant })).body.data.userName).toBe('Zhang San');
    expect((await h.call({ method: 'PUT', url: '/api/account/settings', payload: { client_home_page: 'javascript:alert(1)' }, token: applicant })).status).toBe(400);
    expect((await h.call({ method: 'PUT', url: '/api/account/settings', payload: { client_home_page: '/trf/newList' }, token: applicant })).status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/account/me', token: applicant })).body.data.settings.client_home_page).toBe('/trf/newList');
  });

  it('remembers the guide per user on the server', async () => {
    expect((await h.call({ method: 'POST', url: '/api/auth/save-user-guide', payload: { step: 9 }, token: applicant })).status).toBe(400);
    await h.call({ method: 'POST', url: '/api/auth/save-user-guide', payload: { step: 3, tasks: { buyer: true } }, token: applicant });
    await h.call({ method: 'POST', url: '/api/auth/save-user-guide', payload: { dismissed: true }, token: applicant });
    const me = await h.call({ method: 'GET', url: '/api/auth/me', token: applicant });
    expect(me.body.data.guide).toEqual({ step: 3, tasks: { buyer: true }, dismissed: true });
  });

  it('keeps client error logs sent in batches, with or without a session', async () => {
    const entry = { url: '/trf/newList', time: '2026-11-22T10:00:00Z', type: 'TypeError', message: 'x is undefined', stack: 'at f (a.js:1:1)', info: { route: 'list' } };
    expect((await h.call({ method: 'POST', url: '/api/error-logs', payload: { entries: [entry, entry] }, token: applicant })).body.data.received).toBe(2);
    expect((await h.call({ method: 'POST', url: '/api/error-logs', payload: { entries: [{ ...entry, message: 'y is undefined' }] } })).status).toBe(200);
    expect((await h.call({ method: 'POST', url: '/api/error-logs', payload: { entries: [] } })).status).toBe(400);
    // A repeat is counted on the row of its first report (error-logs.test.ts).
    const { rows } = await h.db.query<{ user_id: string | null; count: number }>('select user_id, count from error_logs order by id');
    expect(rows).toEqual([
      { user_id: 'u-applicant', count: 2 },
      { user_id: null, count: 1 },
    ]);
  });
});
