import { useState } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { createQueryClient } from '../../../renderers/env/query-client.ts';
import { orderOutcome, paymentKeys } from '../../api/payments.ts';
import { PublicResult } from '../public/PublicResult.tsx';
import { formatCurrency } from '../../../engine/format/money.ts';
import { SandboxNotice } from './SandboxNotice.tsx';

/** Where an order's detail is shown (schemas/paymentOrder/paymentOrder.entity.json routes.detail). */
export const orderDetailPath = (id: string) => `/invoice/orderList/invoiceOrderDetail?id=${encodeURIComponent(id)}`;

const FAILED = new Set(['failed', 'cancelled']);

/**
 * The provider sends the payer back to /paySuccess?order=<id> whatever happened: the page asks
 * the server for the real outcome (which runs the provider's order query when no notify came yet)
 * and shows success only for a paid order; a failed or cancelled one goes on to /payError.
 */
function Outcome({ id, expect }: { id: string; expect: 'success' | 'error' }) {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState(0);
  const outcome = useQuery({ queryKey: [...paymentKeys.outcome(id), asked], queryFn: () => orderOutcome(id) });
  if (outcome.isPending) {
    return (
      <Flex vertical align="center" justify="center" style={{ minHeight: '100vh' }} data-testid="pay-checking">
        <Spin size="large" />
        <p>{t('payment.checking')}</p>
      </Flex>
    );
  }
  const toOrder = { to: orderDetailPath(id), toKey: 'payment.toOrder' };
  if (outcome.isError) return <PublicResult status="warning" textKey="payment.unknown" {...toOrder} />;
  const order = outcome.data;
  const state = order.states.$status ?? '';
  const paid = state === 'success';
  if (expect === 'success' && FAILED.has(state)) return <Navigate to={`/payError?order=${encodeURIComponent(id)}`} replace />;
  if (expect === 'error' && paid) return <Navigate to={`/paySuccess?order=${encodeURIComponent(id)}`} replace />;
  const facts = (
    <>
      <SandboxNotice sandbox={order.sandbox} />
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'no', label: t('payment.orderNo'), children: String(order.doc.orderNo ?? '') },
          { key: 'amount', label: t('payment.amount'), children: formatCurrency(Number(order.doc.amountFen ?? 0), String(order.doc.currency ?? 'CNY'), i18n.language) },
        ]}
      />
    </>
  );
  if (paid) return <PublicResult status="success" textKey="public.paySuccess" {...toOrder}>{facts}</PublicResult>;
  if (FAILED.has(state)) return <PublicResult status="error" textKey="public.payError" to={orderDetailPath(id)} toKey="payment.payAgain">{facts}</PublicResult>;
  return (
    <PublicResult status="info" textKey="payment.pending" {...toOrder}>
      {facts}
      <Button onClick={() => setAsked((n) => n + 1)} data-testid="pay-check-again">
        {t('payment.checkAgain')}
      </Button>
    </PublicResult>
  );
}

function PayOutcome({ expect }: { expect: 'success' | 'error' }) {
  const [search] = useSearchParams();
  const [client] = useState(createQueryClient);
  const id = search.get('order');
  // Without an order (an old bookmark), the page says what it always said.
  if (!id) return <PublicResult status={expect} textKey={expect === 'success' ? 'public.paySuccess' : 'public.payError'} />;
  return (
    <QueryClientProvider client={client}>
      <Outcome id={id} expect={expect} />
    </QueryClientProvider>
  );
}

export const PaySuccessPage = () => <PayOutcome expect="success" />;
export const PayErrorPage = () => <PayOutcome expect="error" />;
