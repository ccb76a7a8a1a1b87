import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { listAudit } from '../../server/entities/audit-repo.ts';

describe.each(BACKENDS)('registration, approval and password reset on %s', (backend) => {
  let h: ApiHarness;
  let staff: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    staff = await h.login('staff');
  });
  afterAll(() => h.close());

  /** The last code mailed to an address, read from the outbox as internal staff would. */
  const mailedCode = async (email: string) => {
    const res = await h.call({ method: 'GET', url: `/api/outbox?to=${encodeURIComponent(email)}`, token: staff });
    return /(\d{6})/.exec(res.body.data[0].subject)![1]!;
  };
  /** Asks for a code as a user would after the resend wait: earlier codes are made an hour old (one code a minute per address). */
  const askCode = async (email: string, purpose = 'register', lang = 'en-US') => {
    await h.db.query("update verification_codes set created_at = created_at - interval '1 hour' where lower(target) = lower($1)", [email]);
    return h.call({ method: 'POST', url: '/api/accounts/codes', payload: { email, purpose }, lang });
  };
  const form = async (over: Record<string, unknown> = {}, password = 'Secret#2024', repeat = password) => ({
    account: 'registrant',
    userName: 'New Comer',
    email: 'registrant@example.com',
    mobile: '13812345678',
    contactNumber: '021-12345678',
    companyName: 'Newcomer Trading Co.',
    termsAccepted: true,
    password: await h.encrypt(password),
    passwordRepeat: await h.encrypt(repeat),
    ...over,
  });
  const register = async (payload: Record<string, unknown>, lang = 'en-US') => h.call({ method: 'POST', url: '/api/accounts/register', payload, lang });

  it('says the code may take up to 5 minutes, and mails it through the outbox', async () => {
    const res = await askCode('registrant@example.com');
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('The code has been sent to registrant@example.com; it may take up to 5 minutes to arrive');
    expect(await mailedCode('registrant@example.com')).toMatch(/^\d{6}$/);
    expect((await askCode('not-an-email')).status).toBe(400);
    expect((await askCode('x@example.com', 'hack')).status).toBe(400);
  });

  it('refuses each broken password rule once, then a repeat that differs', async () => {
    const code = await mailedCode('registrant@example.com');
    const cases: [string, RegExp][] = [
      ['Ab1#', /8 to 30 characters/],
      [`Ab1#${'x'.repeat(30)}`, /8 to 30 characters/],
      ['abcdefgh1', /at least three of/],
      ['ABCDEFGH!', /at least three of/],
      ['abcdEFGH', /at least three of/],
    ];
    for (const [password, message] of cases) {
      const res = await register(await form({ code }, password));
      expect(res.status, password).toBe(400);
      expect(res.body.errors!.find((e) => e.field === 'password')!.message, password).toMatch(message);
    }
    const mismatch = await register(await form({ code }, 'Secret#2024', 'Secret#2025'));
    expect(mismatch.body.message).toBe('The two passwords do not match');
  });

  it('checks user name, mobile, contact number, email and terms with messages in the language', async () => {
    const code = await mailedCode('registrant@example.com');
    const res = await register(await form({ code, userName: 'ab', mobile: '12345678901', contactNumber: '021 123', email: 'bad', termsAccepted: false }), 'zh-CN');
    const byField = Object.fromEntries(res.body.errors!.map((e) => [e.field, e.message]));
    expect(byField.userName).toBe('用户名: 用户名长度为 3–50 个字符');
    expect(byField.mobile).toBe('手机号码: 请输入 11 位中国大陆手机号码');
    expect(byField.contactNumber).toBe('联系电话: 联系电话只能包含数字或“-”');
    expect(byField.email).toBe('邮箱: 请输入有效的邮箱地址');
    expect(byField.termsAccepted).toBe('我已阅读并同意使用条款: 请先阅读并同意使用条款');
  });

  it('tells a wrong, an invalid and a timed-out code apart', async () => {
    await askCode('codes@example.com');
    const good = await mailedCode('codes@example.com');
    const wrong = await register(await form({ email: 'codes@example.com', account: 'codes', mobile: '13900000001', code: good === '000000' ? '111111' : '000000' }));
    expect(wrong.body.message).toBe('Verification code error, please re-enter');
    await h.db.query("update verification_codes set expires_at = now() - interval '1 second' where target = 'codes@example.com'");
    const late = await register(await form({ email: 'codes@example.com', account: 'codes', mobile: '13900000001', code: good }));
    expect(late.body.message).toBe('The verification code has timed out. Please get it again');
    const none = await register(await form({ email: 'never-asked@example.com', account: 'never', mobile: '13900000002', code: '123456' }), 'zh-CN');
    expect(none.body.message).toBe('验证码无效，请重新获取');
  });

  it('registers, waits for approval, is approved by staff, then logs in', async () => {
    const code = await mailedCode('registrant@example.com');
    // Both names asked for (SPEC §3): the local one, and the English one shown to English readers.
    const res = await register(await form({ code, companyName: '新来贸易有限公司', companyNameEn: ' Newcomer Trading Co. ' }));
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe('toBeReviewed');
    const early = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'registrant', password: await h.encrypt('Secret#2024') }, lang: 'en-US' });
    expect(early.status).toBe(403);
    // The status as the user reads it (the approval machine's state label), never its code.
    expect(early.body.message).toBe('The account is not approved yet (To be reviewed); the review takes 3 to 5 working days');
    const earlyZh = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'registrant', password: await h.encrypt('Secret#2024') }, lang: 'zh-CN' });
    expect(earlyZh.body.message).toBe('账号尚未审核通过（待审核），审核需要 3–5 个工作日');
    const reviews = await h.call({ method: 'GET', url: '/api/accounts/reviews', token: staff });
    const pending = reviews.body.data.find((a: any) => a.account === 'registrant');
    expect(pending).toMatchObject({ companyName: '新来贸易有限公司', companyStatus: 'todo' });
    const applicant = await h.login('applicant');
    expect((await h.call({ method: 'POST', url: `/api/accounts/${pending.id}/approve`, token: applicant })).status).toBe(403);
    expect((await h.call({ method: 'POST', url: `/api/accounts/${pending.id}/approve`, token: staff })).status).toBe(200);
    // The approval machine refuses a second decision, in the staff's language, with its own labels.
    const again = await h.call({ method: 'POST', url: `/api/accounts/${pending.id}/approve`, token: staff, lang: 'en-US' });
    expect([again.status, again.body.errorCode, again.body.message]).toEqual([409, 'EVENT_NOT_ALLOWED', '"Approve" is not possible while the record is "Approved"']);
    const againZh = await h.call({ method: 'POST', url: `/api/accounts/${pending.id}/reject`, payload: { reason: '重复' }, token: staff, lang: 'zh-CN' });
    expect([againZh.status, againZh.body.message]).toEqual([409, '当前状态“已通过”下不能执行“驳回”']);
    expect((await h.call({ method: 'POST', url: '/api/accounts/u-nobody/approve', token: staff })).status).toBe(404);
    // The account's history: made by its applicant at registration, approved by staff.
    expect((await listAudit(h.db, 'account', pending.id)).map((a) => [a.kind, a.event ?? '', a.toStates?.status])).toEqual([
      ['create', '', 'toBeReviewed'],
      ['event', 'APPROVE', 'approved'],
    ]);
    const token = await h.login('registrant', 'Secret#2024');
    const me = await h.call({ method: 'GET', url: '/api/auth/me', token });
    expect(me.body.data.userInfo.companyName).toBe('新来贸易有限公司');
    // The company record keeps both (trimmed); the user's own page names it in the reader's language.
    const company = await h.call({ method: 'GET', url: `/api/entities/company/${me.body.data.userInfo.companyId}`, token: staff });
    expect([company.body.data.doc.name, company.body.data.doc.nameEn]).toEqual(['新来贸易有限公司', 'Newcomer Trading Co.']);
    expect((await h.call({ method: 'GET', url: '/api/account/me', token, lang: 'en-US' })).body.data.companyName).toBe('Newcomer Trading Co.');
    expect((await h.call({ method: 'GET', url: '/api/account/me', token, lang: 'zh-CN' })).body.data.companyName).toBe('新来贸易有限公司');
    const mail = await h.call({ method: 'GET', url: '/api/outbox?to=registrant@example.com', token: staff });
    expect(mail.body.data[0].subject).toBe('Your Portico account is approved');
  });

  it('refuses a registered email, mobile or account with the messages of SPEC §8, once the email\'s own code is verified', async () => {
    await askCode('other@example.com');
    const code = await mailedCode('other@example.com');
    // Asking a code tells nothing about the address: a registered one gets the same answer.
    const asked = await askCode('registrant@example.com');
    expect(asked.status).toBe(200);
    expect(asked.body.data.message).toBe((await askCode('unknown-yet@example.com')).body.data.message.replace('unknown-yet@example.com', 'registrant@example.com'));
    const taken = await register(await form({ email: 'registrant@example.com', account: 'somebody', mobile: '13700000009', code: '000000' }));
    expect(taken.body.errorCode, 'a wrong code says nothing of the address').toBe('CODE_WRONG');
    const verified = await register(await form({ email: 'registrant@example.com', account: 'somebody', mobile: '13700000009', code: await mailedCode('registrant@example.com') }));
    expect(verified.body.message).toBe('Email has been registered, please login directly!');
    const mobile = await register(await form({ email: 'other@example.com', account: 'other', code }));
    expect(mobile.body.message).toBe('Mobile number registered, please login directly!');
    const account = await register(await form({ email: 'other@example.com', mobile: '13700000000', code }));
    expect(account.body.message).toBe('This account has been registered, please change another account!');
  });

  it('rejects with a required reason, and the refused account cannot log in', async () => {
    await askCode('refused@example.com');
    const code = await mailedCode('refused@example.com');
    const simple = await h.call({
      method: 'POST',
      url: '/api/accounts/simple-register',
      payload: { email: 'refused@example.com', userName: 'Refused One', companyName: 'Shell Co.', termsAccepted: true, code, password: await h.encrypt('Secret#2024'), passwordRepeat: await h.encrypt('Secret#2024') },
    });
    expect(simple.status).toBe(201);
    const id = (await h.call({ method: 'GET', url: '/api/accounts/reviews', token: staff })).body.data.find((a: any) => a.email === 'refused@example.com').id;
    expect((await h.call({ method: 'POST', url: `/api/accounts/${id}/reject`, payload: {}, token: staff })).status).toBe(400);
    expect((await h.call({ method: 'POST', url: `/api/accounts/${id}/reject`, payload: { reason: 'Unknown company' }, token: staff })).status).toBe(200);
    const login = await h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'refused@example.com', password: await h.encrypt('Secret#2024') }, lang: 'en-US' });
    expect(login.body.message).toBe('The registration was refused: Unknown company');
  });

  it('resets a password with an emailed code and ends the old sessions', async () => {
    const old = await h.login('buyer');
    expect((await askCode('buyer@demo.portico.dev', 'resetPassword')).status).toBe(200);
    expect((await askCode('nobody@example.com', 'resetPassword')).status).toBe(200);
    const code = await mailedCode('buyer@demo.portico.dev');
    const reset = await h.call({
      method: 'POST',
      url: '/api/accounts/password-reset',
      payload: { email: 'buyer@demo.portico.dev', code, password: await h.encrypt('NewSecret#1'), passwordRepeat: await h.encrypt('NewSecret#1') },
    });
    expect(reset.status).toBe(200);
    expect((await h.call({ method: 'GET', url: '/api/auth/me', token: old })).status).toBe(401);
    expect(await h.login('buyer', 'NewSecret#1')).toBeTruthy();
    const again = await h.call({
      method: 'POST',
      url: '/api/accounts/password-reset',
      payload: { email: 'buyer@demo.portico.dev', code, password: await h.encrypt('NewSecret#2'), passwordRepeat: await h.encrypt('NewSecret#2') },
      lang: 'en-US',
    });
    expect(again.body.message).toBe('The verification code is invalid, please get it again');
  });
});
