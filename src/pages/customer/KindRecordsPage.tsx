import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { text } from '../../../engine/index.ts';
import { EntityList } from '../../../renderers/list/EntityList.tsx';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { templateKeys } from '../../api/query-keys.ts';
import { listTemplates } from '../../api/templates.ts';
import { refreshTemplates, useRegistry } from '../../registry/registry.ts';
import EntityDetailPage from '../entity/EntityDetailPage.tsx';

type BulkKind = 'material' | 'product';
type Page = 'list' | 'detail' | 'buyer';
/** Where a detail page opened without a record goes: its kind's list (SPEC §2). */
const LIST_PATHS: Record<BulkKind, string> = { material: '/customer/newMaterial/list', product: '/customer/newProduct/list' };

/**
 * The records of the material (or product) templates (SPEC §2: /customer/newMaterial/list and
 * /detail, /customer/newProduct/…, /customer/material/list): a material is a record of a published
 * material template, so these are the template's generated list (with its import and export) and
 * detail, the template chosen above them (`?template=`; the first published one otherwise). What
 * each company sees is the server's visibility: a supplier its own records, a buyer those its
 * suppliers' records are shared or authorized to it.
 */
function KindRecords({ kind, page }: { kind: BulkKind; page: Page }) {
  const { lang } = useRendererEnv();
  const { t } = useTranslation();
  const registry = useRegistry();
  const [search, setSearch] = useSearchParams();
  const [ready, setReady] = useState(false);
  const templates = useQuery({ queryKey: templateKeys.all, queryFn: listTemplates });
  useEffect(() => {
    let live = true;
    void refreshTemplates().finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  const published = (templates.data ?? []).filter((x) => x.kind === kind && x.current && registry.has(x.code));
  const code = published.find((x) => x.code === search.get('template'))?.code ?? published[0]?.code;
  if (!ready || templates.isPending) return <Spin description={t('app.loading')} />;
  if (!code) return <Empty description={t(`customerTemplate.noTemplate.${kind}`)} data-testid="kind-records-empty" />;
  const reg = registry.get(code);
  const choose = (next: string) => setSearch(new URLSearchParams({ template: next }));
  return (
    <Flex vertical gap={12} data-testid={`kind-records-${kind}`}>
      <Flex align="center" gap={8}>
        <Typography.Text>{t('customerTemplate.template')}</Typography.Text>
        <Select
          style={{ minWidth: 260 }}
          value={code}
          onChange={choose}
          data-testid="kind-records-template"
          options={published.map((x) => ({ value: x.code, label: `${text(x.label, lang, x.code)} (v${x.current})` }))}
        />
      </Flex>
      {page === 'detail' ? (
        <EntityDetailPage key={code} reg={reg} listPath={`${LIST_PATHS[kind]}?template=${encodeURIComponent(code)}`} />
      ) : (
        <EntityList
          key={code}
          reg={reg}
          search={search}
          label={page === 'buyer' ? { 'zh-CN': `${t('customerTemplate.supplierRecords', { lng: 'zh-CN' })} · ${reg.entity.label['zh-CN']}`, 'en-US': `${t('customerTemplate.supplierRecords', { lng: 'en-US' })} · ${reg.entity.label['en-US']}` } : undefined}
          onSearchChange={(next) => {
            next.set('template', code);
            setSearch(next);
          }}
        />
      )}
    </Flex>
  );
}

export const NewMaterialListPage = () => <KindRecords kind="material" page="list" />;
export const NewMaterialDetailPage = () => <KindRecords kind="material" page="detail" />;
export const NewProductListPage = () => <KindRecords kind="product" page="list" />;
export const NewProductDetailPage = () => <KindRecords kind="product" page="detail" />;
export const BuyerMaterialListPage = () => <KindRecords kind="material" page="buyer" />;
