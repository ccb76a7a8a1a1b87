import { useMemo } from 'react';
import { Empty, Flex, Timeline, Typography } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import type { AuditEntry } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { historyItems } from './history-items.ts';

/** The record's audit history, oldest first: who did what, when, and what changed (amounts in the currency of `doc`, the record's document). */
export function HistoryTimeline({ reg, entries, doc }: { reg: RegisteredEntity; entries: readonly AuditEntry[]; doc?: Record<string, unknown> }) {
  const { lang, t } = useRendererEnv();
  const items = useMemo(() => historyItems(reg, entries, lang, t, doc), [reg, entries, lang, t, doc]);
  if (!items.length) return <Empty description={t('detail.historyEmpty')} />;
  return (
    <Timeline
      data-testid="history"
      items={items.map((item) => ({
        key: item.key,
        color: item.color,
        content: (
          <Flex vertical gap={2}>
            <Typography.Text strong>{item.what}</Typography.Text>
            <Typography.Text type="secondary">{[item.who, item.when].filter(Boolean).join(' · ')}</Typography.Text>
            {item.details.map((d) => (
              <Typography.Text key={d}>{d}</Typography.Text>
            ))}
          </Flex>
        ),
      }))}
    />
  );
}
