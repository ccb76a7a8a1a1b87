import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, posix, resolve, sep } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack, type Pack } from 'tar-stream';

/**
 * Backup archives as gzipped tar, streamed both ways with tar-stream (the tar engine archiver
 * itself packs with): no archive is ever held in memory, only one entry's buffers at a time.
 */

/** An archive's entry refused: a name leaving the folder, a link or device, too many entries. */
export class ArchiveError extends Error {}

/** Entries an archive may hold: a backup holds its files, PGlite's few thousand and a manifest. */
export const MAX_ENTRIES = 5_000_000;

/** Adds one regular file of `size` bytes to the pack, streamed from disk. */
function addFile(p: Pack, name: string, path: string, size: number): Promise<void> {
  return new Promise((done, fail) => {
    const entry = p.entry({ name, size, type: 'file', mode: 0o600 }, (err) => (err ? fail(err) : done()));
    const source = createReadStream(path);
    source.once('error', (err) => {
      entry.destroy(err);
      fail(err);
    });
    source.pipe(entry);
  });
}

/** Adds the folder or file at `root`/`name` (folders depth first, names sorted) to the pack. */
async function addTree(p: Pack, root: string, name: string): Promise<void> {
  const path = join(root, ...name.split('/'));
  const stat = await lstat(path);
  if (stat.isFile()) return addFile(p, name, path, stat.size);
  if (!stat.isDirectory()) return;
  await new Promise<void>((done, fail) => p.entry({ name, type: 'directory', mode: 0o700 }, (err) => (err ? fail(err) : done())));
  for (const child of (await readdir(path)).sort()) await addTree(p, root, `${name}/${child}`);
}

/** Writes the named entries of the folder `root` (in this order, folders whole) as a .tar.gz to `out`. */
export async function packFolder(root: string, names: readonly string[], out: Writable): Promise<void> {
  const p = pack();
  const written = pipeline(p, createGzip(), out);
  try {
    for (const name of names) await addTree(p, root, name);
    p.finalize();
  } catch (err) {
    p.destroy(err as Error);
    await written.catch(() => undefined);
    throw err;
  }
  await written;
}

/** Where an entry's name lands under `root`; refuses absolute names and names climbing out. */
export function entryTarget(root: string, name: string): string {
  const clean = posix.normalize(name.replace(/\/+$/, ''));
  if (!clean || clean === '.' || clean.startsWith('/') || clean === '..' || clean.startsWith('../') || clean.includes('\0') || clean.includes('\\')) {
    throw new ArchiveError(`the archive holds an entry outside its folder: ${JSON.stringify(name.slice(0, 200))}`);
  }
  const target = resolve(root, ...clean.split('/'));
  if (!target.startsWith(resolve(root) + sep)) throw new ArchiveError(`the archive holds an entry outside its folder: ${JSON.stringify(name.slice(0, 200))}`);
  return target;
}

/**
 * Unpacks a .tar.gz into the folder `root` (which should be new and empty): regular files and
 * folders only; a link, a device or a name leaving the folder stops it with ArchiveError.
 */
export async function unpackInto(source: Readable, root: string): Promise<void> {
  const ex = extract();
  const fed = pipeline(source, createGunzip(), ex);
  let entries = 0;
  try {
    for await (const entry of ex) {
      if (++entries > MAX_ENTRIES) throw new ArchiveError(`the archive holds more than ${MAX_ENTRIES} entries`);
      const { name, type } = entry.header;
      const target = entryTarget(root, name);
      if (type === 'directory') {
        await mkdir(target, { recursive: true });
        entry.resume();
      } else if (type === 'file') {
        await mkdir(dirname(target), { recursive: true });
        await pipeline(entry, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
      } else {
        throw new ArchiveError(`the archive holds a ${type ?? 'strange'} entry (${name.slice(0, 200)}): only files and folders belong in a backup`);
      }
    }
    await fed;
  } catch (err) {
    ex.destroy();
    source.destroy();
    await fed.catch(() => undefined);
    throw err;
  }
}
