import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_DIR, generateSchemaTypes } from '../../../scripts/schema-types.ts';
import { generateDeclarationIndex } from '../../../scripts/declaration-index.ts';
import { generateShellEntities } from '../../../scripts/shell-entities.ts';
import { generateTextParts } from '../../../scripts/text-parts.ts';
import type { TemplateSetting, Trf } from '../../../types/generated/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const onDisk = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? onDisk(join(dir, e.name)) : [join(dir, e.name).split(sep).join('/')]));

describe('types generated from the static schemas', () => {
  it('are up to date with schemas/ (else: npm run gen)', async () => {
    const generated = await generateSchemaTypes(root);
    for (const [path, text] of generated) {
      expect(existsSync(join(root, path)), `${path} is missing: run npm run gen`).toBe(true);
      expect(readFileSync(join(root, path), 'utf8'), `${path} is stale: run npm run gen`).toBe(text);
    }
    expect(onDisk(GENERATED_DIR).filter((f) => !generated.has(f)), 'modules without a schema: run npm run gen').toEqual([]);
  }, 60_000);

  it('and the discovery indexes are up to date with schemas/ and workflows/ (else: npm run gen)', () => {
    for (const [path, text] of generateDeclarationIndex(root)) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} is stale: run npm run gen`).toBe(text);
    }
  });

  it('and the shell\'s entities are up to date with the registry and the dashboard (else: npm run gen)', () => {
    for (const [path, text] of generateShellEntities()) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} is stale: run npm run gen`).toBe(text);
    }
  });

  it('and the texts\' login and app parts hold every group of src/i18n once (else: npm run gen)', () => {
    for (const [path, text] of generateTextParts(root)) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} is stale: run npm run gen`).toBe(text);
    }
    for (const lang of ['zh-CN', 'en-US']) {
      const whole = JSON.parse(readFileSync(join(root, 'src', 'i18n', `${lang}.json`), 'utf8')) as Record<string, unknown>;
      const parts = ['login', 'app'].map((part) => JSON.parse(readFileSync(join(root, 'src', 'i18n', 'generated', `${lang}.${part}.json`), 'utf8')) as Record<string, unknown>);
      expect({ ...parts[0], ...parts[1] }).toEqual(whole);
      expect(Object.keys(parts[0]!).filter((group) => group in parts[1]!)).toEqual([]);
      expect(Object.keys(parts[0]!)).toContain('login');
    }
  });

  it('type the documents the schemas validate', () => {
    const trf: Trf = { template: 'TPL-TEXTILE', sampleReceivedDate: '2026-11-01', buyer: { companyId: 'c-buyer', name: 'Buyer' } };
    const setting: TemplateSetting = { templateCode: 'dffTextile', customerGroup: null, isDefault: true };
    expect([trf.template, setting.templateCode]).toEqual(['TPL-TEXTILE', 'dffTextile']);
  });
});
