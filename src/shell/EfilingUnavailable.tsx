import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenu } from '../routes/menu-store.ts';

/** Says, above the page, that the e-filing service's sign-in or menu failed (SPEC §7): the rest of the menu is there. */
export function EfilingUnavailable() {
  const { t } = useTranslation();
  const error = useMenu((s) => s.efilingError);
  if (!error) return null;
  return <Alert banner type="warning" showIcon closable title={t('shell.efilingUnavailable', { detail: error })} data-testid="efiling-unavailable" />;
}
