import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Modal, Radio, Space, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import { alreadyShown } from '../../api/client.ts';
import { payInvoices, paymentKeys, paymentTypes } from '../../api/payments.ts';
import { usePayStart } from './use-pay-start.tsx';
import { useLanguage } from '../../i18n/language-store.ts';
import { formatCurrency } from '../../../engine/format/money.ts';

/** What the pay dialog shows of a selected invoice (the invoice entity's fields: amounts in integer minor units). */
export interface InvoiceToPay {
  id: string;
  invoiceNo: string;
  /** The balance in minor units (fen). */
  balance: number;
  currency: string;
}

/** What the dialog needs of an invoice record. */
export const invoiceToPay = (record: EntityRecord): InvoiceToPay => ({
  id: record.id,
  invoiceNo: String(record.doc.invoiceNo ?? record.id),
  balance: Number(record.doc.invoiceBalance ?? 0),
  currency: String(record.doc.currency ?? 'CNY'),
});

/**
 * "Pay" on the selected invoices (SPEC §5 invoice and payment): a dialog with the payment types
 * the server offers and the total; the server checks the selection (none, paid already, an open
 * order holds one: SPEC §8 messages) and the payer goes on to the provider's page.
 */
export function PayInvoicesButton({ invoices }: { invoices: readonly InvoiceToPay[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [payType, setPayType] = useState<string>();
  const types = useQuery({ queryKey: paymentKeys.types, queryFn: paymentTypes, enabled: open });
  const payStart = usePayStart();
  const pay = useMutation({
    mutationFn: () => payInvoices(invoices.map((i) => i.id), payType),
    onSuccess: (paid) => {
      setOpen(false);
      payStart.follow(paid);
    },
    onError: alreadyShown,
  });
  const total = invoices.reduce((sum, i) => sum + i.balance, 0);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="pay-invoices">
        {t('payment.pay')}
      </Button>
      <Modal
        open={open}
        title={t('payment.payTitle')}
        okText={t('payment.pay')}
        okButtonProps={{ 'data-testid': 'pay-submit' } as ButtonProps}
        onOk={() => pay.mutate()}
        confirmLoading={pay.isPending}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        data-testid="pay-dialog"
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('payment.selected', { count: invoices.length })}</Typography.Text>
          <Descriptions
            column={1}
            size="small"
            items={[
              ...invoices.map((i) => ({ key: i.id, label: i.invoiceNo, children: formatCurrency(i.balance, i.currency, lang) })),
              ...(invoices.length ? [{ key: 'total', label: t('payment.total'), children: formatCurrency(total, invoices[0]!.currency, lang) }] : []),
            ]}
          />
          <Typography.Text strong>{t('payment.payType')}</Typography.Text>
          {types.data?.length === 0 && <Typography.Text type="warning">{t('payment.noTypes')}</Typography.Text>}
          <Radio.Group value={payType} onChange={(e) => setPayType(e.target.value as string)} data-testid="pay-types">
            {(types.data ?? []).map((type) => (
              <Radio key={type} value={type}>
                {t(`payment.types.${type}`, { defaultValue: type })}
              </Radio>
            ))}
          </Radio.Group>
        </Space>
      </Modal>
      {payStart.element}
    </>
  );
}
