/** The login form's values and its rules (SPEC §5: password ≥ 6 characters; the terms must be accepted). */
export interface LoginFields {
  account: string;
  password: string;
  acceptTerms: boolean;
  receiveMarketingCommunication: boolean;
}

export type LoginFieldErrors = Partial<Record<'account' | 'password' | 'acceptTerms', string>>;

export const MIN_PASSWORD_LENGTH = 6;

/** The i18n keys of the messages for what is wrong; empty when the form may be sent. */
export function checkLoginFields(fields: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (!fields.account.trim()) errors.account = 'login.accountRequired';
  if (!fields.password) errors.password = 'login.passwordRequired';
  else if (fields.password.length < MIN_PASSWORD_LENGTH) errors.password = 'login.passwordTooShort';
  if (!fields.acceptTerms) errors.acceptTerms = 'login.termsRequired';
  return errors;
}
