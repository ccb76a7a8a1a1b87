import { useState } from 'react';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import { hasPermission } from '../../../engine/permissions.ts';
import { text } from '../../../engine/i18n/labels.ts';
import { EntityList } from '../../../renderers/list/EntityList.tsx';
import { useSession } from '../../auth/session-store.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { PayInvoicesButton, invoiceToPay } from '../payments/PayInvoicesButton.tsx';
import type { ListTab } from './entity-route.ts';

/**
 * What a tab's selected records may be given to beyond the generic list: the selected invoices
 * are paid together (SPEC §5; the pay dialog checks the selection with the server).
 */
const selectionActions: Record<string, { permission: string; render: (records: readonly EntityRecord[]) => React.ReactNode }> = {
  invoice: { permission: 'paymentOrder:pay', render: (records) => <PayInvoicesButton invoices={records.map(invoiceToPay)} /> },
};

/** One tab's list; its query (filters, sort, page) is its own, kept while the page is open. */
function TabList({ tab }: { tab: ListTab }) {
  const [search, setSearch] = useState(() => new URLSearchParams());
  const permissions = useSession((s) => s.permissions);
  const { list, reg } = tab;
  const extra = selectionActions[reg.name];
  return (
    <EntityList
      reg={reg}
      party={list.party}
      label={list.label}
      columns={list.columns}
      name={list.name}
      filterFields={list.filters}
      create={list.create}
      rowActions={list.rowActions}
      rowDocuments={list.rowDocuments}
      selectionActions={extra && hasPermission(permissions, extra.permission) ? extra.render : undefined}
      search={search}
      onSearchChange={setSearch}
    />
  );
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
