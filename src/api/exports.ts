import type { ExportedFile, ExportRequest } from '../../renderers/env/data-provider.ts';
import { FILTER_PREFIX } from '../../engine/query/list-query.ts';
import { fetchFile, fileNameOf } from './client.ts';

/** The header in which the server announces the rows (or files) of the file it streams (server/exports/routes.ts). */
const TOTAL_HEADER = 'x-export-total';

/**
 * A declared export (docs/api.md, exports): the list's query as the list sends it, the selection
 * in the body; the answer is read as it streams, reporting the bytes received against the total the
 * server announced. A refusal (over the limit, nothing selected) rejects with the server's message;
 * the list shows it. No timeout: a long export is shown by its progress, and the user may leave.
 */
export async function exportList({ entity, kind, sort, filters, party, ids, onProgress }: ExportRequest): Promise<ExportedFile> {
  const url = new URL(`/api/entities/${encodeURIComponent(entity)}/${kind === 'files' ? 'export-files' : 'export'}`, window.location.origin);
  if (sort) url.searchParams.set('sort', sort);
  if (party) url.searchParams.set('party', party);
  for (const [field, value] of Object.entries(filters)) if (value) url.searchParams.set(`${FILTER_PREFIX}${field}`, value);
  url.searchParams.set('t', String(Date.now()));
  const response = await fetchFile(url, { method: 'POST', json: ids ? { ids } : {} });
  const total = Number(response.headers.get(TOTAL_HEADER) ?? 0);
  const reader = response.body!.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress?.({ received, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress?.({ received, total });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return { blob: new Blob(chunks, { type }), fileName: fileNameOf(response, kind === 'files' ? `${entity}.zip` : `${entity}.xlsx`), total };
}
