import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../engine/permissions.ts';
import { useSession } from '../../auth/session-store.ts';
import { useRegistry } from '../../registry/registry.ts';
import { countedStateField } from './state-counts.ts';
import { StateCountsCard } from './StateCountsCard.tsx';

/** /wel/index: for each entity with a lifecycle the user may list, its records per state. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const registry = useRegistry();
  const permissions = useSession((s) => s.permissions);
  const shown = registry
    .list()
    .filter((reg) => hasPermission(permissions, reg.entity.permissions.list))
    .map((reg) => ({ reg, field: countedStateField(reg) }))
    .filter((x): x is { reg: typeof x.reg; field: string } => x.field !== undefined);
  return (
    <Flex vertical gap={16} data-testid="dashboard">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      {shown.length === 0 && <Empty description={t('dashboard.empty')} />}
      {shown.map(({ reg, field }) => (
        <StateCountsCard key={reg.name} reg={reg} field={field} />
      ))}
    </Flex>
  );
}
