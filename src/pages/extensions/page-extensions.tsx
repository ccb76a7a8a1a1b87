import { Fragment, type ComponentType, type ReactNode } from 'react';
import type { EntityRecord } from '../../../engine/api-contract.ts';
import type { RegisteredEntity } from '../../../engine/registry.ts';
import { hasPermission } from '../../../engine/permissions.ts';
import { useSession } from '../../auth/session-store.ts';
import { FilingExchangesPanel } from '../efiling/FilingExchangesPanel.tsx';
import { InvoicePayPanel } from '../payments/InvoicePayPanel.tsx';
import { PaymentOrderPanel } from '../payments/PaymentOrderPanel.tsx';
import { PayInvoicesButton, invoiceToPay } from '../payments/PayInvoicesButton.tsx';

/**
 * The page extensions an entity's views may name (docs/declarations.md §2, page extensions): what a
 * screen needs beyond the generic pages, where no declaration can say it — a payment goes to its
 * provider. The generic pages know the slots, never the entities:
 * - `detail.extensions`: components shown on the record's detail page, below its sections;
 * - `list.selectionExtensions`: actions on the records selected in the entity's lists, each shown
 *   to a user holding its permission.
 */
export const DETAIL_EXTENSIONS: Readonly<Record<string, ComponentType<{ record: EntityRecord }>>> = {
  /** The invoice's "Pay" while the payer's company owes it. */
  invoicePay: InvoicePayPanel,
  /** A payment order's way to its provider and its exchanges with it. */
  paymentOrder: PaymentOrderPanel,
  /** An e-filing certificate's exchanges with the regulator. */
  efilingExchanges: FilingExchangesPanel,
};

export interface SelectionExtension {
  permission: string;
  render(records: readonly EntityRecord[]): ReactNode;
}

export const SELECTION_EXTENSIONS: Readonly<Record<string, SelectionExtension>> = {
  /** The selected invoices paid together (SPEC §5; the pay dialog checks the selection with the server). */
  payInvoices: { permission: 'paymentOrder:pay', render: (records) => <PayInvoicesButton invoices={records.map(invoiceToPay)} /> },
};

function named<T>(registry: Readonly<Record<string, T>>, slot: string, reg: RegisteredEntity, names: readonly string[] | undefined): T[] {
  return (names ?? []).map((name) => {
    const found = registry[name];
    if (!found) throw new Error(`${reg.name}: no page extension '${name}' for ${slot} (registered: ${Object.keys(registry).join(', ')})`);
    return found;
  });
}

/** The detail-page extensions an entity's views name (an unknown name fails loudly). */
export const detailExtensionsOf = (reg: RegisteredEntity) => named(DETAIL_EXTENSIONS, 'detail.extensions', reg, reg.views.detail.extensions);

/**
 * What the records selected in the entity's lists may be given to: the selection extensions its
 * views name that the user may use, rendered together; undefined when none (an unknown name fails loudly).
 */
export function useSelectionExtensions(reg: RegisteredEntity): ((records: readonly EntityRecord[]) => ReactNode) | undefined {
  const permissions = useSession((s) => s.permissions);
  const usable = named(SELECTION_EXTENSIONS, 'list.selectionExtensions', reg, reg.views.list.selectionExtensions).filter((e) => hasPermission(permissions, e.permission));
  if (!usable.length) return undefined;
  return (records) => usable.map((e, i) => <Fragment key={i}>{e.render(records)}</Fragment>);
}
