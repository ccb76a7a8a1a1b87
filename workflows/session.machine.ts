import { assign, emit, setup } from 'xstate';
import { L, machineMeta, stateMeta as meta } from './machine-meta.ts';
import { CAPTCHA_AFTER, LOCK_AFTER, LOCK_STEPS, SESSION_TTL_MS, lockDurationMs } from './session-limits.ts';

/**
 * Login and session of one user (SPEC §4 "Login and session", §5, §9): the login rules the
 * server applies (picture captcha after CAPTCHA_AFTER failures in a row, account locked after
 * LOCK_AFTER for a time that grows with each lock), the screen lock of the logged-in user, logout
 * and the 4-hour expiry. The server judges every login by running this machine
 * (server/auth/login-judge.ts). Rules: session.rules.md.
 */

export { CAPTCHA_AFTER, LOCK_AFTER, SESSION_TTL_MS };

/** A login attempt as the model sees it: whether the password and the captcha answer are right. */
export interface LoginAttempt {
  password: 'right' | 'wrong';
  captcha: 'none' | 'right' | 'wrong';
}

export type SessionEvent =
  | ({ type: 'SUBMIT' } & LoginAttempt)
  | { type: 'LOCK_SCREEN'; password: string }
  | { type: 'UNLOCK'; password: string }
  | { type: 'LOGOUT' }
  | { type: 'PASSWORD_RESET' }
  | { type: 'STAFF_UNLOCK' };

/** Why the server refuses a login (its error codes). */
export type LoginRefusal = 'LOGIN_FAILED' | 'CAPTCHA_REQUIRED' | 'CAPTCHA_WRONG' | 'USER_LOCKED';

export type SessionEmitted =
  | { type: 'loginRefused'; code: LoginRefusal }
  | { type: 'sessionStarted' }
  | { type: 'revokeToken' }
  | { type: 'clearSession'; reason: 'logout' | 'expired' }
  | { type: 'wrongLockPassword' };

