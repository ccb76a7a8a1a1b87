import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Flex, Modal, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../engine/i18n/labels.ts';
import { fieldAt } from '../../engine/schema/resolve.ts';
import { useLanguage } from '../i18n/language-store.ts';
import { useRegistry } from '../registry/registry.ts';
import { getPreferences, notificationKeys, putPreferences, type NotifyChannel } from './notifications-api.ts';

/** A user's choice for one event: their company's setting, or their own channels. */
type Choice = 'company' | 'both' | 'email' | 'inApp' | 'none';
const CHOICES: readonly Choice[] = ['company', 'both', 'email', 'inApp', 'none'];
const channelsOf: Record<Exclude<Choice, 'company'>, NotifyChannel[]> = {
  both: ['email', 'inApp'],
  email: ['email'],
  inApp: ['inApp'],
  none: [],
};
const choiceOf = (channels: readonly NotifyChannel[] | undefined): Choice => (channels === undefined ? 'company' : channels.length === 2 ? 'both' : channels.length === 0 ? 'none' : channels[0]!);

/** The user's own channels per notification event (labels from schemas/notificationSetting/); the company's setting for those left alone. */
export function NotificationPreferences({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const registry = useRegistry();
  const { message } = App.useApp();
  const { data } = useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: getPreferences,
  });
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  useEffect(() => {
    if (data) setChoices(Object.fromEntries(data.events.map((e) => [e, choiceOf(data.preferences[e])])));
  }, [data]);
  const save = useMutation({
    mutationFn: () => putPreferences(Object.fromEntries(Object.entries(choices).flatMap(([e, c]) => (c === 'company' ? [] : [[e, channelsOf[c]]])))),
    onSuccess: () => {
      void message.success(t('notifications.saved'));
      onClose();
    },
  });
  const eventNode = registry.has('notificationSetting') ? fieldAt(registry.get('notificationSetting').schema, 'event') : undefined;
  return (
    <Modal
      open
      title={t('notifications.settingsTitle')}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText={t('notifications.save')}
      data-testid="notification-preferences"
    >
      <Typography.Paragraph type="secondary">{t('notifications.settingsHint')}</Typography.Paragraph>
      {!data ? (
        <Spin />
      ) : (
        data.events.map((event) => (
          <Flex key={event} justify="space-between" align="center" style={{ marginBottom: 8 }} data-testid={`preference-${event}`}>
            <span>{enumLabel(eventNode, event, lang)}</span>
            <Select
              style={{ width: 180 }}
              value={choices[event] ?? 'company'}
              onChange={(c: Choice) => setChoices((old) => ({ ...old, [event]: c }))}
              options={CHOICES.map((c) => ({
                value: c,
                label: t(`notifications.choice.${c}`),
              }))}
              aria-label={enumLabel(eventNode, event, lang)}
            />
          </Flex>
        ))
      )}
    </Modal>
  );
}
