import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError, ok, requestLanguage } from '../http/errors.ts';
import { text, type Language, type LocalizedText } from '../../engine/index.ts';
import { machines } from '../../workflows/index.ts';
import { dummyHash, verifyPassword } from './passwords.ts';
import { judgeLogin, loadThrottle, saveThrottle } from './login-judge.ts';
import type { LoginAttempt } from '../../workflows/session.machine.ts';
import type { LoginKey } from './rsa-keys.ts';
import { createSession, revokeSession, userByAccount, userOfToken, type SessionUser } from './sessions.ts';
import { ssoRoutes } from './sso.ts';
import { clearSessionCookies, currentUser, publicRoute, setSessionCookies } from './session-hook.ts';
import { checkCaptcha, createCaptcha } from './captcha.ts';
import { CAPTCHA_AFTER } from '../../workflows/session-limits.ts';
import { AUTH_SCHEMAS as S } from './auth-schemas.ts';
import { recordLoginChoices } from './login-repo.ts';
import type { GrantSource } from './roles.ts';

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

// The login rules are workflows/session.machine.ts, run by judgeLogin for every attempt;
// tests/api/session-model.test.ts replays every path of the machine here.
const CAPTCHA_ERRORS = { timedOut: 'CAPTCHA_TIMED_OUT', invalid: 'CAPTCHA_INVALID', wrong: 'CAPTCHA_WRONG' } as const;

/** The login response for a new session token: the token plus the session of SPEC §3. */
/** An account's review status as its user reads it: the approval machine's state label. */
function accountStatusLabel(status: string, lang: Language): string {
  const node = Object.hasOwn(machines.accountApproval.root.states, status) ? machines.accountApproval.root.states[status] : undefined;
  return text((node?.meta as { label?: LocalizedText } | undefined)?.label, lang, status);
}

async function sessionResponse(db: Database, token: string, grants: GrantSource) {
  const user = await userOfToken(db, token, grants);
  if (!user) throw new ApiError(401, 'UNAUTHORIZED');
  return { accessToken: token, ...sessionView(user) };
}

export function authRoutes(app: FastifyInstance, db: Database, key: LoginKey, grants: GrantSource): void {
  ssoRoutes(app, db, (token) => sessionResponse(db, token, grants));
  app.get('/api/auth/public-key', { ...publicRoute(120), schema: S.publicKey }, async () => ok({ spki: key.spki, algorithm: 'RSA-OAEP-256' }));

  app.post<{ Body: TokenBody }>('/api/auth/token', { ...publicRoute(60), schema: S.token }, async (req, reply) => {
    const body = (req.body ?? {}) as TokenBody;
    if (typeof body.account !== 'string' || typeof body.password !== 'string' || !body.account.trim()) {
      throw new ApiError(400, 'LOGIN_FAILED');
    }
    const password = key.decrypt(body.password);
    if (password === undefined) throw new ApiError(400, 'PASSWORD_NOT_DECRYPTABLE');
    if (password.length < 6) throw new ApiError(400, 'PASSWORD_TOO_SHORT');
    const account = body.account.trim();
    const throttle = await loadThrottle(db, account);
    // The captcha is asked for (and used up) only when the machine will ask for it: after CAPTCHA_AFTER failures.
    let captcha: LoginAttempt['captcha'] = 'none';
    if (throttle.lockedForMs === 0 && throttle.failures >= CAPTCHA_AFTER && body.captchaKey !== undefined) {
      const check = await checkCaptcha(db, body.captchaKey, body.captchaCode);
      if (check === 'timedOut' || check === 'invalid') throw new ApiError(400, CAPTCHA_ERRORS[check], {}, undefined, { captchaRequired: true });
      captcha = check === 'ok' ? 'right' : 'wrong';
    }
    // Unknown accounts cost the same hash as known ones, and count failures the same way.
    const user = await userByAccount(db, account, grants);
    const passwordRight = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    // Judged on the account name's row, locked: parallel guesses are counted one after the other.
    const verdict = await db.transaction(async (tx) => {
      const current = await loadThrottle(tx, account, true);
      const judged = judgeLogin(current, { password: user && passwordRight ? 'right' : 'wrong', captcha });
      await saveThrottle(tx, account, current, judged);
      return judged;
    });
    if (verdict.refusal === 'USER_LOCKED') throw new ApiError(403, 'USER_LOCKED', { minutes: Math.max(1, Math.ceil(verdict.lockMs / 60_000)) });
    if (verdict.refusal) {
      throw new ApiError(400, verdict.refusal, {}, undefined, { captchaRequired: verdict.next.failures >= CAPTCHA_AFTER });
    }
    if (!user) throw new ApiError(400, 'LOGIN_FAILED'); // the machine refused already: a wrong password
    if (user.accountState === 'closed') throw new ApiError(403, 'ACCOUNT_CLOSED');
    if (user.status === 'rejected') throw new ApiError(403, 'ACCOUNT_REJECTED', { reason: user.rejectReason ?? '' });
    if (user.status !== 'approved') throw new ApiError(403, 'ACCOUNT_PENDING', { status: accountStatusLabel(user.status, requestLanguage(req)) });
    if (user.accountState === 'reclaimed') throw new ApiError(403, 'ACCOUNT_RECLAIMED');
    if (user.accountState !== 'enabled') throw new ApiError(403, 'ACCOUNT_DISABLED');
    await recordLoginChoices(db, user.id, body.termsAccepted === true, typeof body.receiveMarketingCommunication === 'boolean' ? body.receiveMarketingCommunication : null);
    const { token, expiresAt } = await createSession(db, user.id);
    setSessionCookies(req, reply, token);
    return ok({ accessToken: token, expiresAt: expiresAt.toISOString(), ...sessionView({ ...user, termsAccepted: user.termsAccepted || body.termsAccepted === true }) });
  });

  app.get('/api/auth/captcha', { ...publicRoute(60), schema: S.captcha }, async () => ok(await createCaptcha(db)));

  app.get('/api/auth/buttons', { schema: S.buttons }, async (req) => ok(currentUser(req).buttons));
  app.get('/api/auth/me', { schema: S.me }, async (req) => ok(sessionView(currentUser(req))));
  app.post('/api/auth/logout', { schema: S.logout }, async (req, reply) => {
    if (req.sessionToken) await revokeSession(db, req.sessionToken);
    clearSessionCookies(req, reply);
    return ok({});
  });
}
