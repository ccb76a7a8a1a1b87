import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { planChunks } from '../../../scripts/shell-chunk.ts';
import { PUBLIC_ROUTES } from '../../../src/routes/public-routes.ts';
import { routeTable } from '../../../src/routes/table.tsx';

type OutputChunk = Rollup.OutputChunk;
type Shape = Pick<OutputChunk, 'fileName' | 'name' | 'moduleIds' | 'imports' | 'dynamicImports' | 'isEntry' | 'isDynamicEntry'>;

function chunk(name: string, modules: string[], imports: string[] = [], dynamicImports: string[] = [], kind: 'entry' | 'dynamic' | 'shared' = 'shared'): Shape {
  return { fileName: `${name}.js`, name, moduleIds: modules, imports: imports.map((i) => `${i}.js`), dynamicImports: dynamicImports.map((i) => `${i}.js`), isEntry: kind === 'entry', isDynamicEntry: kind === 'dynamic' };
}

/**
 * Rollup's chunks of a small portal: the entry imports on demand the login page, a language pack,
 * the shell and two signed-in pages. `button` is shared by the login page and the shell, `tabs` by
 * the shell and page A, `menu` by the shell and page B, `table` by the two pages only, and `lang`
 * (loaded before the shell) shares `button` too.
 */
function portal(): Rollup.OutputBundle {
  const chunks = [
    chunk('index', ['main', 'react'], [], ['login', 'lang', 'AppShell', 'pageA', 'pageB'], 'entry'),
    chunk('login', ['LoginPage'], ['index', 'button'], [], 'dynamic'),
    chunk('lang', ['zh'], ['index', 'button'], [], 'dynamic'),
    chunk('AppShell', ['AppShell'], ['index', 'button', 'tabs', 'menu'], [], 'dynamic'),
    chunk('pageA', ['PageA'], ['index', 'tabs', 'table'], ['chart'], 'dynamic'),
    chunk('pageB', ['PageB'], ['index', 'menu', 'table'], [], 'dynamic'),
    chunk('chart', ['Chart'], ['index', 'tabs'], [], 'dynamic'),
    chunk('button', ['Button'], ['index']),
    chunk('tabs', ['Tabs'], ['index']),
    chunk('menu', ['Menu'], ['index']),
    chunk('table', ['Table'], ['index']),
  ];
  return Object.fromEntries(chunks.map((c) => [c.fileName, { type: 'chunk', ...c } as OutputChunk]));
}

describe('the shell chunk plan (scripts/shell-chunk.ts)', () => {
  const plan = planChunks(portal(), ['PageA', 'PageB'], 'AppShell');

  it('puts the shell and what only signed-in code shares with it in one chunk', () => {
    expect(plan.get('AppShell')).toBe('shell');
    expect(plan.get('Tabs')).toBe('shell');
    expect(plan.get('Menu')).toBe('shell');
    expect(plan.get('Chart')).not.toBe('shell');
  });

  it('keeps what a visitor without a session loads apart from the shell, with the same modules together', () => {
    expect(plan.get('main')).toBe('index');
    expect(plan.get('react')).toBe('index');
    expect(plan.get('LoginPage')).toBe('login');
    expect(plan.get('zh')).toBe('lang');
    // Shared by the login page, the language pack and the shell: its own chunk, still loaded by all three.
    expect(plan.get('Button')).toBe('shell-lang');
  });

  it('leaves chunks the shell does not load as Rollup made them, each named once', () => {
    expect(plan.get('Table')).toBe('table');
    expect(plan.get('PageA')).toBe('pageA');
    expect(new Set(plan.values()).size).toBe(new Set(['index', 'login', 'lang', 'shell', plan.get('Button'), 'pageA', 'pageB', 'chart', 'table']).size);
  });

  it('plans nothing without a shell in the build (a Storybook or library build)', () => {
    expect(planChunks(portal(), [], 'NoShell').size).toBe(0);
  });

  it('is given the signed-in pages by the route table: its own routes need a session, public-routes.ts holds the others', () => {
    expect(PUBLIC_ROUTES.every((r) => !r.auth)).toBe(true);
    expect(routeTable.filter((r) => !PUBLIC_ROUTES.includes(r)).map((r) => [r.path, r.auth])).toEqual(routeTable.filter((r) => !PUBLIC_ROUTES.includes(r)).map((r) => [r.path, true]));
  });
});
