import { useState } from 'react';
import { Alert, App, Button, Flex, Modal, Progress, Table, Typography, Upload } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { text } from '../../engine/index.ts';
import type { ImportCellError } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { errorMessage } from '../env/error-message.ts';

type Progress = { phase: 'upload' | 'check'; percent: number };

const cellErrorsOf = (e: unknown): readonly ImportCellError[] => {
  const data = (e as { data?: { errors?: unknown } } | undefined)?.data;
  return Array.isArray(data?.errors) ? (data.errors as ImportCellError[]) : [];
};

/**
 * A declared import (docs/declarations.md §2, imports): choose an .xlsx, see the upload's progress
 * and then that the server is checking it; the server's answer is shown as it is — success, a
 * refusal of the whole file, or the bad cells (row, column, field, message) with the choice to
 * import the valid rows only.
 */
export function ImportDialog({ reg, open, onClose, onImported }: { reg: RegisteredEntity; open: boolean; onClose(): void; onImported(): void }) {
  const { data, t, lang } = useRendererEnv();
  const { message } = App.useApp();
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<Progress>();
  const [failure, setFailure] = useState<{ message: string; cells: readonly ImportCellError[] }>();
  const max = reg.views.list.import?.maxRows ?? 0;
  const entity = text(reg.entity.label, lang, reg.name);

  const send = async (chosen: File, validOnly: boolean) => {
    if (!data.importRows) return;
    setFailure(undefined);
    setProgress({ phase: 'upload', percent: 0 });
    try {
      const outcome = await data.importRows({ entity: reg.name, file: chosen, validOnly, onProgress: setProgress });
      void message.success(outcome.message);
      setFile(undefined);
      onImported();
      onClose();
    } catch (e) {
      setFailure({ message: errorMessage(e) ?? t('common.loadFailed'), cells: cellErrorsOf(e) });
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Modal
      open={open}
      title={t('list.importTitle', { entity })}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      footer={[
        failure?.cells.length && file ? (
          <Button key="valid" onClick={() => void send(file, true)} disabled={Boolean(progress)} data-testid="import-valid-rows">
            {t('list.importValidRows')}
          </Button>
        ) : null,
        <Button key="close" onClick={onClose}>
          {t('list.importClose')}
        </Button>,
      ]}
    >
      <Flex vertical gap={12} data-testid="import-dialog">
        <Typography.Text type="secondary">{t('list.importHint', { max })}</Typography.Text>
        <Upload
          accept=".xlsx,.xls"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            setFile(chosen);
            void send(chosen, false);
            return false;
          }}
        >
          <Button type="primary" loading={Boolean(progress)} data-testid="import-choose">
            {t('list.importChoose')}
          </Button>
        </Upload>
        {progress && (
          <div data-testid="import-progress">
            <Progress percent={progress.phase === 'upload' ? progress.percent : 100} status="active" />
            <Typography.Text>{progress.phase === 'upload' ? t('list.importUploading', { percent: progress.percent }) : t('list.importChecking')}</Typography.Text>
          </div>
        )}
        {failure && <Alert type="error" showIcon title={failure.message} data-testid="import-failure" />}
        {failure && failure.cells.length > 0 && (
          <Table<ImportCellError>
            size="small"
            rowKey={(e) => `${e.row}:${e.column}:${e.message}`}
            dataSource={[...failure.cells]}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            title={() => t('list.importErrors')}
            data-testid="import-errors"
            columns={[
              { key: 'row', title: t('list.importRow'), dataIndex: 'row', width: 70 },
              { key: 'column', title: t('list.importColumn'), dataIndex: 'column', width: 70 },
              { key: 'title', title: t('list.importField'), dataIndex: 'title' },
              { key: 'message', title: t('list.importMessage'), dataIndex: 'message' },
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
