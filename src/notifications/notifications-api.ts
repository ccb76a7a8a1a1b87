import type { UserNotification } from '../../engine/index.ts';
import { request } from '../api/client.ts';

export type { UserNotification };

export type NotifyChannel = 'email' | 'inApp';

export const notificationKeys = {
  list: ['notifications'] as const,
  preferences: ['notifications', 'preferences'] as const,
};

/** The user's latest notifications and how many are unread. */
export const getNotifications = () =>
  request<{ unread: number; items: UserNotification[] }>('/api/notifications', {
    quiet: true,
  });
export const setNotificationRead = (id: number, read: boolean) =>
  request<null>(`/api/notifications/${id}/read`, {
    method: 'POST',
    json: { read },
  });
export const readAllNotifications = () => request<null>('/api/notifications/read-all', { method: 'POST' });
/** The notification events, and the user's own channels for those they chose (the others: their company's setting). */
export const getPreferences = () => request<{ events: string[]; preferences: Record<string, NotifyChannel[]> }>('/api/notifications/preferences');
export const putPreferences = (preferences: Record<string, NotifyChannel[]>) =>
  request<null>('/api/notifications/preferences', {
    method: 'PUT',
    json: { preferences },
  });
