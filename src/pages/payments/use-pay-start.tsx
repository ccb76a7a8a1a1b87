import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Modal, Spin } from 'antd';
import { useNavigate } from 'react-router';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import { formatCurrency } from '../../../engine/format/money.ts';
import { followPayStart, type PayStart } from '../../api/payments.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { SandboxNotice } from './SandboxNotice.tsx';

const WechatPayQr = lazy(() => import('./WechatPayQr.tsx'));

/**
 * Sends the payer on after an order was submitted (or paid again): to the provider's page (a
 * redirect or a posted form), or — WeChat Pay Native — a dialog with the QR code to scan, whose
 * "I have paid" asks the server for the outcome on /paySuccess.
 */
export function usePayStart(): { follow(paid: { start: PayStart; order: EntityRecord; sandbox?: boolean }): void; element: ReactNode } {
  const navigate = useNavigate();
  const lang = useLanguage();
  const [qr, setQr] = useState<{ codeUrl: string; order: EntityRecord; sandbox?: boolean }>();
  const follow = ({ start, order, sandbox }: { start: PayStart; order: EntityRecord; sandbox?: boolean }) => {
    if (start.kind === 'qr') setQr({ codeUrl: start.codeUrl, order, sandbox });
    else followPayStart(start);
  };
  const element = (
    <Modal open={Boolean(qr)} footer={null} onCancel={() => setQr(undefined)} destroyOnHidden data-testid="pay-qr">
      {qr && (
        <Suspense fallback={<Spin />}>
          <SandboxNotice sandbox={qr.sandbox} />
          <WechatPayQr
            codeUrl={qr.codeUrl}
            amountText={formatCurrency(Number(qr.order.doc.amountFen ?? 0), String(qr.order.doc.currency ?? 'CNY'), lang)}
            expiresAt={qr.order.doc.expiresAt ? new Date(String(qr.order.doc.expiresAt)) : undefined}
            onCheck={() => navigate(`/paySuccess?order=${encodeURIComponent(qr.order.id)}`)}
          />
        </Suspense>
      )}
    </Modal>
  );
  return { follow, element };
}
