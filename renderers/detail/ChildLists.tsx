import { useState } from 'react';
import { Button, Card, Tabs } from 'antd';
import type { DetailChildList, RegisteredEntity } from '../../engine/index.ts';
import { hasPermission, text, valueAt } from '../../engine/index.ts';
import type { EntityRecord } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { childFormPath } from '../env/entity-paths.ts';
import { EntityList } from '../list/EntityList.tsx';

/** Whether the record rests in one of the states (per lifecycle field) a child list's `create` names. */
const restsIn = (record: EntityRecord, states: Readonly<Record<string, readonly string[]>>) =>
  Object.entries(states).some(([field, list]) => list.includes(record.states[field] ?? ''));

/**
 * One child list: its own sort, page and filters, held by the detail page (not in its URL); with
 * `create`, a New button opening the child's form for this record while it rests in those states.
 */
function ChildList({ reg, child, record, value }: { reg: RegisteredEntity; child: DetailChildList; record: EntityRecord; value: string }) {
  const { permissions, lang, t, navigate } = useRendererEnv();
  const [search, setSearch] = useState(() => new URLSearchParams());
  const create = child.create && !record.throughGrant && restsIn(record, child.create.states) && hasPermission(permissions, reg.entity.permissions.create) ? child.create : undefined;
  const extra = create && (
    <Button type="primary" onClick={() => navigate(childFormPath(reg, record.id))} data-testid={`child-new-${reg.name}`}>
      {create.label ? text(create.label, lang) : t('list.new')}
    </Button>
  );
  return <EntityList reg={reg} label={child.label} fixed={{ field: child.field, value }} search={search} onSearchChange={setSearch} extra={extra} />;
}

/**
 * The detail's related lists (`views.detail.children`): the records of each child entity whose
 * field holds this record's id (or its value at `from`: a report's versions), with the child's own
 * columns, sort and filters, for users who may list them and while the record holds the list's
 * `when` value. Lists declared `tab` are the tabs of one "related records" card (a TRF's US
 * e-filing). `entityOf` finds a registered entity by name.
 */
export function ChildLists({ reg, record, entityOf }: { reg: RegisteredEntity; record: EntityRecord; entityOf(name: string): RegisteredEntity }) {
  const { permissions, lang, t } = useRendererEnv();
  const valueOf = (c: DetailChildList) => (c.from === undefined ? record.id : valueAt(record.doc, c.from));
  const shown = (reg.views.detail.children ?? []).filter(
    (c) => hasPermission(permissions, entityOf(c.entity).entity.permissions.list) && (!c.when || valueAt(record.doc, c.when.field) === c.when.equals) && typeof valueOf(c) === 'string' && valueOf(c) !== '',
  );
  const list = (c: DetailChildList) => <ChildList key={c.entity + c.field} reg={entityOf(c.entity)} child={c} record={record} value={valueOf(c) as string} />;
  const tabs = shown.filter((c) => c.tab);
  return (
    <>
      {shown.filter((c) => !c.tab).map(list)}
      {tabs.length ? (
        <Card size="small" title={t('detail.related')} data-testid="related-tabs">
          <Tabs items={tabs.map((c) => ({ key: c.entity + c.field, label: text(c.label, lang, c.entity), children: list(c) }))} />
        </Card>
      ) : null}
    </>
  );
}
