import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendCode } from '../../api/accounts.ts';
import { alreadyShown } from '../../api/client.ts';

const WAIT_SECONDS = 60;

/** 'Send code': mails a 6-digit code to the email (it may take up to 5 minutes), then waits a minute before another. */
export function SendCodeButton({ email, purpose, beforeSend }: { email: () => Promise<string>; purpose: 'register' | 'resetPassword'; beforeSend?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const send = async () => {
    beforeSend?.();
    let address: string;
    try {
      address = await email();
    } catch {
      return; // the email field shows what is wrong
    }
    setBusy(true);
    try {
      const answer = await sendCode(address, purpose);
      // The server's message says where the code went and that it may take up to 5 minutes.
      message.success(answer.message || t('account.codeMayTake'), 8);
      setWait(WAIT_SECONDS);
    } catch {
      alreadyShown();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={send} loading={busy} disabled={wait > 0} data-testid="send-code">
      {wait > 0 ? t('account.resendIn', { seconds: wait }) : t('account.sendCode')}
    </Button>
  );
}
