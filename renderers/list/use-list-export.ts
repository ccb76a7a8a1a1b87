import { useState } from 'react';
import { App } from 'antd';
import type { ExportRequest } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { errorMessage } from '../env/error-message.ts';

export interface ExportState {
  kind: ExportRequest['kind'];
  received: number;
  total: number;
  done: boolean;
}

/** Hands a finished file to the browser as a download. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Runs a declared export through the data provider, keeping its progress (bytes received against
 * the rows or files the server announced) for the list to show, then downloads the file. A refusal
 * (over the limit, nothing selected) is shown as the server worded it.
 */
export function useListExport() {
  const { data, t } = useRendererEnv();
  const { message } = App.useApp();
  const [state, setState] = useState<ExportState>();
  const run = async (request: Omit<ExportRequest, 'onProgress'>) => {
    if (!data.exportList) return;
    setState({ kind: request.kind, received: 0, total: 0, done: false });
    try {
      const file = await data.exportList({ ...request, onProgress: (p) => setState({ kind: request.kind, ...p, done: false }) });
      setState({ kind: request.kind, received: file.blob.size, total: file.total, done: true });
      downloadFile(file.blob, file.fileName);
    } catch (e) {
      setState(undefined);
      void message.error(errorMessage(e) ?? t('common.loadFailed'));
    }
  };
  return { state, run, available: Boolean(data.exportList) };
}
