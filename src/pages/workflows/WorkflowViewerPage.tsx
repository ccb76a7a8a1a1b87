import { useMemo } from 'react';
import { Button, Card, Result } from 'antd';
import { useParams } from 'react-router';
import { machines } from '../../../engine/workflows.ts';
import { MACHINE_ACTIONS } from '../../../engine/generated/machine-actions.ts';
import { entityLabels, machineLabels, machineTitle } from '../../../engine/graph/index.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { MachineReview } from '../../../renderers/statechart/MachineReview.tsx';
import { statechartTexts } from '../../../renderers/statechart/labels.ts';
import { RequireWorkflowView } from './workflow-access.tsx';

const registered: Record<string, (typeof machines)[keyof typeof machines] | undefined> = machines;

/** /workflows/:machineId: one machine in the viewer, with its simulation. */
function MachineViewer({ machineId }: { machineId: string }) {
  const { lang, navigate } = useRendererEnv();
  const t = statechartTexts(lang);
  const machine = registered[machineId];
  // The bound entity's actions, generated with the shell's entities: the page opens without the registry.
  const actions = Object.hasOwn(MACHINE_ACTIONS, machineId) ? MACHINE_ACTIONS[machineId] : undefined;
  const labels = useMemo(
    () => machine && (actions ? entityLabels(machine, actions, lang) : machineLabels(machine, lang)),
    [machine, actions, lang],
  );
  const back = <Button onClick={() => navigate('/workflows')}>{t.backToList}</Button>;
  if (!machine || !labels) return <Result status="404" title="404" subTitle={t.unknownMachine(machineId)} extra={back} />;
  return (
    <Card title={machineTitle(machine, lang)} extra={back} size="small" data-testid="workflow-viewer">
      <MachineReview key={`${machineId}-${lang}`} machine={machine} labels={labels} actions={actions} height="68vh" />
    </Card>
  );
}

export default function WorkflowViewerPage() {
  const { machineId = '' } = useParams();
  return (
    <RequireWorkflowView>
      <MachineViewer machineId={machineId} />
    </RequireWorkflowView>
  );
}
