import { useMemo } from 'react';
import { Alert, Flex, Space, Tag, Typography } from 'antd';
import { deriveActions, type Language, type PermissionMap, type PersistedSnapshot, type RegisteredEntity } from '../../engine/index.ts';
import {
  activeStateIds,
  describeMachine,
  entityLabels,
  historyPath,
  liveTransitions,
  sampleEvents,
  stateTitle,
  THEME,
  type ChartHighlight,
  type HistoryEntryLike,
} from '../../engine/graph/index.ts';
import { statechartTexts } from './labels.ts';
import { StatechartViewer } from './StatechartViewer.tsx';

/** What the viewer needs of a record (an API `Record` fits): its stored machine snapshot. */
export interface LifecycleRecord {
  /** Null for entities without a lifecycle. */
  snapshot: PersistedSnapshot | null;
  doc?: Record<string, unknown>;
}

export interface LiveStatechartProps {
  reg: RegisteredEntity;
  record: LifecycleRecord;
  permissions: PermissionMap;
  /** The record's audit trail, oldest first (GET …/history). */
  history: readonly HistoryEntryLike[];
  lang: Language;
  height?: number | string;
}

/**
 * A record on its lifecycle: its current state(s) highlighted, the transitions the machine takes
 * now and the user may trigger in green, the ones the user may not in grey, everything else
 * dimmed, and the path the record took (from its audit trail) numbered in blue.
 */
export function LiveStatechart({ reg, record, permissions, history, lang, height }: LiveStatechartProps) {
  const t = statechartTexts(lang);
  const machine = reg.machine;
  const labels = useMemo(() => machine && entityLabels(machine, reg.entity.actions, lang), [machine, reg.entity.actions, lang]);
  const graph = useMemo(() => machine && describeMachine(machine), [machine]);
  const live = useMemo(() => {
    const snapshot = record.snapshot;
    if (!machine || !graph || !snapshot) return undefined;
    const availability = deriveActions(reg, snapshot, permissions, lang);
    const transitions = liveTransitions(machine, snapshot, availability, sampleEvents(graph, machine, reg.entity.actions));
    const path = historyPath(graph, history, reg.entity.lifecycle?.regions ?? { '.': '.' });
    const active = activeStateIds(machine, snapshot);
    const highlight: ChartHighlight = { active, takeable: transitions.takeable, forbidden: transitions.forbidden, visited: path.edges, dim: true };
    return { availability, highlight, path, active };
  }, [machine, graph, reg, record.snapshot, permissions, lang, history]);

  if (!machine || !graph || !labels || !live) return <Alert type="info" showIcon title={t.notBound} />;
  const leaves = [...live.active].map((id) => graph.nodes.get(id)!).filter((n) => n.childIds.length === 0);
  const now = live.availability.filter((a) => a.possible);
  const steps = history.filter((h) => h.kind === 'event').length;

  return (
    <Flex vertical gap={12} data-testid="statechart-live">
      <Space wrap size={[16, 8]}>
        <span>
          <Typography.Text type="secondary">{t.currentState}: </Typography.Text>
          {leaves.map((n) => (
            <Tag key={n.id} color={THEME.active} data-state-id={n.id}>
              {stateTitle(n, labels)}
            </Tag>
          ))}
        </span>
        <span>
          <Typography.Text type="secondary">{t.availableNow}: </Typography.Text>
          {now.length === 0 && <Typography.Text>{t.nothingAvailable}</Typography.Text>}
          {now.map((a) => (
            <Tag key={a.event} color={a.permitted ? 'green' : 'default'} data-event={a.event} data-permitted={a.permitted}>
              {a.label}
              {a.permitted ? '' : ` (${t.notPermitted})`}
            </Tag>
          ))}
        </span>
        {steps > 0 && <Typography.Text type="secondary">{t.pathTaken(steps)}</Typography.Text>}
      </Space>
      <StatechartViewer machine={machine} labels={labels} highlight={live.highlight} height={height} fileName={`${machine.id}-live`} />
    </Flex>
  );
}
