import type { ExportedFile, ImportOutcome, ImportRequest } from '../../renderers/env/data-provider.ts';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { failureOf, fetchFile, fileNameOf, requestHeaders } from './client.ts';


/** The import template of an entity's newest version, in the interface language (server/imports/routes.ts). */
export async function importTemplate({ entity }: { entity: string }): Promise<ExportedFile> {
  const url = `/api/entities/${encodeURIComponent(entity)}/import-template?t=${Date.now()}`;
  const response = await fetchFile(url);
  return { blob: await response.blob(), fileName: fileNameOf(response, `${entity}.xlsx`), total: 0 };
}

/**
 * Uploads a file to a declared import. XMLHttpRequest, not fetch, because it reports the upload's
 * progress; once the bytes are sent the server reads and checks them (phase `check`). A refusal
 * (bad cells, header changed, too many rows, not a spreadsheet) rejects with the server's message,
 * the bad cells in `data.errors`. No timeout: a large file is shown by its progress.
 */
export function importRows({ entity, file, validOnly, onProgress }: ImportRequest): Promise<ImportOutcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/entities/${encodeURIComponent(entity)}/import${validOnly ? '?validOnly=true' : ''}`);
    for (const [k, v] of Object.entries(requestHeaders())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => onProgress?.({ phase: 'upload', percent: e.lengthComputable ? Math.round((e.loaded / e.total) * 100) : 0 });
    xhr.upload.onload = () => onProgress?.({ phase: 'check', percent: 100 });
    xhr.onerror = () => reject(new ApiError({ code: 0, errorCode: 'NETWORK', message: i18n.t('errors.network') }));
    xhr.onload = () => {
      const response = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      if (xhr.status !== 200) return void failureOf(response).then(reject, reject);
      void response.json().then((body: { data: ImportOutcome }) => resolve(body.data), reject);
    };
    xhr.send(file);
  });
}
