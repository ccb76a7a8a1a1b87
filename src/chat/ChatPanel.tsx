import { useState } from 'react';
import { Alert, Badge, Button, Card, Empty, Flex, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useSession } from '../auth/session-store.ts';
import { MAX_CHAT_BODY } from '../../engine/chat-limits.ts';
import { useChat } from './use-chat.ts';
import { ChatAttach, ChatFileLinks } from './ChatFiles.tsx';
import type { ChatFile } from './chat-state.ts';
import type { ChatStatus } from './chat-connection.ts';

// A dot beside text in the body colour: a coloured tag's light text fails the contrast rule.
const STATUS_DOT: Record<ChatStatus, 'processing' | 'success' | 'warning' | 'default'> = { connecting: 'processing', connected: 'success', reconnecting: 'warning', offline: 'warning', closed: 'default' };

/**
 * The chat of a record with a declared `chat` (a TRF's, docs/declarations.md §3): its parties and
 * staff, live over the socket, with older messages on demand and the connection's state.
 */
export function ChatPanel({ number }: { number: string }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.userInfo?.id);
  const chat = useChat(number);
  const [draft, setDraft] = useState('');
  const [files, setFiles] = useState<ChatFile[]>([]);
  const ready = Boolean(draft.trim() || files.length);
  const submit = () => {
    if (!ready || chat.status !== 'connected') return;
    chat.send(draft.trim(), files);
    setDraft('');
    setFiles([]);
  };
  const title = (
    <Flex gap={8} align="center">
      {t('chat.title')}
      <Badge count={chat.unread} data-testid="chat-unread" />
      <Badge status={STATUS_DOT[chat.status]} text={t(`chat.status.${chat.status}`)} data-testid="chat-status" data-status={chat.status} />
    </Flex>
  );
  return (
    <Card size="small" title={title} data-testid="chat-panel">
      <Flex vertical gap={12}>
        {chat.refusal && <Alert type="error" showIcon title={t(`chat.refused.${chat.refusal}`, { defaultValue: t('chat.refused.other') })} data-testid="chat-refusal" />}
        {chat.status === 'closed' && !chat.refusal && (
          <Alert type="warning" showIcon title={t('chat.gaveUp')} action={<Button size="small" onClick={chat.reconnect} data-testid="chat-reconnect">{t('chat.reconnect')}</Button>} />
        )}
        {chat.error && <Alert type="error" showIcon closable title={chat.error} />}
        {chat.hasMore && (
          <Button size="small" onClick={chat.loadOlder} loading={chat.loadingOlder} data-testid="chat-older">
            {t('chat.older')}
          </Button>
        )}
        <Flex vertical gap={8} style={{ maxHeight: 360, overflowY: 'auto' }} data-testid="chat-messages">
          {chat.messages.length === 0 && chat.pending.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.empty')} />}
          {chat.messages.map((m) => (
            <Flex key={m.id} vertical align={m.senderId === me ? 'flex-end' : 'flex-start'} data-testid="chat-message">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {m.senderName} · {m.side === 'staff' ? t('chat.staff') : t('chat.customer')} · {dayjs(m.createdAt).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
              {m.body && (
                <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', background: m.senderId === me ? '#fff7e6' : '#f5f5f5', padding: '4px 10px', borderRadius: 6 }}>
                  {m.body}
                </Typography.Paragraph>
              )}
              <ChatFileLinks files={m.files ?? []} />
            </Flex>
          ))}
          {chat.pending.map((p) => (
            <Flex key={p.clientId} vertical align="flex-end" data-testid="chat-pending">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('chat.sending')}
              </Typography.Text>
              {p.body && <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap', opacity: 0.6 }}>{p.body}</Typography.Paragraph>}
              {p.files.map((f) => (
                <Typography.Text key={f.fileId} type="secondary">
                  {f.fileName}
                </Typography.Text>
              ))}
            </Flex>
          ))}
        </Flex>
        <ChatAttach files={files} onChange={setFiles} disabled={chat.status !== 'connected'} />
        <Flex gap={8}>
          <Input.TextArea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={(e) => {
              if (!e.shiftKey) {
                e.preventDefault();
                submit();
              }
            }}
            maxLength={MAX_CHAT_BODY}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            data-testid="chat-input"
          />
          <Button type="primary" onClick={submit} disabled={chat.status !== 'connected' || !ready} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
