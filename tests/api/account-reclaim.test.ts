import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclaimInactiveAccounts } from '../../server/accounts/reclaim.ts';
import { reclaimableFrom } from '../../workflows/account-status.machine.ts';
import { listAudit } from '../../server/entities/audit-repo.ts';
import { BACKENDS } from '../support/backends.ts';
import { ApiHarness } from '../support/api-harness.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo-data.ts';

/** SPEC §9, issue 12 item 4: an account unused for 24 months is reclaimed through account-status.machine.ts; the clock is the test's. */
describe.each(BACKENDS)('account reclaim on %s', (backend) => {
  let h: ApiHarness;
  let buyerId: string;
  beforeAll(async () => {
    h = await ApiHarness.start(backend);
    await h.login('buyer');
    buyerId = (await h.db.query<{ id: string }>("select id from users where account = 'buyer'")).rows[0]!.id;
  });
  afterAll(() => h.close());

  const status = async (account: string) => (await h.db.query<{ account_state: string }>('select account_state from users where account = $1', [account])).rows[0]!.account_state;
  /** The buyer's last login, as if it had happened at `iso`. */
  const lastLoginAt = (iso: string) => h.db.query('update sessions set created_at = $2 where user_id = $1', [buyerId, iso]);

  it('keeps an account used within 24 months, and reclaims it the moment 24 months have passed since its last login', async () => {
    // The buyer last logged in a year ago; every other account was made today.
    const lastLogin = new Date(Date.now() - 365 * 86_400_000);
    lastLogin.setUTCMilliseconds(0);
    await h.db.query("update users set created_at = $2::timestamptz - interval '3 years' where id = $1", [buyerId, lastLogin.toISOString()]);
    await lastLoginAt(lastLogin.toISOString());
    const due = reclaimableFrom(lastLogin.toISOString());
    expect(await reclaimInactiveAccounts(h.db, h.app.effects, new Date(due.getTime() - 1000))).toBe(0);
    expect(await status('buyer')).toBe('enabled');

    expect(await reclaimInactiveAccounts(h.db, h.app.effects, due)).toBe(1);
    expect(await status('buyer')).toBe('reclaimed');
    const [reclaim] = (await listAudit(h.db, 'account', buyerId)).filter((a) => a.event === 'RECLAIM');
    expect(reclaim).toMatchObject({ actorId: null, fromStates: { status: 'enabled' }, toStates: { status: 'reclaimed' }, payload: { lastActiveAt: lastLogin.toISOString(), at: due.toISOString() } });
    // The machine's mail effect ran after the commit (the demo buyer reads Chinese, the default).
    expect((await h.db.query<{ subject: string }>("select subject from outbox where to_address = 'buyer@demo.portico.dev' order by id desc limit 1")).rows[0]!.subject).toBe('Portico 账号已回收');
    // Years later every other account is unused too; the buyer is not reclaimed twice.
    const approved = (await h.db.query<{ n: number }>("select count(*)::int as n from users where status = 'approved' and account_state = 'enabled'")).rows[0]!.n;
    expect(await reclaimInactiveAccounts(h.db, h.app.effects, new Date(Date.now() + 10 * 365 * 86_400_000))).toBe(approved);
    expect((await listAudit(h.db, 'account', buyerId)).filter((a) => a.event === 'RECLAIM')).toHaveLength(1);
  });

  it('refuses the reclaimed account at login, in both languages', async () => {
    const login = async (lang: string) => h.call({ method: 'POST', url: '/api/auth/token', payload: { account: 'buyer', password: await h.encrypt(DEMO_PASSWORD) }, lang });
    const en = await login('en-US');
    expect([en.status, en.body.errorCode]).toEqual([403, 'ACCOUNT_RECLAIMED']);
    expect(en.body.message).toBe('This account was not used for 24 months and has been reclaimed; register again or contact us to use Portico again');
    expect((await login('zh-CN')).body.message).toBe('该账号超过 24 个月未使用，已被回收；如需继续使用，请重新注册或联系我们');
  });
});
