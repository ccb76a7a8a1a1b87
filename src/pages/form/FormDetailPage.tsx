import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { refreshTemplates, useRegistry } from '../../registry/registry.ts';
import EntityDetailPage from '../entity/EntityDetailPage.tsx';
import { ToListWithMessage } from '../entity/ToListWithMessage.tsx';

/**
 * /form/detail?code={template code}&id={record id} (SPEC §2): a form record's detail, as its
 * template's own /form/{code}/detail shows it. The published templates are fetched again, so a
 * template published meanwhile opens too; an unknown template is /404. Without a template (or a
 * record) there is nothing to open: the forms' list, with a message, as every detail route does.
 */
export default function FormDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const registry = useRegistry();
  const [checked, setChecked] = useState<string>();
  useEffect(() => {
    let live = true;
    void refreshTemplates().finally(() => live && setChecked(code));
    return () => {
      live = false;
    };
  }, [code]);
  const reg = code && registry.has(code) && registry.isDynamic(code) ? registry.get(code) : undefined;
  if (!code) return <ToListWithMessage content={t('renderer.detail.noRecord', { entity: t('designer.route.detail') })} list="/form/list" />;
  if (!reg && checked !== code) return <Spin description={t('app.loading')} />;
  if (!reg) return <Navigate to="/404" replace />;
  return <EntityDetailPage key={code} reg={reg} />;
}
