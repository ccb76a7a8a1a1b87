import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Input, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { listOutbox, type OutboxMail } from '../../api/accounts.ts';
import { staffKeys } from '../../api/query-keys.ts';

/** /outbox/index: the mail kept in the outbox (newest first), so staff can read a code or a decision mailed to a user. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [address, setAddress] = useState('');
  const outbox = useQuery({ queryKey: staffKeys.outbox(address), queryFn: () => listOutbox(address || undefined) });
  // Searching again for the same address looks for new mail.
  const search = (value: string) => {
    const next = value.trim();
    if (next === address) void outbox.refetch();
    else setAddress(next);
  };
  return (
    <Table<OutboxMail>
      rowKey="id"
      loading={outbox.isFetching}
      dataSource={outbox.data ?? []}
      data-testid="outbox"
      title={() => (
        <Input.Search id="outbox-to" placeholder={t('outbox.to')} aria-label={t('outbox.to')} allowClear enterButton={t('outbox.search')} value={to} onChange={(e) => setTo(e.target.value)} onSearch={search} style={{ maxWidth: 420 }} />
      )}
      expandable={{ expandedRowRender: (mail) => <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{mail.body}</Typography.Paragraph>, defaultExpandAllRows: true }}
      columns={[
        { title: t('outbox.time'), dataIndex: 'createdAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        { title: t('outbox.to'), dataIndex: 'to' },
        { title: t('outbox.subject'), dataIndex: 'subject' },
        { title: t('outbox.status'), dataIndex: 'status', render: (s: string) => <Tag>{t(`outbox.statuses.${s}`, { defaultValue: s })}</Tag> },
      ]}
    />
  );
}
