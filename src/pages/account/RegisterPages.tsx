import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { register, resetPassword } from '../../api/accounts.ts';
import { ACCOUNT_FORMS } from '../../../engine/account-forms.ts';
import { AccountForm } from './AccountForm.tsx';
import { AccountLayout } from './AccountLayout.tsx';
import type { AccountSchema } from './schema-rules.ts';

/** /register: the full registration (account, company, contact, password, emailed code, terms). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AccountLayout titleKey="account.registerTitle">
      <AccountForm
        schema={ACCOUNT_FORMS.registration as AccountSchema}
        purpose="register"
        submitLabel={t('account.register')}
        onSubmit={async (body) => {
          await register(body, false);
          navigate('/register/success', { replace: true });
        }}
      />
    </AccountLayout>
  );
}

/** /simpleRegister: the short registration (email as the account). */
export function SimpleRegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AccountLayout titleKey="account.simpleRegisterTitle">
      <AccountForm
        schema={ACCOUNT_FORMS.simpleRegistration as AccountSchema}
        purpose="register"
        submitLabel={t('account.register')}
        onSubmit={async (body) => {
          await register(body, true);
          navigate('/simpleRegister/success', { replace: true });
        }}
      />
    </AccountLayout>
  );
}

/**
 * /retrievePassword: a code mailed to the account's email, then the new password (every session
 * ends). The link mailed to an account an admin created fills the email and code in
 * (`?email=…&code=…`): the new account only chooses its password.
 */
export function RetrievePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const given = Object.fromEntries(['email', 'code'].flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
  return (
    <AccountLayout titleKey="account.retrieveTitle">
      <AccountForm
        schema={ACCOUNT_FORMS.passwordReset as AccountSchema}
        purpose="resetPassword"
        initialValues={given}
        submitLabel={t('account.resetPassword')}
        onSubmit={async (body) => {
          await resetPassword(body);
          navigate('/login?passwordReset=1', { replace: true });
        }}
      />
    </AccountLayout>
  );
}
