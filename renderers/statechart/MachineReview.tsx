import { lazy, Suspense } from 'react';
import { Spin, Tabs } from 'antd';
import type { AnyStateMachine } from 'xstate';
import type { ActionDeclaration } from '../../engine/index.ts';
import type { ChartLabels } from '../../engine/graph/index.ts';
import { statechartTexts } from './labels.ts';
import { StatechartViewer } from './StatechartViewer.tsx';

export interface MachineReviewProps {
  machine: AnyStateMachine;
  labels: ChartLabels;
  actions?: Readonly<Record<string, ActionDeclaration>>;
  height?: number | string;
}

/**
 * The simulation (antd's table and form among its modules) loads when its tab is first opened:
 * the diagram, which the page opens on, does not wait for it.
 */
const SimulationPanel = lazy(() => import('./SimulationPanel.tsx').then((m) => ({ default: m.SimulationPanel })));

/** A machine for review: the diagram, and a simulation to click through. */
export function MachineReview({ machine, labels, actions, height = '70vh' }: MachineReviewProps) {
  const t = statechartTexts(labels.lang);
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'diagram', label: t.diagram, children: <StatechartViewer machine={machine} labels={labels} height={height} /> },
        { key: 'simulation', label: t.simulation, children: (
            <Suspense fallback={<Spin description={t.loading} />}>
              <SimulationPanel machine={machine} labels={labels} actions={actions} height={height} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
