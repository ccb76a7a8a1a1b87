import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useMenu } from '../../routes/menu-store.ts';
import { menuPaths } from '../../routes/menu-routes.ts';
import { useMenuTitle } from '../../routes/menu-title.ts';
import { usePageTitle } from '../../routes/page-title.ts';

/** The address to embed: the rest of the path (/myiframe/https%3A%2F%2F…) or ?src=…; http(s) only. */
export function iframeTarget(splat: string | undefined, search: string): string | undefined {
  const candidate = new URLSearchParams(search).get('src') ?? (splat ? decodeURIComponent(splat) : '');
  try {
    const url = new URL(candidate, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /myiframe/{routerPath}: an external link of the user's menu (SPEC §2), embedded inside the
 * shell and titled by its menu name. Only addresses the server's menu gives the user are
 * embedded: the route is not a way to frame any site.
 */
export default function IframePage() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname, search } = useLocation();
  const nodes = useMenu((s) => s.nodes);
  const name = useMenuTitle(pathname);
  const target = iframeTarget(params['*'], search);
  const allowed = target !== undefined && [...menuPaths(nodes ?? [])].some((p) => iframeTarget(p, '') === target);
  usePageTitle(name ?? t('route.iframe'));
  if (!target) return <Result status="warning" title={t('public.iframe.missing')} />;
  if (!allowed) return <Result status="403" title="403" subTitle={t('public.iframe.notInMenu')} />;
  return <iframe title={name ?? t('public.iframe.title')} src={target} data-testid="myiframe" style={{ width: '100%', height: 'calc(100vh - 200px)', border: 0 }} />;
}
