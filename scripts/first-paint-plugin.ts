import { resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

const ENTRY = 'src/first-paint/first-paint.ts';
const CHARSET = /<meta charset="UTF-8" \/>/;

/**
 * Puts the first paint's script (src/first-paint/first-paint.ts) in index.html's head, inline: it
 * runs while the page is parsed, before the body (and any first paint the server put in it) and
 * before any of the app's files has arrived. Built as one minified IIFE (about 1.2 KB, 0.7 KB
 * gzipped); the server allows exactly this script by its hash in the Content-Security-Policy
 * (server/http/inline-scripts.ts). In development the page loads the module itself.
 */
export function firstPaintScript(): Plugin {
  let root = process.cwd();
  let serving = false;
  let code: Promise<string> | undefined;
  return {
    name: 'portico:first-paint',
    configResolved(config) {
      root = config.root;
      serving = config.command === 'serve';
    },
    transformIndexHtml(html, ctx) {
      // The portal's page only (Storybook builds its own with these plugins); in development its
      // address is the page's, so it is known by its file.
      if (ctx.filename !== resolve(root, 'index.html')) return;
      if (serving) return [{ tag: 'script', attrs: { type: 'module', src: `/${ENTRY}` }, injectTo: 'head-prepend' }];
      code ??= build({
        configFile: false,
        root,
        logLevel: 'silent',
        build: { write: false, minify: true, rollupOptions: { input: resolve(root, ENTRY), output: { format: 'iife' } } },
      }).then((out) => {
        const chunk = (Array.isArray(out) ? out[0] : (out as Rollup.RollupOutput))?.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
        if (!chunk) throw new Error(`${ENTRY} built to no script`);
        return chunk.code.trim();
      });
      // Right after the charset (which must come in the first 1,024 bytes) and before the style
      // sheet: a script after a style sheet waits for it.
      return code.then((script) => {
        if (!CHARSET.test(html)) throw new Error('index.html has no <meta charset> to put the first paint after');
        return html.replace(CHARSET, (meta) => `${meta}\n    <script>${script}</script>`);
      });
    },
  };
}
