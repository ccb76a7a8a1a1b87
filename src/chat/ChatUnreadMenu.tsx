import MessageOutlined from '@ant-design/icons/MessageOutlined';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShellRegistry } from '../registry/shell-registry.ts';
import { chatKeys, getUnreadChats } from './chat-api.ts';

/** How often the header asks for unread chats, besides what its own socket pushes (use-unread-push.ts). */
const UNREAD_REFRESH_MS = 60_000;

/** The header's unread chat messages: their count, and the chats holding them, each opening its record. */
export function ChatUnreadMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registry = useShellRegistry();
  const { data } = useQuery({ queryKey: chatKeys.unread, queryFn: getUnreadChats, refetchInterval: UNREAD_REFRESH_MS });
  const chats = data?.chats ?? [];
  const items = chats.length
    ? chats.map((c) => ({
        key: c.recordId,
        label: t('chat.unreadIn', { number: c.number, count: c.count }),
        onClick: () => {
          const detail = registry.has(c.entity) ? registry.get(c.entity).entity.routes.detail : undefined;
          if (detail) void navigate(`${detail}?id=${encodeURIComponent(c.recordId)}`);
        },
      }))
    : [{ key: 'none', label: t('chat.noUnread'), disabled: true }];
  return (
    <Dropdown trigger={['click']} menu={{ items }}>
      <Button type="text" style={{ color: '#fff' }} aria-label={t('chat.unreadTitle', { count: data?.total ?? 0 })} data-testid="chat-unread-menu">
        <Badge count={data?.total ?? 0} size="small" offset={[4, -2]} data-testid="chat-unread-total">
          <MessageOutlined style={{ color: '#fff', fontSize: 16 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}
