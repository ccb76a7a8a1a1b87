/** Where a declaration lives: the file of each part of an entity bundle, relative to the repository. */
export interface DeclarationFiles {
  entity: string;
  schema: string;
  views: string;
}

/** The files of a bundle declared in schemas/<name>/ (the convention discovery follows). */
export function declarationFiles(name: string): DeclarationFiles {
  return { entity: `schemas/${name}/${name}.entity.json`, schema: `schemas/${name}/${name}.schema.json`, views: `schemas/${name}/${name}.views.json` };
}

/** A JSON Pointer (RFC 6901) from path segments. */
export function pointer(...segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** A declaration that breaks the format or disagrees with another: each problem names its file and JSON path. */
export class DeclarationError extends Error {
  readonly code = 'DECLARATION_INVALID';
  constructor(readonly problems: readonly { file: string; path: string; message: string }[]) {
    super(problems.map((p) => `${p.file} at ${p.path || '/'}: ${p.message}`).join('\n'));
  }
}
