import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { text, type Language, type LocalizedText } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { verifyPassword } from './passwords.ts';
import type { LoginKey } from './rsa-keys.ts';
import { createSession, revokeSession, userByAccount, userOfToken, type SessionUser } from './sessions.ts';
import { ssoRoutes } from './sso.ts';
import { currentUser } from './session-hook.ts';
import { checkCaptcha, createCaptcha } from './captcha.ts';
import { CAPTCHA_AFTER, LOCK_AFTER } from '../../workflows/session-limits.ts';

/** What login and /me return (SPEC §3 session user). */
function sessionView(u: SessionUser) {
  return {
    permissions: u.permissions.join(','),
    dimensions: u.dimensions,
    posts: u.posts,
    guide: u.guide,
    tcpp: u.termsAccepted,
    userMgtId: u.id,
    userInfo: {
      id: u.id,
      account: u.account,
      userName: u.userName,
      email: u.email,
      companyId: u.companyId,
      companyName: u.companyName,
      regionAccount: u.account,
      isAdmin: u.isAdmin,
    },
  };
}

interface TokenBody {
  account?: unknown;
  password?: unknown;
  type?: unknown;
  tenantId?: unknown;
  receiveMarketingCommunication?: unknown;
  termsAccepted?: unknown;
  captchaKey?: unknown;
  captchaCode?: unknown;
}

// After CAPTCHA_AFTER failures in a row the picture captcha is asked for; after LOCK_AFTER the account
// locks: the rules of workflows/session.machine.ts, which tests/api/session-model.test.ts replays here.
const CAPTCHA_ERRORS = { timedOut: 'CAPTCHA_TIMED_OUT', invalid: 'CAPTCHA_INVALID', wrong: 'CAPTCHA_WRONG' } as const;

/** The login response for a new session token: the token plus the session of SPEC §3. */
/** An account's review status as its user reads it: the approval machine's state label. */
function accountStatusLabel(status: string, lang: Language): string {
  const node = Object.hasOwn(machines.accountApproval.root.states, status) ? machines.accountApproval.root.states[status] : undefined;
  return text((node?.meta as { label?: LocalizedText } | undefined)?.label, lang, status);
}

async function sessionResponse(db: Database, token: string) {
  const user = await userOfToken(db, token);
  if (!user) throw new ApiError(401, 'UNAUTHORIZED');
  return { accessToken: token, ...sessionView(user) };
}

export function authRoutes(app: FastifyInstance, db: Database, key: LoginKey): void {
  ssoRoutes(app, db, (token) => sessionResponse(db, token));
  app.get('/api/auth/public-key', async () => ok({ spki: key.spki, algorithm: 'RSA-OAEP-256' }));

  app.post<{ Body: TokenBody }>('/api/auth/token', async (req) => {
    const body = (req.body ?? {}) as TokenBody;
    if (typeof body.account !== 'string' || typeof body.password !== 'string' || !body.account.trim()) {
      throw new ApiError(400, 'LOGIN_FAILED');
    }
    const password = key.decrypt(body.password);
    if (password === undefined) throw new ApiError(400, 'PASSWORD_NOT_DECRYPTABLE');
    if (password.length < 6) throw new ApiError(400, 'PASSWORD_TOO_SHORT');
    const user = await userByAccount(db, body.account.trim());
    if (user?.locked) throw new ApiError(403, 'USER_LOCKED');
    if (user && user.failedLogins >= CAPTCHA_AFTER) {
      if (body.captchaKey === undefined) throw new ApiError(400, 'CAPTCHA_REQUIRED', {}, undefined, { captchaRequired: true });
      const captcha = await checkCaptcha(db, body.captchaKey, body.captchaCode);
      if (captcha !== 'ok') throw new ApiError(400, CAPTCHA_ERRORS[captcha], {}, undefined, { captchaRequired: true });
    }
    if (!user || !(await verifyPassword(password, user.passwordHash))) {
      if (!user) throw new ApiError(400, 'LOGIN_FAILED');
      const { rows } = await db.query<{ failed: number }>(
        `update users set failed_logins = failed_logins + 1,
           locked_at = case when failed_logins + 1 >= $2 then now() else locked_at end
         where id = $1 returning failed_logins as failed`,
        [user.id, LOCK_AFTER],
      );
      const failed = rows[0]?.failed ?? 0;
      if (failed >= LOCK_AFTER) throw new ApiError(403, 'USER_LOCKED');
      throw new ApiError(400, 'LOGIN_FAILED', {}, undefined, { captchaRequired: failed >= CAPTCHA_AFTER });
    }
    if (user.status === 'rejected') throw new ApiError(403, 'ACCOUNT_REJECTED', { reason: user.rejectReason ?? '' });
    if (user.status !== 'approved') throw new ApiError(403, 'ACCOUNT_PENDING', { status: accountStatusLabel(user.status, requestLanguage(req)) });
    await db.query(
      `update users set failed_logins = 0,
         terms_accepted_at = case when $2 then now() else terms_accepted_at end,
         receive_marketing = case when $3::boolean is null then receive_marketing else $3::boolean end
       where id = $1`,
      [user.id, body.termsAccepted === true, typeof body.receiveMarketingCommunication === 'boolean' ? body.receiveMarketingCommunication : null],
    );
    const { token, expiresAt } = await createSession(db, user.id);
    return ok({ accessToken: token, expiresAt: expiresAt.toISOString(), ...sessionView({ ...user, termsAccepted: user.termsAccepted || body.termsAccepted === true }) });
  });

  app.get('/api/auth/captcha', async () => ok(await createCaptcha(db)));

  app.get('/api/auth/buttons', async (req) => ok(currentUser(req).buttons));
  app.get('/api/auth/me', async (req) => ok(sessionView(currentUser(req))));
  app.post('/api/auth/logout', async (req) => {
    if (req.sessionToken) await revokeSession(db, req.sessionToken);
    return ok({});
  });
}
