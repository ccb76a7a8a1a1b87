import { createAjv } from '../../engine/index.ts';
import { CONFIG_PREFIXES, CONFIG_PROPERTIES, CONFIG_SCHEMA } from './config-schema.ts';

/** A configuration that must not start: one line saying which variable and why. */
export class ConfigError extends Error {}

const validate = createAjv().compile(CONFIG_SCHEMA);
const DECLARED = Object.keys(CONFIG_PROPERTIES);
/** Other programs' variables that look like ours: the AWS SDK's own (AWS_ACCESS_KEY_ID is two edits from S3_ACCESS_KEY_ID). */
const FOREIGN = ['AWS_'];
/** Longer names than this are no variable of ours, nor worth comparing. */
const MAX_NAME = 100;

/** Edits between two names (insert, delete, replace one letter), or more than `most` once past it. */
export function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > most) return most + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/** The declared name `name` is a likely misspelling of (one edit for short names, two for longer). */
export function nearestSetting(name: string): string | undefined {
  if (name.length > MAX_NAME) return undefined;
  const most = name.length <= 6 ? 1 : 2;
  let best: { name: string; distance: number } | undefined;
  for (const declared of DECLARED) {
    const distance = editDistance(name, declared, most);
    if (distance <= most && distance > 0 && (!best || distance < best.distance)) best = { name: declared, distance };
  }
  return best?.name;
}

/** The first variable that looks like a misspelled setting: under one of our prefixes, or an edit or two from a declared name. */
function misspelled(env: Record<string, string | undefined>): string | undefined {
  const ignored = new Set((env.CONFIG_IGNORE ?? '').split(',').map((n) => n.trim()));
  for (const name of Object.keys(env).sort()) {
    if (name in CONFIG_PROPERTIES || ignored.has(name) || env[name] === undefined || !/^[A-Z][A-Z0-9_]*$/.test(name) || FOREIGN.some((p) => name.startsWith(p))) continue;
    const near = nearestSetting(name);
    const ours = CONFIG_PREFIXES.find((p) => name.startsWith(p));
    if (near) return `${name} is not a setting Portico reads: did you mean ${near}?`;
    if (ours) return `${name} is not a setting Portico reads (the ${ours}* settings are ${DECLARED.filter((d) => d.startsWith(ours)).join(', ')}); CONFIG_IGNORE=${name} lets it be`;
  }
  return undefined;
}

/** The declared settings that are set, numbers read as numbers (empty means unset, as the readers take it). */
function declaredValues(env: Record<string, string | undefined>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, setting] of Object.entries(CONFIG_PROPERTIES)) {
    const value = env[name]?.trim();
    if (!value) continue;
    out[name] = setting.type !== 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
  }
  return out;
}

/** Why the schema refuses the values, naming the variable (never a secret's value). */
function refusal(values: Record<string, string | number>): string | undefined {
  const production = values.NODE_ENV === 'production';
  if (validate(values)) return undefined;
  const errors = validate.errors ?? [];
  // A missing required setting says more than the if/then wrapper around it.
  const error = errors.find((e) => e.keyword === 'required' || e.keyword === 'dependencies') ?? errors[0];
  if (!error) return 'the configuration is not valid';
  const params = error.params as { missingProperty?: string; property?: string };
  if (error.keyword === 'required') return `${params.missingProperty} must be set${production && params.missingProperty === 'SECRETS_KEY' ? ' with NODE_ENV=production' : ''} (docs/operations.md#configuration)`;
  if (error.keyword === 'dependencies') return `${params.property} needs ${params.missingProperty}`;
  const name = error.instancePath.slice(1);
  const setting = CONFIG_PROPERTIES[name];
  const shown = setting?.['x-secret'] ? '(hidden)' : JSON.stringify(String(values[name]).slice(0, 80));
  return `${name}=${shown} ${error.message ?? 'is not valid'}: ${setting?.description ?? ''}`.trim();
}

/** Checks the environment against the settings' schema; throws ConfigError with one line when it must not start. */
export function checkConfig(env: Record<string, string | undefined>): void {
  const why = misspelled(env) ?? refusal(declaredValues(env));
  if (why) throw new ConfigError(`Configuration: ${why}`);
}
