import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
 * The portal's build. The server serves dist/ (and dist/index.html for every non-/api path);
 * in development the Vite server proxies /api to the API server on port 8080.
 *
 * The login page must stay small (≤ 200 KB of gzipped JavaScript): the shell, the generated
 * pages, RJSF, ajv and the engine registry load on demand (React.lazy / dynamic import); the
 * entry holds React, the router, i18n and antd's core; the login page adds a few light antd
 * components. `manifest.json` lets tools/measure-login.ts add up what /login downloads.
 */
export default defineConfig({
  plugins: [narrowRcFormImport(), react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
});
