import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { changeNotice, listNotices, publishNotice, type NoticeAction } from '../../api/notices.ts';
import { ApiError } from '../../api/api-error.ts';
import { alreadyShown } from '../../api/client.ts';
import { staffKeys } from '../../api/query-keys.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { noticeRemark, type NoticeRecord } from '../../notices/notice-api.ts';

interface DraftForm {
  period: [Dayjs, Dayjs];
  cn: string;
  en: string;
  whiteList?: string;
}

const STATUS_COLOR = { 0: 'default', 1: 'orange', 2: 'red' } as const;
const ACTIONS: Record<0 | 1 | 2, NoticeAction[]> = { 0: [], 1: ['start', 'cancel'], 2: ['finish'] };

/** /systemNotice/index: internal staff publish a maintenance notice, start it and finish it. */
export default function SystemNoticePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DraftForm>();
  const queries = useQueryClient();
  const notices = useQuery({ queryKey: staffKeys.notices, queryFn: listNotices });
  const changed = () => queries.invalidateQueries({ queryKey: staffKeys.notices });
  const publishing = useMutation({ mutationFn: publishNotice, onSuccess: changed });
  const changing = useMutation({ mutationFn: ({ id, action }: { id: string; action: NoticeAction }) => changeNotice(id, action), onSuccess: changed });

  const publish = async (values: DraftForm) => {
    try {
      await publishing.mutateAsync({
        startDateTime: values.period[0].toISOString(),
        finishDateTime: values.period[1].toISOString(),
        publishRemark: { cn: values.cn, en: values.en },
        whiteList: values.whiteList?.trim() ?? '',
      });
      message.success(t('systemNotice.published'));
      form.resetFields();
    } catch (e) {
      if (e instanceof ApiError && e.errors?.length) message.error(e.errors.map((x) => x.message).join('; '));
      else message.error(e instanceof Error ? e.message : t('errors.generic'));
    }
  };
  const act = async (id: string, action: NoticeAction) => {
    try {
      await changing.mutateAsync({ id, action });
      message.success(t(`systemNotice.done.${action}`));
    } catch {
      alreadyShown();
    }
  };
  const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="system-notice">
      <Card title={t('systemNotice.publishTitle')}>
        <Form form={form} layout="vertical" onFinish={publish} style={{ maxWidth: 640 }}>
          <Form.Item name="period" label={t('systemNotice.period')} rules={[{ required: true, message: t('systemNotice.periodRequired') }]}>
            <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" id="notice-period" />
          </Form.Item>
          <Form.Item name="cn" label={t('systemNotice.remarkCn')} rules={[{ required: true, message: t('systemNotice.remarkRequired') }]}>
            <Input.TextArea id="notice-cn" maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item name="en" label={t('systemNotice.remarkEn')} rules={[{ required: true, message: t('systemNotice.remarkRequired') }]}>
            <Input.TextArea id="notice-en" maxLength={500} rows={2} />
          </Form.Item>
          <Form.Item name="whiteList" label={t('systemNotice.whiteList')} extra={t('systemNotice.whiteListHelp')}>
            <Input id="notice-whitelist" maxLength={2000} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('systemNotice.publish')}
          </Button>
        </Form>
      </Card>
      <Card title={t('systemNotice.listTitle')}>
        <Table<NoticeRecord>
          rowKey="id"
          loading={notices.isFetching}
          dataSource={notices.data ?? []}
          pagination={false}
          columns={[
            { title: t('systemNotice.status'), dataIndex: 'finalPublishStatus', render: (s: 0 | 1 | 2) => <Tag color={STATUS_COLOR[s]}>{t(`systemNotice.statuses.${s}`)}</Tag> },
            { title: t('systemNotice.start'), dataIndex: 'startDateTime', render: time },
            { title: t('systemNotice.finish'), dataIndex: 'finishDateTime', render: time },
            { title: t('systemNotice.remark'), key: 'remark', render: (_, n) => noticeRemark(n, currentLanguage()) },
            { title: t('systemNotice.whiteList'), dataIndex: 'whiteList' },
            {
              title: t('systemNotice.actions'),
              key: 'actions',
              render: (_, n) => (
                <Space>
                  {ACTIONS[n.finalPublishStatus].map((a) => (
                    <Button key={a} size="small" danger={a !== 'start'} onClick={() => act(n.id, a)}>
                      {t(`systemNotice.action.${a}`)}
                    </Button>
                  ))}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
