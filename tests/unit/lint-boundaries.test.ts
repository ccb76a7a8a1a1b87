import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const BOUNDARY_RULES = ['no-restricted-imports', 'import-x/no-restricted-paths'];

/**
 * The folder boundaries of DESIGN.md are allow-lists enforced by lint: prove each direction is
 * refused and the permitted ones pass. Linting with the import resolver is slow on a loaded
 * 2-core machine: the timeout is there to catch a hang, not to time lint.
 */
describe('lint enforces the boundaries', { timeout: 180_000 }, () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const errorsFor = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => BOUNDARY_RULES.includes(m.ruleId ?? '')).map((m) => m.message);
  };
  const use = (specifier: string) => `import * as m from '${specifier}';\nexport const x = m;\n`;

  it.each([
    ['engine/probe.ts', 'react'],
    ['engine/probe.ts', 'antd'],
    ['engine/probe.ts', '@rjsf/core'],
    ['engine/probe.ts', '@tanstack/react-query'],
    ['engine/probe.ts', 'node:fs'],
    ['engine/probe.ts', 'fs'],
    ['engine/probe.ts', 'pg'],
    ['engine/probe.ts', '../renderers/list/EntityList.tsx'],
    ['engine/probe.ts', '../server/app.ts'],
    ['engine/probe.ts', '../src/main.tsx'],
    ['workflows/probe.ts', 'ajv'],
    ['workflows/probe.ts', '../engine/index.ts'],
    ['workflows/probe.ts', '../schemas/trf/trf.entity.json'],
    ['server/probe.ts', '../src/main.tsx'],
    ['server/probe.ts', '../renderers/list/EntityList.tsx'],
    ['server/probe.ts', 'react'],
    ['server/probe.ts', '@tanstack/react-query'],
    ['renderers/probe.ts', '../src/main.tsx'],
    ['renderers/probe.ts', '../server/app.ts'],
    ['renderers/probe.ts', '../workflows/index.ts'],
    ['renderers/probe.ts', '../schemas/trf/trf.entity.json'],
    ['renderers/probe.ts', 'node:path'],
    ['src/probe.ts', '../server/app.ts'],
    ['src/probe.ts', '../workflows/index.ts'],
    ['src/probe.ts', '../schemas/account/registration.schema.json'],
    ['src/probe.ts', 'pg'],
  ])('refuses %s importing %s', async (file, specifier) => {
    expect(await errorsFor(file, use(specifier))).toHaveLength(1);
  });

  it.each([
    ['engine/probe.ts', 'xstate'],
    ['engine/probe.ts', 'ajv'],
    ['engine/probe.ts', '../workflows/index.ts'],
    ['engine/probe.ts', '../schemas/trf/trf.entity.json'],
    ['workflows/probe.ts', 'xstate'],
    ['workflows/probe.ts', './meta.ts'],
    ['server/probe.ts', '../engine/index.ts'],
    ['server/probe.ts', 'node:fs'],
    ['renderers/probe.ts', '../engine/index.ts'],
    ['renderers/probe.ts', 'antd'],
    ['renderers/probe.ts', '@tanstack/react-query'],
    ['src/probe.ts', '@tanstack/react-query'],
    ['src/probe.ts', '../renderers/list/EntityList.tsx'],
    ['src/probe.ts', '../engine/index.ts'],
    ['src/probe.ts', 'react-router'],
  ])('allows %s importing %s', async (file, specifier) => {
    expect(await errorsFor(file, use(specifier))).toEqual([]);
  });

  it('holds React hooks to their rules in renderers/ and src/', async () => {
    const [result] = await eslint.lintText(
      "import { useState } from 'react';\nexport function Probe({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
      { filePath: 'src/probe.tsx' },
    );
    expect(result!.messages.map((m) => m.ruleId)).toContain('react-hooks/rules-of-hooks');
  });
});
