import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../engine/i18n/messages.ts';
import { CONFIG_PROPERTIES } from '../../../server/config/config-schema.ts';
import { checkConfig, ConfigError, nearestSetting } from '../../../server/config/check-config.ts';
import { generateConfigTable } from '../../../scripts/config-table.ts';

const root = resolve(import.meta.dirname, '../../..');
const NAME = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{2,}';

/**
 * Quoted names shaped like variables in a file that reads the environment but that are no
 * variable: error codes of the message catalogue, and the payment providers' protocol constants.
 */
const NOT_VARIABLES = new Set(['ERR_WORKER_OUT_OF_MEMORY', 'FAST_INSTANT_TRADE_PAY', 'AEAD_AES_256_GCM', 'ORDER_PAID', 'PROVIDER_MODULES', 'SECRET_MASK', 'WHEN_REQUIRED']);
/** A quoted name is taken for a variable when it has an underscore (GET, JSON or SUCCESS are words of protocols). */
const QUOTED = '[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+';

const serverFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? serverFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** Every variable name server/ reads: `process.env.X`, `env.X`, `env['X']`, `{ X } = env`, `reader(env, 'X')`, and names quoted in a file that reads `env`. */
function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  const add = (name: string, file: string) => found.set(name, found.get(name) ?? file);
  for (const file of serverFiles('server')) {
    const source = readFileSync(join(root, file), 'utf8');
    if (!/\benv\b/.test(source)) continue;
    for (const m of source.matchAll(new RegExp(`\\benv(?:\\.(${NAME})\\b|\\[\\s*['"\`](${NAME})['"\`]\\s*\\])`, 'g'))) add((m[1] ?? m[2])!, file);
    for (const m of source.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g)) for (const k of m[1]!.matchAll(new RegExp(`\\b(${NAME})\\b`, 'g'))) add(k[1]!, file);
    for (const m of source.matchAll(new RegExp(`pemSetting\\(\\s*env\\s*,\\s*'(${NAME})'`, 'g'))) add(`${m[1]}_FILE`, file);
    for (const m of source.matchAll(new RegExp(`['"\`](${QUOTED})['"\`]`, 'g'))) if (!(m[1]! in MESSAGES) && !NOT_VARIABLES.has(m[1]!)) add(m[1]!, file);
  }
  return found;
}

describe('the configuration schema', () => {
  it('declares every environment variable server/ reads', () => {
    const read = variablesRead();
    // The scan sees each way of reading: a property, a reader's key list, a destructuring, a PEM's _FILE.
    for (const name of ['DATABASE_URL', 'JOB_THREADS', 'ERROR_LOG_MAX_ROWS', 'PRESSURE_MAX_HEAP_MB', 'ALIPAY_APP_ID', 'WECHATPAY_MERCHANT_PRIVATE_KEY_FILE', 'EFILING_EMULATOR', 'SECRETS_KEY']) expect(read.has(name), name).toBe(true);
    const undeclared = [...read].filter(([name]) => !(name in CONFIG_PROPERTIES)).map(([name, file]) => `${name} (${file})`);
    expect(undeclared).toEqual([]);
  });

  it('gives every setting a type and a description', () => {
    for (const [name, s] of Object.entries(CONFIG_PROPERTIES)) {
      expect(['string', 'integer', 'number'], name).toContain(s.type);
      expect(s.description.length, name).toBeGreaterThan(5);
    }
  });

  it('starts on a valid configuration and refuses a wrong one with one line naming it', () => {
    expect(() => checkConfig({ PORT: '8080', DATABASE_URL: 'postgres://portico@db/portico', WORKERS: 'auto', FILE_STORAGE: 's3', S3_BUCKET: 'files', PRESSURE_MAX_EVENT_LOOP_UTILIZATION: '0.9', PATH: '/bin', AWS_ACCESS_KEY_ID: 'k' })).not.toThrow();
    const refusal = (env: Record<string, string>) => {
      try {
        checkConfig(env);
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as Error).message).not.toContain('\n');
        return (err as Error).message;
      }
      return 'started';
    };
    expect(refusal({ S3_BUKET: 'files' })).toBe('Configuration: S3_BUKET is not a setting Portico reads: did you mean S3_BUCKET?');
    expect(refusal({ DATABASE_URI: 'postgres://x/y' })).toContain('did you mean DATABASE_URL?');
    expect(refusal({ PAYMENTS_SANDBOXX_ON: '1' })).toContain('PAYMENTS_SANDBOXX_ON is not a setting Portico reads (the PAYMENTS_* settings are PAYMENTS_SANDBOX, PAYMENTS_SANDBOX_PUBLIC)');
    expect(refusal({ JOB_NAME: 'nightly', CONFIG_IGNORE: 'JOB_NAME' })).toBe('started');
    expect(refusal({ SMTP_URL: 'not a url' })).toMatch(/^Configuration: SMTP_URL="not a url" must /);
    expect(refusal({ JOB_THREADS: 'four' })).toMatch(/^Configuration: JOB_THREADS="four" must be integer/);
    expect(refusal({ PORT: '70000' })).toMatch(/^Configuration: PORT="70000" must be <= 65535/);
    expect(refusal({ NODE_ENV: 'production' })).toBe('Configuration: SECRETS_KEY must be set with NODE_ENV=production (docs/operations.md#configuration)');
    expect(refusal({ SECRETS_KEY: 'short-secret' })).toMatch(/^Configuration: SECRETS_KEY=\(hidden\) must match/);
    expect(refusal({ READ_DATABASE_URL: 'postgres://replica/portico' })).toBe('Configuration: READ_DATABASE_URL needs DATABASE_URL');
    expect(refusal({ FILE_STORAGE: 's3' })).toContain('S3_BUCKET must be set');
  });

  it('stops npm start with that one line before anything starts', { timeout: 120_000 }, () => {
    const env = { PATH: process.env.PATH, SKIP_CLIENT_BUILD: '1', PORT: '0', SMTP_FORM: 'Portico <portal@example.com>' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server', 'start.ts')], { cwd: root, env, encoding: 'utf8', timeout: 110_000 });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Configuration: SMTP_FORM is not a setting Portico reads: did you mean SMTP_FROM?']);
    expect(run.stdout).not.toContain('running on');
  });

  it('takes no common variable of a machine for a misspelling', () => {
    for (const name of ['PATH', 'HOME', 'LANG', 'USER', 'SHELL', 'HOSTNAME', 'PWD', 'TERM', 'NODE_OPTIONS', 'TZ']) expect(nearestSetting(name), name).toBeUndefined();
  });

  it('keeps the README configuration table generated from the schema', () => {
    const expected = generateConfigTable(root).get('README.md');
    expect(readFileSync(join(root, 'README.md'), 'utf8') === expected, 'README.md is stale: run npm run gen').toBe(true);
  });
});
