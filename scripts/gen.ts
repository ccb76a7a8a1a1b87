import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_DIR, generateSchemaTypes } from './schema-types.ts';
import { generateDeclarationIndex } from './declaration-index.ts';

/**
 * `npm run gen` (run first by typecheck, build, start and dev): writes the discovery indexes
 * (workflows/index.ts, engine/generated/declarations.ts) and types/generated/ from schemas/,
 * removing type modules whose schema is gone. Files whose text is unchanged are left alone.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = await generateSchemaTypes(root);

const existing = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? existing(join(dir, e.name)) : [join(dir, e.name).split(sep).join('/')],
  );
mkdirSync(join(root, GENERATED_DIR), { recursive: true });
for (const stale of existing(GENERATED_DIR).filter((f) => !files.has(f))) rmSync(join(root, stale));
const write = (path: string, text: string) => {
  const target = join(root, path);
  if (existsSync(target) && readFileSync(target, 'utf8') === text) return;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
};
for (const [path, text] of files) write(path, text);
const indexes = generateDeclarationIndex(root);
for (const [path, text] of indexes) write(path, text);
console.log(`gen: ${files.size} type modules in ${relative(process.cwd(), join(root, GENERATED_DIR)) || '.'}, indexes ${[...indexes.keys()].join(', ')}`);
