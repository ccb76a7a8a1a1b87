import { pathToFileURL } from 'node:url';
import { theme } from 'antd';
import { portalTheme } from '../src/settings/portal-theme.ts';
import { DEFAULT_COLOUR } from '../src/settings/ui-settings.ts';
import type { ShippedMapToken } from '../src/settings/shipped-map-token.ts';

/**
 * antd's map tokens for the portal's default theme (light, the default colour, with motion),
 * derived at build time (the build's `antdMapToken` plugin): a cold page would otherwise derive
 * them in the browser before its first render (about 50 ms of a 2-core machine's cold start:
 * colour palettes worked out with code not yet compiled). The seed is antd's default seed with
 * the portal's tokens over it, as antd's ConfigProvider merges them.
 */
export function shippedMapToken(): ShippedMapToken {
  const token = portalTheme({ colour: DEFAULT_COLOUR, dark: false, stillness: false }).token ?? {};
  return { token, map: theme.defaultAlgorithm({ ...theme.defaultSeed, ...token }) };
}

// `node --import tsx scripts/antd-map-token.ts` prints them as JSON (the build runs it so).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(JSON.stringify(shippedMapToken()));
