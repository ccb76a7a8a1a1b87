import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError, ok } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';
import type { LoginKey } from './rsa-keys.ts';
import { createSession, revokeSession, userByAccount, type SessionUser } from './sessions.ts';
import { currentUser } from './session-hook.ts';

/** What login and /me return (SPEC §3 session user). */
function sessionView(u: SessionUser) {
  return {
    permissions: u.permissions.join(','),
    dimensions: u.dimensions,
    posts: u.posts,
    guide: u.guide,
    tcpp: true,
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
}

export function authRoutes(app: FastifyInstance, db: Database, key: LoginKey): void {
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
    if (!user || !(await verifyPassword(password, user.passwordHash))) throw new ApiError(400, 'LOGIN_FAILED');
    if (user.status === 'rejected') throw new ApiError(403, 'ACCOUNT_REJECTED', { reason: user.rejectReason ?? '' });
    if (user.status !== 'approved') throw new ApiError(403, 'ACCOUNT_PENDING', { status: user.status });
    const { token, expiresAt } = await createSession(db, user.id);
    return ok({ accessToken: token, expiresAt: expiresAt.toISOString(), ...sessionView(user) });
  });

  app.get('/api/auth/buttons', async (req) => ok(currentUser(req).buttons));
  app.get('/api/auth/me', async (req) => ok(sessionView(currentUser(req))));
  app.post('/api/auth/logout', async (req) => {
    if (req.sessionToken) await revokeSession(db, req.sessionToken);
    return ok({});
  });
}
