import { useState } from 'react';
import { Card, Tabs } from 'antd';
import type { RegisteredEntity } from '../../engine/index.ts';
import { hasPermission, text, valueAt } from '../../engine/index.ts';
import type { EntityRecord } from '../env/data-provider.ts';
import { useRendererEnv } from '../env/renderer-env.tsx';
import { EntityList } from '../list/EntityList.tsx';

/** One child list: its own sort, page and filters, held by the detail page (not in its URL). */
function ChildList({ reg, field, record, label }: { reg: RegisteredEntity; field: string; record: EntityRecord; label: RegisteredEntity['entity']['label'] }) {
  const [search, setSearch] = useState(() => new URLSearchParams());
  return <EntityList reg={reg} label={label} fixed={{ field, value: record.id }} search={search} onSearchChange={setSearch} />;
}

/**
 * The detail's related lists (`views.detail.children`): the records of each child entity whose
 * field holds this record's id, with the child's own columns, sort and filters, for users who
 * may list them and while the record holds the list's `when` value. Lists declared `tab` are the
 * tabs of one "related records" card (a TRF's US e-filing). `entityOf` finds a registered entity by name.
 */
export function ChildLists({ reg, record, entityOf }: { reg: RegisteredEntity; record: EntityRecord; entityOf(name: string): RegisteredEntity }) {
  const { permissions, lang, t } = useRendererEnv();
  const shown = (reg.views.detail.children ?? []).filter(
    (c) => hasPermission(permissions, entityOf(c.entity).entity.permissions.list) && (!c.when || valueAt(record.doc, c.when.field) === c.when.equals),
  );
  const tabs = shown.filter((c) => c.tab);
  return (
    <>
      {shown
        .filter((c) => !c.tab)
        .map((c) => (
          <ChildList key={c.entity + c.field} reg={entityOf(c.entity)} field={c.field} record={record} label={c.label} />
        ))}
      {tabs.length ? (
        <Card size="small" title={t('detail.related')} data-testid="related-tabs">
          <Tabs
            items={tabs.map((c) => ({
              key: c.entity + c.field,
              label: text(c.label, lang, c.entity),
              children: <ChildList reg={entityOf(c.entity)} field={c.field} record={record} label={c.label} />,
            }))}
          />
        </Card>
      ) : null}
    </>
  );
}
