/**
 * A view's field path names a document value by its keys, in one of two spellings:
 *
 * - dotted (`buyer.name`, `samples.materialId`): every key non-empty and free of `.`, `/` and `~`,
 *   the first not starting with `$`;
 * - a JSON pointer (`/a.b`, `/$type`, `/with space`, `/2fa`, `/名称`, `/a~1b/c`): any keys at all,
 *   `~` written `~0` and `/` written `~1` (RFC 6901).
 *
 * A path starting with `$` is a system field (`$id`, `$createdAt`, a lifecycle region), never a
 * document key: the pointer spelling keeps a key such as `$type` apart from them.
 */
export const isSystemPath = (path: string): boolean => path.startsWith('$');

/** The document keys of a field path (dotted or pointer). */
export function pathKeys(path: string): string[] {
  if (!path.startsWith('/')) return path.split('.');
  return path
    .slice(1)
    .split('/')
    .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const dottable = (key: string, i: number) => key !== '' && !/[./~]/.test(key) && !(i === 0 && key.startsWith('$'));

/** The field path of document keys: dotted when every key allows it, else a JSON pointer. */
export function fieldPath(keys: readonly string[]): string {
  if (keys.length && keys.every(dottable)) return keys.join('.');
  return keys.map((k) => `/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The keys of a path, none for `''` (the whole document). */
export const docKeys = (path: string): string[] => (path ? pathKeys(path) : []);

/** The keys of a JSON pointer as ajv writes an `instancePath` (`/a.b/0/x~1y`), none for `''`. */
export const pointerKeys = (pointer: string): string[] => (pointer.startsWith('/') ? pathKeys(pointer) : []);

/** Paths (either spelling, `''` for none) joined into one field path: `joinPath('dff', '/a.b')` is `/dff/a.b`. */
export const joinPath = (...paths: readonly string[]): string => fieldPath(paths.flatMap(docKeys));

/** The path of the field holding this one (`''` for a top-level field). */
export function parentPath(path: string): string {
  const keys = pathKeys(path);
  return keys.length > 1 ? fieldPath(keys.slice(0, -1)) : '';
}

/** The path's own (last) key. */
export const lastKey = (path: string): string => pathKeys(path).at(-1) ?? '';
