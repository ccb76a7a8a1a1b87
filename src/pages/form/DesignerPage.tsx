import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { TemplateDesigner } from '../../../renderers/designer/TemplateDesigner.tsx';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { templateApi } from '../../api/templates.ts';
import { canDesign, useDesignerTexts } from './designer-texts.ts';
import { designPath } from './TemplateListPage.tsx';

/** /form/design?code=…&version=…: the form designer, for holders of `template:design`. */
export default function DesignerPage() {
  const { lang, navigate, permissions } = useRendererEnv();
  const [params] = useSearchParams();
  const t = useDesignerTexts();
  const code = params.get('code') ?? '';
  const version = Number(params.get('version'));
  if (!canDesign(permissions)) return <Result status="403" title="403" subTitle={t('noPermission')} />;
  if (!code || !Number.isInteger(version) || version < 1) return <Result status="404" title="404" subTitle={t('missingTemplate')} />;
  return <TemplateDesigner key={`${code}-${version}`} code={code} version={version} api={templateApi} t={t} lang={lang} onOpenVersion={(v) => navigate(designPath(code, v))} />;
}
