import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';

/** The address to embed: ?src=… or the rest of the path (/myiframe/https%3A%2F%2F…); http(s) only. */
export function iframeTarget(splat: string | undefined, search: string): string | undefined {
  const candidate = new URLSearchParams(search).get('src') ?? (splat ? decodeURIComponent(splat) : '');
  try {
    const url = new URL(candidate, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** /myiframe/*: an external page (the menu turns external links into this route) inside the shell. */
export default function IframePage() {
  const { t } = useTranslation();
  const params = useParams();
  const { search } = useLocation();
  const src = iframeTarget(params['*'], search);
  if (!src) return <Result status="warning" title={t('public.iframe.missing')} />;
  return <iframe title={t('public.iframe.title')} src={src} data-testid="myiframe" style={{ width: '100%', height: 'calc(100vh - 200px)', border: 0 }} />;
}
