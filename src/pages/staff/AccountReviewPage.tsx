import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { approveAccount, listReviews, rejectAccount, type PendingAccount } from '../../api/accounts.ts';
import { alreadyShown } from '../../api/client.ts';
import { staffKeys } from '../../api/query-keys.ts';

/** /accountPer/index: accounts waiting for review; staff approve them or reject them with a reason (the applicant is mailed). */
export default function AccountReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const reviews = useQuery({ queryKey: staffKeys.reviews, queryFn: listReviews });
  const [rejecting, setRejecting] = useState<PendingAccount | undefined>();
  const [reason, setReason] = useState('');
  // A decided account leaves the list: it loads again after each decision.
  const decided = () => queries.invalidateQueries({ queryKey: staffKeys.reviews });
  const approving = useMutation({ mutationFn: approveAccount, onSuccess: decided });
  const rejectingCall = useMutation({ mutationFn: ({ id, why }: { id: string; why: string }) => rejectAccount(id, why), onSuccess: decided });

  const approve = (row: PendingAccount) =>
    approving.mutateAsync(row.id).then(() => message.success(t('reviews.approved', { account: row.account })), alreadyShown);
  const reject = async () => {
    if (!rejecting || !reason.trim()) return;
    try {
      await rejectingCall.mutateAsync({ id: rejecting.id, why: reason.trim() });
      message.success(t('reviews.rejected', { account: rejecting.account }));
      setRejecting(undefined);
      setReason('');
    } catch {
      alreadyShown();
    }
  };
  return (
    <>
      <Table<PendingAccount>
        rowKey="id"
        loading={reviews.isFetching}
        dataSource={reviews.data ?? []}
        title={() => <strong>{t('route.accountReviews')}</strong>}
        data-testid="account-reviews"
        columns={[
          { title: t('reviews.account'), dataIndex: 'account' },
          { title: t('reviews.userName'), dataIndex: 'userName' },
          { title: t('reviews.email'), dataIndex: 'email' },
          { title: t('reviews.mobile'), dataIndex: 'mobile' },
          { title: t('reviews.company'), dataIndex: 'companyName' },
          { title: t('reviews.createdAt'), dataIndex: 'createdAt', render: (v?: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '') },
          {
            title: t('reviews.actions'),
            key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" type="primary" onClick={() => approve(row)}>
                  {t('reviews.approve')}
                </Button>
                <Button size="small" danger onClick={() => setRejecting(row)}>
                  {t('reviews.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal open={!!rejecting} title={t('reviews.rejectTitle', { account: rejecting?.account ?? '' })} okText={t('reviews.reject')} okButtonProps={{ danger: true, disabled: !reason.trim() }} cancelText={t('lock.cancel')} onOk={reject} onCancel={() => setRejecting(undefined)}>
        <Input.TextArea id="reject-reason" rows={3} maxLength={500} placeholder={t('reviews.reason')} aria-label={t('reviews.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </>
  );
}
