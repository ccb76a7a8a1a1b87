import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getAdminView, runAdminAction, type AdminViewData } from '../../api/admin-views.ts';
import { alreadyShown } from '../../api/client.ts';
import { staffKeys } from '../../api/query-keys.ts';

type Row = AdminViewData['rows'][number];
type Column = AdminViewData['columns'][number];

/** Actions that remove something for good ask first. */
const CONFIRMED = new Set(['discard']);

/**
 * /admin/{view}: one declared administration view (server/admin/admin-views.ts) — its columns as
 * the server declares them, labelled by adminViews.{view}.columns, and its rows' actions (unlock,
 * retry, discard), each answered with a message and the rows read again.
 */
export default function AdminViewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const view = useLocation().pathname.split('/').filter(Boolean)[1] ?? '';
  const data = useQuery({ queryKey: staffKeys.adminView(view), queryFn: () => getAdminView(view) });
  const act = (row: Row, action: string) =>
    runAdminAction(view, row.id, action)
      .then(() => queries.invalidateQueries({ queryKey: staffKeys.adminView(view) }))
      .then(() => message.success(t(`adminViews.done.${action}`)), alreadyShown);
  const render = (column: Column) => (value: unknown) => {
    if (value === null || value === undefined) return '';
    if (column.type === 'time') return dayjs(String(value)).format('YYYY-MM-DD HH:mm:ss');
    if (column.type === 'state') return t(`adminViews.${view}.states.${String(value)}`, { defaultValue: String(value) });
    return String(value);
  };
  const actionButton = (row: Row, action: string) => {
    const button = (
      <Button key={action} size="small" danger={CONFIRMED.has(action)} onClick={CONFIRMED.has(action) ? undefined : () => act(row, action)} data-testid={`${action}-${row.id}`}>
        {t(`adminViews.actions.${action}`)}
      </Button>
    );
    if (!CONFIRMED.has(action)) return button;
    return (
      <Popconfirm key={action} title={t(`adminViews.confirm.${action}`)} okText={t(`adminViews.actions.${action}`)} okButtonProps={{ danger: true }} cancelText={t('accountPosts.cancel')} onConfirm={() => act(row, action)}>
        {button}
      </Popconfirm>
    );
  };
  const actions = data.data?.actions ?? [];
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      loading={data.isFetching}
      dataSource={data.data?.rows ?? []}
      data-testid={`admin-view-${view}`}
      locale={{ emptyText: t(`adminViews.${view}.empty`) }}
      title={() => (
        <Space direction="vertical" size={0}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t(`adminViews.${view}.title`)}
          </Typography.Title>
          <Typography.Text type="secondary">{t(`adminViews.${view}.hint`, { limit: data.data?.limit ?? '' })}</Typography.Text>
        </Space>
      )}
      columns={[
        ...(data.data?.columns ?? []).map((column) => ({ key: column.name, dataIndex: column.name, title: t(`adminViews.${view}.columns.${column.name}`), render: render(column) })),
        ...(actions.length ? [{ key: '$actions', title: t('adminViews.actions.title'), render: (_: unknown, row: Row) => <Space>{actions.map((a) => actionButton(row, a))}</Space> }] : []),
      ]}
    />
  );
}
