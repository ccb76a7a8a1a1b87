import { Flex, Spin, Typography } from 'antd';
import { useRendererEnv } from '../env/renderer-env.tsx';
import type { ExportState } from './use-list-export.ts';

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`);

/** The running export's progress: the bytes received of the rows (or files) the server announced, then what was exported. */
export function ExportProgress({ state }: { state: ExportState }) {
  const { t } = useRendererEnv();
  const files = state.kind === 'files';
  const params = { total: state.total, size: size(state.received) };
  const line = state.done ? t(files ? 'list.exportedFiles' : 'list.exported', params) : t(files ? 'list.exportingFiles' : 'list.exporting', params);
  return (
    <Flex gap={8} align="center" data-testid="export-progress" data-done={state.done ? 'true' : 'false'} data-received={state.received} data-total={state.total}>
      {!state.done && <Spin size="small" />}
      <Typography.Text type={state.done ? 'success' : 'secondary'} aria-live="polite">
        {line}
      </Typography.Text>
    </Flex>
  );
}
