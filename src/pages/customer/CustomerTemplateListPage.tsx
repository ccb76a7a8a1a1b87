import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Popconfirm, Space, Table, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { text } from '../../../engine/index.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { templateKeys } from '../../api/query-keys.ts';
import { deleteTemplate, listTemplates, type KindedTemplate } from '../../api/templates.ts';
import { alreadyShown } from '../../api/client.ts';
import { canDesign } from '../form/designer-texts.ts';
import { designPath } from '../form/TemplateListPage.tsx';
import { templateDetailPath } from './customer-template-paths.ts';
import { NewTemplateModal } from './NewTemplateModal.tsx';

type CustomerKind = 'material' | 'product';

/**
 * /customer/template/material and /product: the customer templates of one kind. Designers create
 * them (the same form designer opens next) and design them; everyone else sees published ones, read-only.
 */
function CustomerTemplateList({ kind }: { kind: CustomerKind }) {
  const { lang, navigate, permissions } = useRendererEnv();
  const { t } = useTranslation();
  const designer = canDesign(permissions);
  const [creating, setCreating] = useState(false);
  const templates = useQuery({ queryKey: templateKeys.all, queryFn: listTemplates });
  const queries = useQueryClient();
  const { message } = App.useApp();
  // A template holding records is refused ('cannot delete when material data exists'): the request client shows why.
  const removal = useMutation({
    mutationFn: deleteTemplate,
    onSuccess: async () => {
      message.success(t('customerTemplate.deleted'));
      await queries.invalidateQueries({ queryKey: templateKeys.all });
    },
    onError: alreadyShown,
  });
  const rows = (templates.data ?? []).filter((x) => x.kind === kind);
  const version = (v: number | null, color: string) => (v ? <Tag color={color}>v{v}</Tag> : t('customerTemplate.none'));

  return (
    <Card
      size="small"
      title={t(`customerTemplate.route.${kind}`)}
      data-testid={`customer-templates-${kind}`}
      extra={designer && <Button type="primary" onClick={() => setCreating(true)} data-testid="customer-template-new">{t('customerTemplate.new')}</Button>}
    >
      <Alert type="info" showIcon title={t(`customerTemplate.hint.${kind}`)} description={designer ? undefined : t('customerTemplate.readOnly')} style={{ marginBottom: 12 }} />
      <Table<KindedTemplate>
        rowKey="code"
        size="small"
        loading={templates.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 640 }}
        data-testid="customer-template-list"
        columns={[
          { title: t('customerTemplate.code'), dataIndex: 'code' },
          { title: t('customerTemplate.name'), key: 'name', render: (_, r) => text(r.label, lang, r.code) },
          { title: t('customerTemplate.current'), key: 'current', render: (_, r) => version(r.current, 'green') },
          ...(designer ? [{ title: t('customerTemplate.draft'), key: 'draft', render: (_: unknown, r: KindedTemplate) => version(r.draft, 'blue') }] : []),
          {
            title: t('templateSetting.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => navigate(templateDetailPath(r.code))} data-testid={`customer-template-detail-${r.code}`}>
                  {t('customerTemplate.detail')}
                </Button>
                {designer && (
                  <Button type="link" size="small" onClick={() => navigate(designPath(r.code, r.draft ?? r.current ?? 1))}>
                    {t('customerTemplate.design')}
                  </Button>
                )}
                {r.current !== null && (
                  <Button type="link" size="small" onClick={() => navigate(`/form/${r.code}/list`)}>
                    {t('customerTemplate.records')}
                  </Button>
                )}
                {designer && (
                  <Popconfirm title={t('customerTemplate.deleteConfirm')} onConfirm={() => removal.mutate(r.code)} okButtonProps={{ danger: true, 'data-testid': 'customer-template-delete-ok' } as ButtonProps}>
                    <Button type="link" size="small" danger data-testid={`customer-template-delete-${r.code}`}>
                      {t('customerTemplate.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <NewTemplateModal
        kind={kind}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(v) => {
          setCreating(false);
          navigate(designPath(v.code, v.version));
        }}
      />
    </Card>
  );
}

export const MaterialTemplatesPage = () => <CustomerTemplateList kind="material" />;
export const ProductTemplatesPage = () => <CustomerTemplateList kind="product" />;
