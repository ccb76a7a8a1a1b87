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

/** `['application/pdf', 'image/jpeg']` → `PDF, JPG` (a type without a known name: its subtype, capitalised). */
export function fileKinds(accept: readonly string[], separator = ', '): string {
  const names = accept.map((type) => KINDS[type] ?? (type.startsWith('.') ? type.slice(1) : (type.split('/')[1] ?? type)).toUpperCase());
  return [...new Set(names)].join(separator);
}
