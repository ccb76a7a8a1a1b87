import { pathKeys } from '../../engine/index.ts';

/** A SQL literal (single quotes doubled). */
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * A PostgreSQL text[] value for a document path's keys (`{"a b","it's"}`): each element double
 * quoted with `\` and `"` escaped, so a key is data whatever it holds (`enable-beta-ecosystems`,
 * `$type`, `2fa`, `a b`, `名称`, `a,b`, `{x}`). Parameters take it as is; SQL text quotes it with lit().
 */
export const docPathArray = (keys: readonly string[]): string => `{${keys.map((k) => `"${k.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** The text read of a document path (dotted or pointer, engine/schema/field-path.ts) as `doc #>> '{…}'`, keys quoted as docPathArray says. */
export const docTextSql = (alias: string, path: string): string => `(${alias ? `${alias}.` : ''}doc #>> ${lit(docPathArray(pathKeys(path)))})`;
