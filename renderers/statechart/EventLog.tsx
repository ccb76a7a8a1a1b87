import { Table, Typography } from 'antd';
import { edgeTitle, stateTitle, type ChartLabels, type SimulationStep, type StatechartGraph } from '../../engine/graph/index.ts';
import type { StatechartTexts } from './labels.ts';
import { payloadSummary } from './payload-summary.ts';

/** The simulation's steps: event (with payload), transitions taken, states after. */
export function EventLog({ graph, labels, steps, texts }: { graph: StatechartGraph; labels: ChartLabels; steps: readonly SimulationStep[]; texts: StatechartTexts }) {
  const stateName = (id: string) => {
    const node = graph.nodes.get(id);
    return node ? stateTitle(node, labels) : id;
  };
  const transition = (id: string) => {
    const edge = graph.edges.find((e) => e.id === id);
    if (!edge) return id;
    const to = edge.targetIds.length ? edge.targetIds.map(stateName).join(', ') : stateName(edge.sourceId);
    return `${stateName(edge.sourceId)} —${edgeTitle(edge, labels)}→ ${to}`;
  };
  const eventText = (step: SimulationStep) => {
    if (step.index === 0) return texts.start;
    const edge = graph.edges.find((e) => e.eventType === step.event.type);
    return edge ? edgeTitle(edge, labels) : step.event.type;
  };
  return (
    <div data-testid="statechart-event-log">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {texts.eventLog}
      </Typography.Title>
      <Table
        size="small"
        pagination={false}
        rowKey="index"
        dataSource={[...steps].reverse()}
        columns={[
          { title: texts.step, dataIndex: 'index', width: 64 },
          {
            title: texts.event,
            render: (_, step: SimulationStep) => (
              <>
                <div>{eventText(step)}</div>
                {payloadSummary(step.event) && <Typography.Text type="secondary" code>{payloadSummary(step.event)}</Typography.Text>}
              </>
            ),
          },
          { title: texts.transitions, render: (_, step: SimulationStep) => step.edgeIds.map((id) => <div key={id}>{transition(id)}</div>) },
          { title: texts.statesAfter, render: (_, step: SimulationStep) => step.states.map(stateName).join(', ') },
        ]}
      />
    </div>
  );
}
