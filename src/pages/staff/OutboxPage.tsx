import { useCallback, useEffect, useState } from 'react';
import { Input, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { listOutbox, type OutboxMail } from '../../api/accounts.ts';
import { alreadyShown } from '../../api/client.ts';

/** /outbox/index: the mail kept in the outbox (newest first), so staff can read a code or a decision mailed to a user. */
export default function OutboxPage() {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [rows, setRows] = useState<OutboxMail[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(
    (address: string) => {
      setLoading(true);
      listOutbox(address.trim() || undefined)
        .then(setRows, alreadyShown)
        .finally(() => setLoading(false));
    },
    [],
  );
  useEffect(() => load(''), [load]);
  return (
    <Table<OutboxMail>
      rowKey="id"
      loading={loading}
      dataSource={rows}
      data-testid="outbox"
      title={() => (
        <Input.Search id="outbox-to" placeholder={t('outbox.to')} aria-label={t('outbox.to')} allowClear enterButton={t('outbox.search')} value={to} onChange={(e) => setTo(e.target.value)} onSearch={load} style={{ maxWidth: 420 }} />
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
