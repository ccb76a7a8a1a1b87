import { getButtons, getPublicKey, postLogout, requestToken, ssoLogin, type SessionProfile } from '../api/auth.ts';
import { encryptPassword } from './encrypt-password.ts';
import { useSession } from './session-store.ts';

export interface LoginInput {
  account: string;
  password: string;
  receiveMarketingCommunication: boolean;
  acceptTerms: boolean;
  captchaKey?: string;
  captchaCode?: string;
}

/** Logs in: encrypts the password with the server's key, takes a token, then fetches the button codes. */
export async function logIn(input: LoginInput): Promise<void> {
  const key = await getPublicKey();
  const password = await encryptPassword(input.password, key.spki);
  const { accessToken, ...profile } = await requestToken({
    account: input.account.trim(),
    password,
    type: 'account',
    receiveMarketingCommunication: input.receiveMarketingCommunication,
    termsAccepted: input.acceptTerms,
    captchaKey: input.captchaKey,
    captchaCode: input.captchaKey ? input.captchaCode : undefined,
  });
  await startSession(accessToken, profile);
}

/** Logs in with a one-use SSO token (the /sso page). */
export async function logInWithSso(token: string): Promise<void> {
  const { accessToken, ...profile } = await ssoLogin(token);
  await startSession(accessToken, profile);
}

async function startSession(accessToken: string, profile: SessionProfile): Promise<void> {
  const session = useSession.getState();
  session.signIn(accessToken, profile, []);
  try {
    session.restore(profile, await getButtons());
  } catch (e) {
    session.clear();
    throw e;
  }
}

/** Logs out: revokes the token on the server (best effort) and forgets the session here. */
export async function logOut(): Promise<void> {
  try {
    await postLogout();
  } finally {
    useSession.getState().clear();
  }
}
