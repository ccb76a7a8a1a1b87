import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
mkdirSync(join(repo, '.tmp'), { recursive: true });
const dir = mkdtempSync(join(repo, '.tmp', 'tsconfig-'));

/** The type errors of one probe file compiled with the options of a tsconfig of the repo. */
function errorsUnder(config: string, code: string): string[] {
  const file = join(dir, `probe-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, code);
  const { config: json } = ts.readConfigFile(join(repo, config), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(json, ts.sys, repo);
  // The engine's declared globals (engine/globals.d.ts) are part of every environment's program.
  const program = ts.createProgram([file, join(repo, 'engine/globals.d.ts')], { ...options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Each environment's tsconfig (checked by npm run typecheck) gives its code only its own globals. */
describe('the typecheck per environment', { timeout: 120_000 }, () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives engine/ neither the DOM nor node', () => {
    expect(errorsUnder('tsconfig.engine.json', 'export const a = document.title;\nexport const b = process.env;\nexport const c = structuredClone({});\n')).toEqual([
      expect.stringContaining("Cannot find name 'document'."),
      expect.stringContaining("Cannot find name 'process'."),
    ]);
  });

  it('gives the client the DOM but not node, and the server node but not the DOM', () => {
    expect(errorsUnder('tsconfig.client.json', 'export const a = document.title;\nexport const b = process.env;\n')).toEqual([expect.stringContaining("Cannot find name 'process'.")]);
    expect(errorsUnder('tsconfig.server.json', 'export const a = document.title;\nexport const b = process.env;\n')).toEqual([expect.stringContaining("Cannot find name 'document'.")]);
  });
});
