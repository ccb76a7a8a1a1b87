import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { RendererEnvProvider, type RendererEnv } from '../../renderers/env/renderer-env.tsx';
import type { RendererTranslate } from '../../renderers/env/texts.ts';
import { httpDataProvider } from '../api/data-provider.ts';
import { useSession } from '../auth/session-store.ts';
import { i18n } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { useDayjsLocale } from './dayjs-locale.ts';

/** Gives the renderers what they need from the portal: language, texts (`renderer.*`), HTTP data, permissions, the user's company, navigation. */
export function PortalRendererEnv({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  useDayjsLocale(lang);
  const permissions = useSession((s) => s.permissions);
  const companyId = useSession((s) => s.userInfo?.companyId);
  const navigate = useNavigate();
  const env = useMemo<RendererEnv>(() => {
    const fixed = i18n.getFixedT(lang, null, 'renderer');
    const t: RendererTranslate = (key, params) => fixed(key, params ?? {});
    return { lang, t, data: httpDataProvider, permissions, companyId, navigate: (to) => void navigate(to) };
  }, [lang, permissions, companyId, navigate]);
  return <RendererEnvProvider value={env}>{children}</RendererEnvProvider>;
}
