import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * What is worth compressing on the fly: text, JSON, XML, JavaScript and SVG. Not event streams,
 * and not `application/octet-stream` (uploaded files: mostly PDF, images and Office files, already
 * compressed); other types as mime-db marks them compressible.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript|^image\/svg\+xml/;

/**
 * API answers above 1 KB go out brotli- or gzip-compressed as the request's Accept-Encoding asks
 * (brotli at quality 4: most of its gain at a fraction of the time of 11). Request bodies are
 * taken as sent (no request decompression: a compressed body would slip past the body limit).
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], customTypes: COMPRESSIBLE, globalDecompression: false });
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
