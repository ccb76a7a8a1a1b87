import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';

/**
 * What is worth compressing on the fly: text, JSON, XML, JavaScript and SVG. Not event streams,
 * and not `application/octet-stream` (uploaded files: mostly PDF, images and Office files, already
 * compressed); other types as mime-db marks them compressible.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript|^image\/svg\+xml/;

/**
 * Answers up to this size are compressed in one synchronous call (brotli: about 40 µs for a 12 KB
 * list page); larger ones stream through zlib's thread pool. @fastify/compress's default
 * on 2 cores is 8 KB, below a list page of 20 TRFs, and its stream path (a pipeline, an
 * AbortController, zlib's thread hop) cost about twice the compressing itself: a list page
 * answered 2,076 req/s brotli-compressed against 5,708 plain (issue 22's profile).
 */
const SYNC_UP_TO = 64 * 1024;

/**
 * API answers above 1 KB go out brotli- or gzip-compressed as the request's Accept-Encoding asks
 * (brotli at quality 3: a 12 KB list page in 864 bytes and 38 µs, against 833 bytes and 60 µs at
 * @fastify/compress's 4 and far longer at zlib's 11; a 256 KB window, as an answer is rarely larger
 * and the default 4 MB one costs a fifth more time to set up). Request
 * bodies are taken as sent (no request decompression: a compressed body would slip past the body limit).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: 1024,
    syncThreshold: SYNC_UP_TO,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}

/** Where Vite puts the files whose names carry their content hash (build.assetsDir). */
const HASHED = /[/\\]assets[/\\][^/\\]+$/;

/**
 * The client's files: those under assets/ are named by their content hash, so a browser keeps
 * them for a year without asking again; anything else (index.html, favicon, robots.txt) is
 * revalidated on every use, so a new build reaches users at once.
 */
export function staticCacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string): void {
  res.setHeader('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
}
