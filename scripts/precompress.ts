import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The built files worth compressing: text (scripts, styles, the page, SVG, JSON). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file the build emits above 1 KB: the server sends them as the browser's Accept-Encoding asks
 * (@fastify/static `preCompressed`), so no asset is compressed per request, and at the strongest level.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portico:precompress',
    apply: 'build',
    configResolved(config) {
      // An absolute outDir (the browser tests build into their own folder) stays as it is.
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(options.dir ?? outDir, fileName);
        const bytes = readFileSync(path);
        if (bytes.length < MIN_BYTES) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
