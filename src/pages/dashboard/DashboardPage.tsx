import { Col, Empty, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardTile } from '../../../engine/declaration/dashboard.ts';
import { DASHBOARD_TILES } from '../../../engine/generated/shell-entities.ts';
import { hasPermission, type PermissionMap } from '../../../engine/permissions.ts';
import { holdsAnyRole, type RoleMarks } from '../../../engine/declaration/roles.ts';
import { countedStateField, todoListOf } from '../../../engine/shell-entity.ts';
import { useRoleMarks, useSession } from '../../auth/session-store.ts';
import { useShellRegistry, type ShellRegistry } from '../../registry/shell-registry.ts';
import { GuideTile } from './GuideTile.tsx';
import { LinksTile, RecentTile, TodoTile } from './ListTiles.tsx';
import { StateCountsCard } from './StateCountsCard.tsx';

/** A declared tile as its component, or nothing: its entity is not registered (yet), the user may not list it, or it has nothing to count. */
function tileOf(tile: DashboardTile, registry: ShellRegistry, permissions: PermissionMap, user: RoleMarks): ReactNode {
  if (!holdsAnyRole(tile.roles, user)) return null;
  if (tile.kind === 'guide') return <GuideTile />;
  if (!tile.entity || !registry.has(tile.entity)) return null;
  const reg = registry.get(tile.entity);
  if (!hasPermission(permissions, reg.entity.permissions.list)) return null;
  switch (tile.kind) {
    case 'states': {
      const field = countedStateField(reg, tile.region);
      return field ? <StateCountsCard reg={reg} field={field} /> : null;
    }
    case 'todo':
      return todoListOf(reg, tile.list) ? <TodoTile reg={reg} tile={tile} /> : null;
    case 'recent':
      return <RecentTile reg={reg} tile={tile} />;
    case 'links':
      return <LinksTile reg={reg} tile={tile} />;
  }
}

/**
 * /wel/index: the tiles of schemas/_dashboard/dashboard.json the user can see — records per state
 * (one aggregated request), work lists' counts, the newest reports with their conclusions, SGS
 * services, the onboarding tasks — each opening its list. One column below 768 px, two from 768,
 * three from 1200 (wide tiles span the row).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const registry = useShellRegistry();
  const permissions = useSession((s) => s.permissions);
  const user = useRoleMarks();
  const shown = DASHBOARD_TILES.flatMap((tile, i) => {
    const node = tileOf(tile, registry, permissions, user);
    return node ? [{ key: `${i}-${tile.kind}-${tile.entity ?? ''}`, node, wide: tile.wide === true }] : [];
  });
  const hasData = shown.some((s) => !s.key.includes('-guide-'));
  return (
    <Flex vertical gap={16} data-testid="dashboard">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('dashboard.title')}
      </Typography.Title>
      {!hasData && <Empty description={t('dashboard.empty')} />}
      <Row gutter={[16, 16]}>
        {shown.map(({ key, node, wide }) => (
          <Col key={key} xs={24} md={wide ? 24 : 12} xl={wide ? 24 : 8}>
            {node}
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
