import { useMemo, useState } from 'react';
import { Button, Flex, Space, Tooltip, Typography } from 'antd';
import type { AnyStateMachine, EventObject } from 'xstate';
import type { ActionDeclaration, PersistedSnapshot } from '../../engine/index.ts';
import {
  describeMachine,
  edgeTitle,
  sampleEvents,
  simulateEvent,
  simulationChoices,
  startSimulation,
  type ChartHighlight,
  type ChartLabels,
  type Simulation,
} from '../../engine/graph/index.ts';
import { EventLog } from './EventLog.tsx';
import { statechartTexts } from './labels.ts';
import { payloadSummary } from './payload-summary.ts';
import { StatechartViewer } from './StatechartViewer.tsx';

export interface SimulationPanelProps {
  machine: AnyStateMachine;
  labels: ChartLabels;
  /** The entity's actions when the machine is bound to one (payload samples from their schemas). */
  actions?: Readonly<Record<string, ActionDeclaration>>;
  /** Start from this stored snapshot (a record's) instead of the initial state. */
  from?: PersistedSnapshot;
  height?: number | string;
}

/**
 * A reviewer fires events (buttons, or the green transitions in the drawing) and watches the
 * machine move; every step is logged. Invoked actors are inert and their results, like timers,
 * are fired by hand. Nothing is stored or sent.
 */
export function SimulationPanel({ machine, labels, actions, from, height = 520 }: SimulationPanelProps) {
  const t = statechartTexts(labels.lang);
  const graph = useMemo(() => describeMachine(machine), [machine]);
  const samples = useMemo(() => sampleEvents(graph, machine, actions), [graph, machine, actions]);
  const [stack, setStack] = useState<Simulation[]>(() => [startSimulation(machine, graph, from)]);
  const [rejected, setRejected] = useState<string>();
  const sim = stack[stack.length - 1]!;
  const choices = useMemo(() => simulationChoices(machine, graph, sim, samples), [machine, graph, sim, samples]);

  const fire = (event: EventObject) => {
    const next = simulateEvent(machine, graph, sim, event);
    setRejected(next ? undefined : t.rejected(event.type));
    if (next) setStack([...stack, next]);
  };

  const highlight = useMemo<ChartHighlight>(() => {
    const visited = new Map<string, number[]>();
    for (const step of sim.steps) for (const id of step.edgeIds) if (step.index > 0) visited.set(id, [...(visited.get(id) ?? []), step.index]);
    return { active: sim.active, takeable: new Set(choices.filter((c) => c.event).map((c) => c.edge.id)), visited };
  }, [sim, choices]);

  const onEdgeClick = (edgeId: string) => {
    const event = choices.find((c) => c.edge.id === edgeId)?.event;
    if (event) fire(event);
  };

  return (
    <Flex vertical gap={12} data-testid="statechart-simulation">
      <Typography.Text type="secondary">{t.simulationHint}</Typography.Text>
      <Flex gap={8} wrap align="center">
        {choices.length === 0 && <Typography.Text>{t.noChoices}</Typography.Text>}
        {choices.map(({ edge, event }) => {
          const summary = event ? payloadSummary(event) : '';
          const button = (
            <Button key={edge.id} size="small" type={event ? 'primary' : 'default'} ghost={Boolean(event)} disabled={!event} onClick={() => event && fire(event)} data-edge-id={edge.id}>
              {edgeTitle(edge, labels)}
              {edge.branches > 1 && edge.guard ? ` [${edge.guard}]` : ''}
            </Button>
          );
          return summary ? (
            <Tooltip key={edge.id} title={summary}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
        <Space size={4} style={{ marginLeft: 'auto' }}>
          <Button size="small" disabled={stack.length < 2} onClick={() => setStack(stack.slice(0, -1))}>
            {t.back}
          </Button>
          <Button size="small" disabled={stack.length < 2} onClick={() => setStack(stack.slice(0, 1))}>
            {t.restart}
          </Button>
        </Space>
      </Flex>
      {rejected && <Typography.Text type="warning">{rejected}</Typography.Text>}
      <StatechartViewer machine={machine} labels={labels} highlight={highlight} onEdgeClick={onEdgeClick} height={height} />
      <EventLog graph={graph} labels={labels} steps={sim.steps} texts={t} />
    </Flex>
  );
}
