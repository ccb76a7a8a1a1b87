import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** The dialog and its form load with the first press: the shell's first download holds no form engine for it. */
const LockDialog = lazy(() => import('./LockDialog.tsx'));

/** The header's lock button: set a lock password, then the screen locks (/lock). */
export function LockButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" style={{ color: '#fff' }} onClick={() => setOpen(true)} data-testid="lock-button">
        {t('lock.lock')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <LockDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
