import { readFileSync } from 'node:fs';

/** A PEM setting: `<NAME>` holds the PEM itself, or `<NAME>_FILE` the path of a file holding it. */
export function pemSetting(env: Record<string, string | undefined>, name: string): string | undefined {
  const inline = env[name];
  if (inline) return inline;
  const file = env[`${name}_FILE`];
  return file ? readFileSync(file, 'utf8') : undefined;
}
