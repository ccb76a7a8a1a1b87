import type { RendererTranslate } from '../env/texts.ts';

/** The names users know file types by, for the media types declarations accept. */
const KINDS: Readonly<Record<string, string>> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/vnd.ms-excel': 'Excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'text/plain': 'TXT',
  'application/zip': 'ZIP',
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1048576) * 10) / 10} MB`;

/** What a file picker allows: the media types, each type's size limit, and how many files in all. */
export interface UploadRules {
  accept: readonly string[];
  maxBytesOf(type: string): number;
  maxFiles: number;
}

/**
 * Why a picked file is refused before it is uploaded (the server checks again), as the user reads
 * it; undefined when it may go. `held`: the files already there.
 */
export function uploadRefusal(file: { name: string; type: string; size: number }, rules: UploadRules, held: number, t: RendererTranslate): string | undefined {
  if (!rules.accept.includes(file.type)) return t('upload.wrongType', { name: file.name, types: fileKinds(rules.accept, t('common.listSeparator')) });
  if (file.size > rules.maxBytesOf(file.type)) return t('upload.tooLarge', { name: file.name, max: megabytes(rules.maxBytesOf(file.type)) });
  if (held >= rules.maxFiles) return t('upload.tooMany', { max: rules.maxFiles });
  return undefined;
}

/** `['application/pdf', 'image/jpeg']` → `PDF, JPG` (a type without a known name: its subtype, capitalised). */
export function fileKinds(accept: readonly string[], separator = ', '): string {
  const names = accept.map((type) => KINDS[type] ?? (type.startsWith('.') ? type.slice(1) : (type.split('/')[1] ?? type)).toUpperCase());
  return [...new Set(names)].join(separator);
}
