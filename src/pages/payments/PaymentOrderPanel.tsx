import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import { alreadyShown } from '../../api/client.ts';
import { orderExchanges, payOrder, paymentKeys, type PaymentExchange } from '../../api/payments.ts';
import { usePayStart } from './use-pay-start.tsx';
import { SandboxNotice } from './SandboxNotice.tsx';
import { useSession } from '../../auth/session-store.ts';

const OPEN = new Set(['waitingForPayment', 'failed']);

/**
 * Beside a payment order's generic detail: going to the provider to pay (again) while the order
 * is open — the payer's company only — and every exchange with the provider (SPEC: "every exchange
 * is logged with the order").
 */
export function PaymentOrderPanel({ record }: { record: EntityRecord }) {
  const { t, i18n } = useTranslation();
  const companyId = useSession((s) => s.userInfo?.companyId);
  const state = record.states.$status ?? '';
  const exchanges = useQuery({ queryKey: [...paymentKeys.exchanges(record.id), record.version], queryFn: () => orderExchanges(record.id) });
  const payStart = usePayStart();
  const pay = useMutation({ mutationFn: () => payOrder(record.id), onSuccess: (paid) => payStart.follow(paid), onError: alreadyShown });
  const mine = companyId === record.companyId;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {payStart.element}
      <SandboxNotice sandbox={exchanges.data?.sandbox} />
      {OPEN.has(state) && mine && (
        <Button type="primary" loading={pay.isPending} onClick={() => pay.mutate()} data-testid="pay-order">
          {state === 'failed' ? t('payment.payAgain') : t('payment.goToPay')}
        </Button>
      )}
      <Card title={t('payment.exchanges')} size="small" data-testid="payment-exchanges">
        <Table<PaymentExchange>
          rowKey="id"
          size="small"
          loading={exchanges.isPending}
          dataSource={exchanges.data?.exchanges ?? []}
          pagination={false}
          expandable={{ expandedRowRender: (e) => <Typography.Paragraph copyable style={{ wordBreak: 'break-all', margin: 0 }}>{e.body}</Typography.Paragraph> }}
          columns={[
            { key: 'at', title: t('payment.at'), render: (_, e) => new Date(e.at).toLocaleString(i18n.language) },
            { key: 'tradeNo', title: t('payment.tradeNo'), dataIndex: 'tradeNo' },
            { key: 'direction', title: t('payment.direction'), render: (_, e) => t(`payment.directions.${e.direction}`) },
            { key: 'kind', title: t('payment.kind'), render: (_, e) => t(`payment.kinds.${e.kind}`, { defaultValue: e.kind }) },
            { key: 'ok', title: t('payment.result'), render: (_, e) => <Tag color={e.ok ? 'green' : 'red'}>{e.ok ? t('payment.ok') : t('payment.refused')}</Tag> },
            { key: 'note', title: t('payment.note'), render: (_, e) => (e.note ? t(`payment.notes.${e.note}`, { defaultValue: e.note }) : '') },
          ]}
        />
      </Card>
    </Space>
  );
}
