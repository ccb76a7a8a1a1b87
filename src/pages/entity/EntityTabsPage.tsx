import { useState } from 'react';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { hasPermission } from '../../../engine/permissions.ts';
import { text } from '../../../engine/i18n/labels.ts';
import { useSession } from '../../auth/session-store.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { DeclaredEntityList } from './DeclaredEntityList.tsx';
import type { ListTab } from './entity-route.ts';

/** One tab's list; its query (filters, sort, page) is its own, kept while the page is open. */
function TabList({ tab }: { tab: ListTab }) {
  const [search, setSearch] = useState(() => new URLSearchParams());
  return <DeclaredEntityList reg={tab.reg} list={tab.list} search={search} onSearchChange={setSearch} />;
}

/**
 * A tabbed page of lists (routes.partyLists `tab`, docs/declarations.md §3): one tab per entity
 * declaring a list at this path that the user may list, in declared order — the quotations,
 * statements and invoices waiting on the user at /todo/quotationAndInvoice/quotationAndInvoice.
 * The open tab is the URL's `tab` (the entity's name).
 */
export default function EntityTabsPage({ title, lists }: { title: string; lists: readonly ListTab[] }) {
  const lang = useLanguage();
  const permissions = useSession((s) => s.permissions);
  const [params, setParams] = useSearchParams();
  const shown = lists.filter((l) => hasPermission(permissions, l.reg.entity.permissions.list));
  const active = shown.find((l) => l.reg.name === params.get('tab'))?.reg.name ?? shown[0]?.reg.name;
  return (
    <div data-testid="tabbed-lists">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={shown.map((tab) => ({ key: tab.reg.name, label: <span data-testid={`tab-${tab.reg.name}`}>{text(tab.list.label, lang, tab.reg.name)}</span>, children: <TabList tab={tab} /> }))}
      />
    </div>
  );
}
