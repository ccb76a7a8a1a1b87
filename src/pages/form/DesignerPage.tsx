import { useEffect, useState } from 'react';
import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { stateOptions, type Language } from '../../../engine/index.ts';
import type { StateOption } from '../../../renderers/designer/designer-context.tsx';
import { TemplateDesigner } from '../../../renderers/designer/TemplateDesigner.tsx';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { useTemplateApi } from '../../api/template-cache.ts';
import { loadRegistry } from '../../registry/registry.ts';
import { canDesign, useDesignerTexts } from './designer-texts.ts';
import { designPath } from './TemplateListPage.tsx';

/** A DFF template is filled in on the test request form: its fields can be made editable in the request's states. */
function useDffStates(lang: Language): readonly StateOption[] | undefined {
  const [states, setStates] = useState<readonly StateOption[]>();
  useEffect(() => {
    let live = true;
    void loadRegistry().then((registry) => live && setStates(stateOptions(registry.get('trf'), '$status', lang)));
    return () => {
      live = false;
    };
  }, [lang]);
  return states;
}

/** /form/design?code=…&version=…: the form designer, for holders of `template:design`. */
export default function DesignerPage() {
  const { lang, navigate, permissions } = useRendererEnv();
  const [params] = useSearchParams();
  const t = useDesignerTexts();
  const dffStates = useDffStates(lang);
  // Saving or publishing here shows on the template lists and detail pages when the user goes back.
  const api = useTemplateApi();
  const code = params.get('code') ?? '';
  const version = Number(params.get('version'));
  if (!canDesign(permissions)) return <Result status="403" title="403" subTitle={t('noPermission')} />;
  if (!code || !Number.isInteger(version) || version < 1) return <Result status="404" title="404" subTitle={t('missingTemplate')} />;
  return (
    <TemplateDesigner
      key={`${code}-${version}`}
      code={code}
      version={version}
      api={api}
      t={t}
      lang={lang}
      dffStates={dffStates}
      onOpenVersion={(v) => navigate(designPath(code, v))}
    />
  );
}
