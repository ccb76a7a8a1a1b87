import type { ExportedFile, ExportRequest } from '../../renderers/env/data-provider.ts';
import { FILTER_PREFIX } from '../../engine/query/list-query.ts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { failureOf, requestHeaders } from './client.ts';

/** The header in which the server announces the rows (or files) of the file it streams (server/exports/routes.ts). */
const TOTAL_HEADER = 'x-export-total';

function fileNameOf(response: Response, fallback: string): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

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
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { ...requestHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(ids ? { ids } : {}),
      credentials: 'same-origin',
    });
  } catch (e) {
    throw new ApiError({ code: 0, errorCode: 'NETWORK', message: i18n.t('errors.network'), data: e });
  }
  if (!response.ok || !response.body) throw await failureOf(response);
  const total = Number(response.headers.get(TOTAL_HEADER) ?? 0);
  const reader = response.body.getReader();
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
