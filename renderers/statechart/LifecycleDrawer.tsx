import { useMemo } from 'react';
import { Drawer, Tabs } from 'antd';
import { text, type Language, type PermissionMap, type RegisteredEntity } from '../../engine/index.ts';
import { entityLabels, type HistoryEntryLike } from '../../engine/graph/index.ts';
import { statechartTexts } from './labels.ts';
import { LiveStatechart, type LifecycleRecord } from './LiveStatechart.tsx';
import { SimulationPanel } from './SimulationPanel.tsx';

export interface LifecycleDrawerProps {
  reg: RegisteredEntity;
  record: LifecycleRecord;
  permissions: PermissionMap;
  history: readonly HistoryEntryLike[];
  lang: Language;
  open: boolean;
  onClose: () => void;
}

/** The record's lifecycle in a drawer: where it is (live) and what-if (simulation from here). */
export function LifecycleDrawer({ reg, record, permissions, history, lang, open, onClose }: LifecycleDrawerProps) {
  const t = statechartTexts(lang);
  const labels = useMemo(() => reg.machine && entityLabels(reg.machine, reg.entity.actions, lang), [reg, lang]);
  const title = record.doc?.[reg.entity.titleField];
  const name = `${text(reg.entity.label, lang)}${typeof title === 'string' && title ? ` ${title}` : ''}`;
  return (
    <Drawer open={open} onClose={onClose} size="92vw" title={t.lifecycleOf(name)} destroyOnHidden data-testid="lifecycle-drawer">
      {open && reg.machine && labels && (
        <Tabs
          items={[
            { key: 'live', label: t.live, children: <LiveStatechart reg={reg} record={record} permissions={permissions} history={history} lang={lang} height="62vh" /> },
            {
              key: 'simulation',
              label: t.simulation,
              children: <SimulationPanel machine={reg.machine} labels={labels} actions={reg.entity.actions} from={record.snapshot ?? undefined} height="55vh" />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
