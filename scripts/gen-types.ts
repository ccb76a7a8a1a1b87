import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_DIR, generateSchemaTypes } from './schema-types.ts';

/** `npm run gen:types`: writes types/generated/ from schemas/ and removes modules whose schema is gone. */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = await generateSchemaTypes(root);

const existing = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? existing(join(dir, e.name)) : [join(dir, e.name).split(sep).join('/')],
  );
mkdirSync(join(root, GENERATED_DIR), { recursive: true });
for (const stale of existing(GENERATED_DIR).filter((f) => !files.has(f))) rmSync(join(root, stale));
for (const [path, text] of files) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
console.log(`types: ${files.size} modules in ${relative(process.cwd(), join(root, GENERATED_DIR)) || '.'}`);
