import { useRef, useState } from 'react';
import { App, Button, Flex, Tag, Upload } from 'antd';
import PaperClipOutlined from '@ant-design/icons/PaperClipOutlined';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_FILES, UPLOAD_LIMITS } from '../../engine/index.ts';
import { uploadRefusal, type UploadRules } from '../../renderers/format/file-kinds.ts';
import { fileUrl, uploadFile } from '../api/files.ts';
import type { ChatFile } from './chat-state.ts';

/** What a chat message may carry: the upload rules of SPEC §5 (JPG ≤ 2 MB, PDF ≤ 10 MB), at most MAX_CHAT_FILES files. */
const CHAT_UPLOADS: UploadRules = { accept: Object.keys(UPLOAD_LIMITS), maxBytesOf: (type) => UPLOAD_LIMITS[type] ?? 0, maxFiles: MAX_CHAT_FILES };

/**
 * The files of the message being written: a button that uploads picked files (each checked before
 * it goes, and by the server again) and the uploaded ones as tags that can be taken off.
 */
export function ChatAttach({ files, onChange, disabled }: { files: ChatFile[]; onChange(files: ChatFile[]): void; disabled: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const current = useRef(files);
  current.current = files;
  return (
    <Flex gap={4} wrap align="center">
      <Upload
        accept={CHAT_UPLOADS.accept.join(',')}
        multiple
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          const refusal = uploadRefusal(file, CHAT_UPLOADS, current.current.length + uploading, (key, params) => t(key, params ?? {}));
          if (refusal) message.error(refusal);
          return refusal ? Upload.LIST_IGNORE : true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          setUploading((n) => n + 1);
          uploadFile({ file: file as File })
            .then(
              (stored) => {
                onChange([...current.current, { fileId: stored.fileId, fileName: stored.fileName }]);
                onSuccess?.(stored);
              },
              (e: unknown) => {
                const text = typeof e === 'object' && e && 'message' in e ? String((e as { message: unknown }).message) : '';
                message.error(text || t('upload.failed'));
                onError?.(e instanceof Error ? e : new Error(text));
              },
            )
            .finally(() => setUploading((n) => n - 1));
        }}
      >
        <Button icon={<PaperClipOutlined />} loading={uploading > 0} disabled={disabled} aria-label={t('chat.attach')} title={t('chat.attach')} data-testid="chat-attach" />
      </Upload>
      {files.map((f) => (
        <Tag key={f.fileId} closable onClose={() => onChange(current.current.filter((x) => x.fileId !== f.fileId))} data-testid="chat-attached">
          {f.fileName}
        </Tag>
      ))}
    </Flex>
  );
}

/** A message's files, each a link that opens it (the server checks the reader sees the chat's record). */
export function ChatFileLinks({ files }: { files: readonly ChatFile[] }) {
  if (!files.length) return null;
  return (
    <Flex vertical gap={2} data-testid="chat-files">
      {files.map((f) => (
        <a key={f.fileId} href={fileUrl(f)} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {f.fileName}
        </a>
      ))}
    </Flex>
  );
}
