import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDeclarationIndex } from './declaration-index.ts';

/**
 * `npm run gen` (run first by typecheck and build): writes the discovery indexes
 * (workflows/index.ts, engine/generated/declarations.ts), the shell's entities
 * (scripts/shell-entities.ts), the texts' login and app parts (scripts/text-parts.ts), the README's
 * configuration tables (scripts/config-table.ts) and
 * types/generated/ from schemas/,
 * removing type modules whose schema is gone, and the statechart layouts the viewer ships
 * (scripts/statechart-layouts.ts; only changed machines are laid out again). `--indexes` (run first by start and dev) writes
 * the indexes only: the types are for the typecheck, and their generator is a dev dependency;
 * the committed layouts serve the viewer (a stale one is laid out in the browser instead).
 * Files whose text is unchanged are left alone.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const write = (path: string, text: string) => {
  const target = join(root, path);
  if (existsSync(target) && readFileSync(target, 'utf8') === text) return;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
};

const indexes = generateDeclarationIndex(root);
for (const [path, text] of indexes) write(path, text);
// After the indexes: it reads the registry they discover.
const { generateShellEntities } = await import('./shell-entities.ts');
const shell = generateShellEntities();
for (const [path, text] of shell) write(path, text);
const { generateTextParts } = await import('./text-parts.ts');
const texts = generateTextParts(root);
for (const [path, text] of texts) write(path, text);
const { generateConfigTable } = await import('./config-table.ts');
const readme = generateConfigTable(root);
for (const [path, text] of readme) write(path, text);
let types = '';
if (!process.argv.includes('--indexes')) {
  const { GENERATED_DIR, generateSchemaTypes } = await import('./schema-types.ts');
  const files = await generateSchemaTypes(root);
  const existing = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? existing(join(dir, e.name)) : [join(dir, e.name).split(sep).join('/')],
    );
  mkdirSync(join(root, GENERATED_DIR), { recursive: true });
  for (const stale of existing(GENERATED_DIR).filter((f) => !files.has(f))) rmSync(join(root, stale));
  for (const [path, text] of files) write(path, text);
  types = `, ${files.size} type modules in ${relative(process.cwd(), join(root, GENERATED_DIR)) || '.'}`;
  const { LAYOUT_DIR, generateStatechartLayouts } = await import('./statechart-layouts.ts');
  const layouts = await generateStatechartLayouts(root);
  mkdirSync(join(root, LAYOUT_DIR), { recursive: true });
  const keep = new Set([...layouts.files.keys(), ...layouts.unchanged]);
  for (const stale of existing(LAYOUT_DIR).filter((f) => !keep.has(f))) rmSync(join(root, stale));
  for (const [path, text] of layouts.files) write(path, text);
  types += `, ${keep.size} statechart layouts (${layouts.files.size} laid out)`;
}
console.log(`gen: indexes ${[...indexes.keys(), ...shell.keys(), ...texts.keys(), ...readme.keys()].join(', ')}${types}`);
