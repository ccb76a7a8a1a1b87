import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A payment order paid at a sandbox gateway (the server's `sandbox: true`): a red SANDBOX tag and
 * the warning that no money moved, so nobody takes it for a real payment (docs/payments.md).
 */
export function SandboxNotice({ sandbox }: { sandbox: boolean | undefined }) {
  const { t } = useTranslation();
  if (!sandbox) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="payment-sandbox"
      title={
        <>
          <Tag color="red">{t('payment.sandboxTag')}</Tag>
          {t('payment.sandboxNotice')}
        </>
      }
    />
  );
}
