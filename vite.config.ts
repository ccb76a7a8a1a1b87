import { execFileSync } from 'node:child_process';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstPaintScript } from './scripts/first-paint-plugin.ts';
import { precompress } from './scripts/precompress.ts';
import { shellChunk } from './scripts/shell-chunk.ts';

/**
 * antd's form/context module, which every antd input imports, takes only `FormProvider` from
 * @rc-component/form. That package's index attaches statics to its Form component, which keeps
 * the whole form engine and async-validator alive in any chunk with an input (the login page
 * included). Resolve that one import to the module defining `FormProvider` (the very object the
 * index re-exports). If antd's import ever changes, the build fails on the missing export.
 */
function narrowRcFormImport(): Plugin {
  return {
    name: 'portico:narrow-rc-form-import',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}

/**
 * antd's ConfigProvider imports the tooltip UniqueProvider (and with it @rc-component/trigger's
 * popup engine) for its `tooltip.unique` option, which the portal does not set. That import sits
 * in the entry chunk, so every page, /login included, would download the trigger for it. Give the
 * ConfigProvider a stand-in that loads the real provider on demand (React.lazy): the option still
 * works if it is ever set; the trigger loads with the first component that needs it.
 */
const LAZY_UNIQUE = '\0portico:lazy-tooltip-unique-provider';
function lazyTooltipUniqueProvider(): Plugin {
  return {
    name: 'portico:lazy-tooltip-unique-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tooltip/UniqueProvider' || !importer || !/antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer)) return null;
      return LAZY_UNIQUE;
    },
    load(id) {
      if (id !== LAZY_UNIQUE) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider/index.js'));",
        'export default function LazyUniqueProvider({ children }) {',
        '  return createElement(Suspense, { fallback: children }, createElement(UniqueProvider, null, children));',
        '}',
      ].join('\n');
    },
  };
}

/**
 * `virtual:<name>`: a module made once per build by `node --import tsx <script>` (its standard
 * output, through `module`) in a production-mode process, as the browser's antd runs; in
 * development `module` gets nothing. The client's modules made so:
 * - `virtual:antd-styles.css` (imported first by src/main.tsx): the stylesheet of the antd
 *   components every first view uses (scripts/antd-styles.ts), rendered with the portal's theme;
 *   antd then neither builds nor injects those styles on the page. Empty in development, where
 *   antd's class hashes differ.
 * - `virtual:antd-map-token` (src/App.tsx): antd's map tokens of the default theme
 *   (scripts/antd-map-token.ts), which a cold page would otherwise derive before its first render.
 */
function builtByScript(name: string, script: string, module: (output: string | undefined) => string): Plugin {
  const id = `\0portico:${name}`;
  let output: string | undefined;
  let building = false;
  let root = process.cwd();
  return {
    name: `portico:${name}`,
    configResolved(config) {
      building = config.command === 'build';
      root = config.root;
    },
    resolveId: (source) => (source === `virtual:${name}` ? id : null),
    load(loaded) {
      if (loaded !== id) return null;
      if (building) output ??= execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      return module(building ? output : undefined);
    },
  };
}

const antdStyles = () => builtByScript('antd-styles.css', 'scripts/antd-styles.ts', (css) => css ?? '');
const antdMapToken = () => builtByScript('antd-map-token', 'scripts/antd-map-token.ts', (json) => `export default ${json ?? 'undefined'};`);

/**
 * The portal's build. The server serves dist/ (and dist/index.html for every non-/api path);
 * in development the Vite server proxies /api to the API server on port 8080.
 *
 * The login page must stay small (≤ 200 KB of gzipped JavaScript): the shell, the generated
 * pages, RJSF, ajv and the engine registry load on demand (React.lazy / dynamic import); the
 * entry holds React, the router, i18n and antd's core; the login page adds a few light antd
 * components. `manifest.json` lets tools/measure-login.ts add up what /login downloads.
 */
export default defineConfig({
  plugins: [narrowRcFormImport(), lazyTooltipUniqueProvider(), antdStyles(), antdMapToken(), react(), shellChunk({ shell: 'src/shell/AppShell.tsx', signedInRoutes: 'src/routes/table.tsx' }), firstPaintScript(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
      // The chat socket: the Host stays the page's, so the server takes the cookie as same-origin.
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
