import { useRef } from 'react';
import { App, Button, Upload } from 'antd';
import type { UploadFile } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { FieldSchema } from '../../../engine/index.ts';
import { useRendererEnv } from '../../env/renderer-env.tsx';
import type { StoredFile } from '../../env/data-provider.ts';
import { uploadRefusal } from '../../format/file-kinds.ts';

/**
 * Files uploaded to the server (raw body, one request per file) and kept in the document as
 * `{ fileId, fileName, contentType, size }` items; the schema's `x-upload` sets the accepted
 * types, the size limit and how many files the field holds.
 */
export function UploadWidget({ id, value, disabled, readonly, schema, onChange }: WidgetProps) {
  const { data, t } = useRendererEnv();
  const { message } = App.useApp();
  const rules = (schema as FieldSchema)['x-upload'];
  if (!rules) throw new Error(`Upload widget '${id}' needs the schema's x-upload (accept, maxBytes, maxFiles)`);
  const files: StoredFile[] = Array.isArray(value) ? (value as StoredFile[]) : [];
  const current = useRef(files);
  current.current = files;

  const fileList: UploadFile[] = files.map((f) => ({ uid: f.fileId, name: f.fileName, status: 'done', url: data.fileUrl({ fileId: f.fileId }) }));
  const full = files.length >= rules.maxFiles;

  return (
    <Upload
      id={id}
      accept={rules.accept.join(',')}
      fileList={fileList}
      disabled={disabled || readonly}
      multiple={rules.maxFiles > 1}
      beforeUpload={(file) => {
        const refusal = uploadRefusal(file, { accept: rules.accept, maxBytesOf: () => rules.maxBytes, maxFiles: rules.maxFiles }, current.current.length, t);
        if (refusal) message.error(refusal);
        return refusal ? Upload.LIST_IGNORE : true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        data.upload({ file: file as File }).then(
          (stored) => {
            onChange([...current.current, stored]);
            onSuccess?.(stored);
          },
          (e: unknown) => {
            const text = typeof e === 'object' && e && 'message' in e ? String((e as { message: unknown }).message) : t('upload.failed');
            message.error(text || t('upload.failed'));
            onError?.(e instanceof Error ? e : new Error(text));
          },
        );
      }}
      onRemove={(file) => {
        onChange(current.current.filter((f) => f.fileId !== file.uid));
        return true;
      }}
    >
      {!full && !(disabled || readonly) && <Button>{t('upload.button')}</Button>}
    </Upload>
  );
}
