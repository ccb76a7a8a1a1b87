import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PublicResult } from './PublicResult.tsx';

/** The public pages of SPEC §2 that carry one message each (loaded on demand, one module). */
export const ForbiddenPage = () => <PublicResult status="403" textKey="public.forbidden" />;
export const ServerErrorPage = () => <PublicResult status="500" textKey="public.serverError" />;
export const SystemUpdatePage = () => <PublicResult status="info" textKey="public.systemUpdate" to="/login" toKey="public.toLogin" />;
export const RegisterSuccessPage = () => <PublicResult status="success" textKey="public.registerSuccess" to="/login" toKey="public.toLogin" />;
export const SimpleRegisterSuccessPage = () => <PublicResult status="success" textKey="public.simpleRegisterSuccess" to="/simpleRegister/successInfo" toKey="public.successInfo.title" />;

/** /simpleRegister/successInfo: what happens after applying (provider review in 3–5 working days). */
export function SuccessInfoPage() {
  const { t } = useTranslation();
  return (
    <PublicResult status="info" textKey="public.simpleRegisterSuccess" to="/login" toKey="public.toLogin">
      <h3 style={{ marginTop: 0 }}>{t('public.successInfo.title')}</h3>
      <Steps orientation="vertical" current={1} items={[1, 2, 3].map((n) => ({ title: t(`public.successInfo.step${n}`) }))} />
    </PublicResult>
  );
}
