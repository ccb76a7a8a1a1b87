import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/** The folder boundaries of DESIGN.md are enforced by lint: prove each rule fires. */
describe('lint enforces the boundaries', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const errorsFor = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it.each([
    ['engine/probe.ts', "import React from 'react';\nexport const x = React;\n"],
    ['engine/probe.ts', "import { Button } from 'antd';\nexport const x = Button;\n"],
    ['engine/probe.ts', "import Form from '@rjsf/core';\nexport const x = Form;\n"],
    ['workflows/probe.ts', "import Ajv from 'ajv';\nexport const x = Ajv;\n"],
    ['workflows/probe.ts', "import { createRegistry } from '../engine/index.ts';\nexport const x = createRegistry;\n"],
    ['server/probe.ts', "import { x } from '../src/main.tsx';\nexport const y = x;\n"],
    ['server/probe.ts', "import { x } from '../renderers/list/index.ts';\nexport const y = x;\n"],
    ['renderers/probe.ts', "import { x } from '../src/main.tsx';\nexport const y = x;\n"],
    ['src/probe.ts', "import { x } from '../server/app.ts';\nexport const y = x;\n"],
  ])('refuses %s: %s', async (file, code) => {
    expect(await errorsFor(file, code)).toHaveLength(1);
  });

  it('allows the permitted directions', async () => {
    expect(await errorsFor('engine/probe.ts', "import { setup } from 'xstate';\nexport const x = setup;\n")).toEqual([]);
    expect(await errorsFor('server/probe.ts', "import { x } from '../engine/index.ts';\nexport const y = x;\n")).toEqual([]);
    expect(await errorsFor('src/probe.ts', "import { x } from '../renderers/index.ts';\nexport const y = x;\n")).toEqual([]);
  });
});
