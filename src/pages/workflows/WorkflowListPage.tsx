import { useMemo } from 'react';
import { Button, Card, Table, Tag, Tooltip } from 'antd';
import { machines } from '../../../engine/index.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { statechartTexts } from '../../../renderers/statechart/labels.ts';
import { useRegistry } from '../../registry/registry.ts';
import { summarizeMachines, type MachineSummary } from './machine-summaries.ts';
import { RequireWorkflowView } from './workflow-access.tsx';

/** /workflows: every registered lifecycle machine, each opening in the statechart viewer. */
function MachineList() {
  const { lang, navigate } = useRendererEnv();
  const registry = useRegistry();
  const t = statechartTexts(lang);
  const rows = useMemo(() => summarizeMachines(machines, registry.list(), lang), [registry, lang]);
  return (
    <Card title={t.machines} size="small">
      <Table<MachineSummary>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        data-testid="workflow-list"
        onRow={(row) => ({ onDoubleClick: () => navigate(`/workflows/${row.id}`) })}
        columns={[
          {
            title: t.machine,
            render: (_, row) => (
              <>
                <Button type="link" style={{ padding: 0 }} onClick={() => navigate(`/workflows/${row.id}`)} data-machine-id={row.id}>
                  {row.label}
                </Button>
                {row.specification && (
                  <Tooltip title={row.specification}>
                    <Tag style={{ marginInlineStart: 8 }} data-testid={`specification-${row.id}`}>
                      {t.specification}
                    </Tag>
                  </Tooltip>
                )}
              </>
            ),
          },
          { title: 'id', dataIndex: 'id', render: (id: string) => <code>{id}</code> },
          { title: t.stateCount, dataIndex: 'states', align: 'right' },
          { title: t.transitionCount, dataIndex: 'transitions', align: 'right' },
          { title: t.eventCount, dataIndex: 'events', align: 'right' },
          { title: t.boundTo, dataIndex: 'entity', render: (entity?: string) => (entity ? <Tag color="orange">{entity}</Tag> : <Tag>{t.notBound}</Tag>) },
        ]}
      />
    </Card>
  );
}

export default function WorkflowListPage() {
  return (
    <RequireWorkflowView>
      <MachineList />
    </RequireWorkflowView>
  );
}
