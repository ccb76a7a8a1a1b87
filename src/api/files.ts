import type { StoredFile } from '../../renderers/env/data-provider.ts';
import { request } from './client.ts';

/** Uploads one file as the raw request body, with its content type and name (the upload widget shows a failure itself: quiet). */
export const uploadFile = ({ file }: { file: File }) => request<StoredFile>('/api/files', { method: 'POST', raw: file, query: { name: file.name }, quiet: true });

/** The download address of a stored file (the session cookie authorizes it). */
export const fileUrl = ({ fileId }: { fileId: string }) => `/api/files/${encodeURIComponent(fileId)}`;
