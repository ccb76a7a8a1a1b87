import { lazy, Suspense, useState } from 'react';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Flex, Popover, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useShellRegistry } from '../registry/shell-registry.ts';
import { getNotifications, notificationKeys, readAllNotifications, setNotificationRead, type UserNotification } from './notifications-api.ts';

/** The preferences dialog (a select per event, and the registry for their names) loads when opened, not with the shell. */
const NotificationPreferences = lazy(() => import('./NotificationPreferences.tsx').then((m) => ({ default: m.NotificationPreferences })));

/** How often the list is read again when no socket brings it first (the socket gave up). */
const REFRESH_MS = 60_000;

/**
 * The header's notification centre: a bell with the unread count, the latest notifications
 * (each opens its record and is marked read; read/unread by hand), mark all read, and the
 * user's own channels per event. New ones arrive live over the user's socket.
 */
export function NotificationCentre() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const registry = useShellRegistry();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState(false);
  const { data } = useQuery({
    queryKey: notificationKeys.list,
    queryFn: getNotifications,
    refetchInterval: REFRESH_MS,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  const mark = useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) => setNotificationRead(id, read),
    onSettled: refresh,
  });
  const readAll = useMutation({
    mutationFn: readAllNotifications,
    onSettled: refresh,
  });
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];

  const openRecord = (n: UserNotification) => {
    if (!n.read) mark.mutate({ id: n.id, read: true });
    const detail = registry.has(n.entity) ? registry.get(n.entity).entity.routes.detail : undefined;
    setOpen(false);
    if (detail) void navigate(`${detail}?id=${encodeURIComponent(n.recordId)}`);
  };

  const panel = (
    <div style={{ width: 340, maxHeight: 420, overflowY: 'auto' }} data-testid="notification-panel">
      <Flex justify="space-between" style={{ marginBottom: 8 }}>
        <Button size="small" disabled={!unread} onClick={() => readAll.mutate()} data-testid="notification-read-all">
          {t('notifications.readAll')}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            setOpen(false);
            setSettings(true);
          }}
          data-testid="notification-settings"
        >
          {t('notifications.settings')}
        </Button>
      </Flex>
      {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />}
      {items.map((n) => (
        <div key={n.id} style={{ padding: '8px 0', borderTop: '1px solid rgba(5,5,5,0.06)' }} data-testid="notification-item" data-read={n.read}>
          <Typography.Link strong={!n.read} onClick={() => openRecord(n)}>
            {n.title}
          </Typography.Link>
          <Typography.Paragraph style={{ margin: 0 }}>{n.body}</Typography.Paragraph>
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {dayjs(n.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
            <Button size="small" type="link" onClick={() => mark.mutate({ id: n.id, read: !n.read })} data-testid="notification-toggle-read">
              {n.read ? t('notifications.markUnread') : t('notifications.markRead')}
            </Button>
          </Flex>
        </div>
      ))}
    </div>
  );

  return (
    <>
      <Popover trigger="click" open={open} onOpenChange={setOpen} title={t('notifications.title')} content={panel} placement="bottomRight">
        <Button type="text" style={{ color: '#fff' }} aria-label={t('notifications.bell', { count: unread })} data-testid="notification-bell">
          <Badge count={unread} size="small" offset={[4, -2]} data-testid="notification-unread">
            <BellOutlined style={{ color: '#fff', fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      {settings && (
        <Suspense fallback={null}>
          <NotificationPreferences onClose={() => setSettings(false)} />
        </Suspense>
      )}
    </>
  );
}
