import { useState } from 'react';
import type { RegisteredEntity } from '../../engine/index.ts';
import { hasPermission } from '../../engine/index.ts';
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
 * may list them. `entityOf` finds a registered entity by name.
 */
export function ChildLists({ reg, record, entityOf }: { reg: RegisteredEntity; record: EntityRecord; entityOf(name: string): RegisteredEntity }) {
  const { permissions } = useRendererEnv();
  return (
    <>
      {(reg.views.detail.children ?? []).map((c) => {
        const child = entityOf(c.entity);
        if (!hasPermission(permissions, child.entity.permissions.list)) return null;
        return <ChildList key={c.entity + c.field} reg={child} field={c.field} record={record} label={c.label} />;
      })}
    </>
  );
}