interface SessionContext {
  /** Failed logins in a row (the server's count for the account). */
  failures: number;
  /** Locks in a row without a successful login: each lasts longer (lockDurationMs). */
  locks: number;
  /** The attempt being judged (only while logging in). */
  attempt: LoginAttempt | null;
  /** The lock password while the screen is locked. */
  lockPassword: string | null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
  },
  guards: {
    captchaMissing: ({ context }) => context.failures >= CAPTCHA_AFTER && context.attempt?.captcha === 'none',
    captchaWrong: ({ context }) => context.failures >= CAPTCHA_AFTER && context.attempt?.captcha === 'wrong',
    passwordRight: ({ context }) => context.attempt?.password === 'right',
    reachesLock: ({ context }) => context.failures + 1 >= LOCK_AFTER,
    reachesCaptcha: ({ context }) => context.failures + 1 >= CAPTCHA_AFTER,
    hasLockPassword: ({ event }) => event.type === 'LOCK_SCREEN' && event.password.length > 0,
    lockPasswordMatches: ({ context, event }) => event.type === 'UNLOCK' && event.password === context.lockPassword,
  },
  actions: {
    rememberAttempt: assign({ attempt: ({ event }) => (event.type === 'SUBMIT' ? { password: event.password, captcha: event.captcha } : null) }),
    forgetAttempt: assign({ attempt: null }),
    // Both counts stop where they change nothing more: LOCK_AFTER failures lock, LOCK_STEPS locks last longest.
    countFailure: assign({ failures: ({ context }) => Math.min(context.failures + 1, LOCK_AFTER) }),
    countLock: assign({ locks: ({ context }) => Math.min(context.locks + 1, LOCK_STEPS) }),
    resetFailures: assign({ failures: 0, locks: 0 }),
    refuseLogin: emit({ type: 'loginRefused' as const, code: 'LOGIN_FAILED' as const }),
    refuseCaptchaMissing: emit({ type: 'loginRefused' as const, code: 'CAPTCHA_REQUIRED' as const }),
    refuseCaptchaWrong: emit({ type: 'loginRefused' as const, code: 'CAPTCHA_WRONG' as const }),
    refuseLocked: emit({ type: 'loginRefused' as const, code: 'USER_LOCKED' as const }),
    startSession: emit({ type: 'sessionStarted' as const }),
    revokeToken: emit({ type: 'revokeToken' as const }),
    clearOnLogout: emit({ type: 'clearSession' as const, reason: 'logout' as const }),
    clearOnExpiry: emit({ type: 'clearSession' as const, reason: 'expired' as const }),
    rememberLockPassword: assign({ lockPassword: ({ event }) => (event.type === 'LOCK_SCREEN' ? event.password : null) }),
    forgetLockPassword: assign({ lockPassword: null }),
    wrongLockPassword: emit({ type: 'wrongLockPassword' as const }),
  },
  delays: {
    sessionTtl: () => SESSION_TTL_MS,
    lockDuration: ({ context }) => lockDurationMs(context.locks),
  },
}).createMachine({
  id: 'session',
  initial: 'loggedOut',
  context: { failures: 0, locks: 0, attempt: null, lockPassword: null },
  meta: machineMeta<SessionEvent>({
    label: L('登录与会话', 'Login and session'),
    guards: {
      captchaMissing: L('缺少验证码', 'the captcha is missing'),
      captchaWrong: L('验证码错误', 'the captcha is wrong'),
      hasLockPassword: L('已设置锁屏密码', 'a lock password is set'),
      lockPasswordMatches: L('锁屏密码正确', 'the lock password matches'),
      passwordRight: L('密码正确', 'the password is right'),
      reachesCaptcha: L('失败次数达到验证码次数', 'failures reach the captcha limit'),
      reachesLock: L('失败次数达到锁定次数', 'failures reach the lock limit'),
    },
    delays: {
      sessionTtl: L('会话有效期', 'the session lifetime'),
      lockDuration: L('锁定时长（15 分钟、2 小时、1 天）', 'the lock time (15 minutes, 2 hours, a day)'),
    },
    events: {
      SUBMIT: {
        label: L('提交登录', 'Submit login'),
        examples: [
          { password: 'right', captcha: 'none' },
          { password: 'wrong', captcha: 'none' },
          { password: 'right', captcha: 'right' },
          { password: 'wrong', captcha: 'right' },
          { password: 'right', captcha: 'wrong' },
        ],
      },
      LOCK_SCREEN: { label: L('锁屏', 'Lock screen'), examples: [{ password: 'secret-1' }, { password: '' }] },
      UNLOCK: { label: L('解锁', 'Unlock'), examples: [{ password: 'secret-1' }, { password: 'wrong' }] },
      LOGOUT: { label: L('退出登录', 'Log out') },
      PASSWORD_RESET: { label: L('通过邮件验证码重置密码', 'Reset the password with an emailed code') },
      STAFF_UNLOCK: { label: L('管理员解锁账号', 'Unlocked by staff') },
    },
  }),
  states: {
    loggedOut: {
      initial: 'credentials',
      meta: meta({ label: L('未登录', 'Logged out') }),
      on: {
        SUBMIT: { target: 'loggingIn', actions: 'rememberAttempt' },
        PASSWORD_RESET: { target: '.credentials', actions: 'resetFailures' },
        STAFF_UNLOCK: { target: '.credentials', actions: 'resetFailures' },
      },
      states: {
        credentials: { meta: meta({ label: L('账号与密码', 'Account and password') }) },
        captcha: {
          meta: meta({
            label: L('需要图片验证码', 'Picture captcha required'),
            description: L('连续失败 3 次后，每次登录都需图片验证码。', 'After 3 failures in a row every login needs the picture captcha.'),
          }),
        },
      },
    },
    loggingIn: {
      meta: meta({ label: L('登录中', 'Logging in'), description: L('服务器按以下顺序判断本次登录。', 'The server judges the attempt in this order.') }),
      exit: 'forgetAttempt',
      always: [
        { target: 'loggedOut.captcha', guard: 'captchaMissing', actions: 'refuseCaptchaMissing' },
        { target: 'loggedOut.captcha', guard: 'captchaWrong', actions: 'refuseCaptchaWrong' },
        { target: 'loggedIn', guard: 'passwordRight', actions: ['resetFailures', 'startSession'] },
        { target: 'accountLocked', guard: 'reachesLock', actions: ['countFailure', 'countLock', 'refuseLocked'] },
        { target: 'loggedOut.captcha', guard: 'reachesCaptcha', actions: ['countFailure', 'refuseLogin'] },
        { target: 'loggedOut.credentials', actions: ['countFailure', 'refuseLogin'] },
      ],
    },
    accountLocked: {
      meta: meta({
        label: L('账号已锁定', 'Account locked'),
        description: L(
          '连续失败 5 次：锁定 15 分钟；此后每次再锁定依次为 2 小时、1 天；管理员解锁或通过邮件验证码重置密码即解除。',
          '5 failures in a row: locked for 15 minutes; each further lock lasts longer (2 hours, then a day); staff can unlock it, and a password reset with an emailed code clears it.',
        ),
      }),
      after: { lockDuration: { target: 'loggedOut.captcha' } },
      on: {
        SUBMIT: { actions: 'refuseLocked' },
        PASSWORD_RESET: { target: 'loggedOut.credentials', actions: 'resetFailures' },
        STAFF_UNLOCK: { target: 'loggedOut.credentials', actions: 'resetFailures' },
      },
    },
    loggedIn: {
      initial: 'active',
      meta: meta({ label: L('已登录', 'Logged in'), description: L('会话 4 小时后过期。', 'The session expires after 4 hours.') }),
      after: { sessionTtl: { target: 'loggedOut', actions: ['forgetLockPassword', 'clearOnExpiry'] } },
      on: { LOGOUT: { target: 'loggedOut', actions: ['forgetLockPassword', 'revokeToken', 'clearOnLogout'] } },
      states: {
        active: {
          meta: meta({ label: L('使用中', 'Active') }),
          on: { LOCK_SCREEN: { target: 'screenLocked', guard: 'hasLockPassword', actions: 'rememberLockPassword' } },
        },
        screenLocked: {
          meta: meta({ label: L('锁屏', 'Screen locked'), description: L('除 /lock 外的页面都跳转到 /lock。', 'Every page but /lock redirects to /lock.') }),
          on: {
            UNLOCK: [
              { target: 'active', guard: 'lockPasswordMatches', actions: 'forgetLockPassword' },
              { actions: 'wrongLockPassword' },
            ],
          },
        },
      },
    },
  },
});
