import { Tabs } from 'antd';
import type { AnyStateMachine } from 'xstate';
import type { ActionDeclaration } from '../../engine/index.ts';
import type { ChartLabels } from '../../engine/graph/index.ts';
import { statechartTexts } from './labels.ts';
import { SimulationPanel } from './SimulationPanel.tsx';
import { StatechartViewer } from './StatechartViewer.tsx';

export interface MachineReviewProps {
  machine: AnyStateMachine;
  labels: ChartLabels;
  actions?: Readonly<Record<string, ActionDeclaration>>;
  height?: number | string;
}

/** A machine for review: the diagram, and a simulation to click through. */
export function MachineReview({ machine, labels, actions, height = '70vh' }: MachineReviewProps) {
  const t = statechartTexts(labels.lang);
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'diagram', label: t.diagram, children: <StatechartViewer machine={machine} labels={labels} height={height} /> },
        { key: 'simulation', label: t.simulation, children: <SimulationPanel machine={machine} labels={labels} actions={actions} height={height} /> },
      ]}
    />
  );
}
