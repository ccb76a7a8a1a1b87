import { hasWidget, type RegistryWidgetsType, type RJSFSchema } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { Widgets as antdWidgets } from '@rjsf/antd';
import { DateWidget } from './DateWidget.tsx';
import { DateRangeWidget } from './DateRangeWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';
import { LookupWidget } from './LookupWidget.tsx';
import { TextareaWidget } from './TextareaWidget.tsx';
import { UploadWidget } from './UploadWidget.tsx';
import { SelectWidget } from './SelectWidget.tsx';
import { MoneyWidget } from './MoneyWidget.tsx';
import { SecretWidget } from './SecretWidget.tsx';
import { TagsWidget } from './TagsWidget.tsx';

/**
 * The antd theme opens a select's list inside the field's parent element. Form sections skip
 * paint while off-screen (`content-visibility: auto`, speed/section-style.ts), which contains paint and
 * would clip a list opened near a section's edge, so lists open in document.body, as antd's own
 * default. The theme exposes this callback as its hook for exactly this.
 */
type PopupHook = { getPopupContainerCallback: () => (node: HTMLElement) => HTMLElement };
(antdWidgets.SelectWidget as unknown as PopupHook).getPopupContainerCallback = () => () => document.body;

/** The portal's own widgets, by the names declarations use (`x-widget`, `x-lookup`, `x-money`, `format: date`). */
export const portalWidgets = {
  lookup: LookupWidget,
  date: DateWidget,
  textarea: TextareaWidget,
  upload: UploadWidget,
  dateRange: DateRangeWidget,
  switch: SwitchWidget,
  money: MoneyWidget,
  secret: SecretWidget,
  tags: TagsWidget,
  SelectWidget,
} satisfies RegistryWidgetsType;

export type PortalWidgetName = keyof typeof portalWidgets;

/** Every widget a form can resolve: RJSF's defaults, the antd theme's over them, the portal's over those. */
const allWidgets: RegistryWidgetsType = { ...getDefaultRegistry().widgets, ...antdWidgets, ...portalWidgets };

export class UnknownWidgetError extends Error {
  readonly code = 'UNKNOWN_WIDGET';
  constructor(
    readonly widget: string,
    readonly field: string,
    readonly type: string,
  ) {
    super(`No widget '${widget}' for type '${type}' (field '${field || '(root)'}'); registered: ${Object.keys(allWidgets).sort().join(', ')}`);
  }
}

type Node = { type?: unknown; properties?: Record<string, Node>; items?: Node };

/**
 * Checks every `ui:widget` of a uiSchema against its schema node before the form renders (with
 * RJSF's own lookup), so a declaration naming a widget nobody registered fails loudly with the
 * field's path instead of surfacing deep inside a render.
 */
export function assertKnownWidgets(schema: Node, uiSchema: Record<string, unknown>, path = ''): void {
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:widget') {
      if (typeof value === 'string' && !hasWidget(schema as RJSFSchema, value, allWidgets)) throw new UnknownWidgetError(value, path, String(schema.type ?? 'unknown'));
      continue;
    }
    if (key.startsWith('ui:') || !value || typeof value !== 'object' || Array.isArray(value)) continue;
    const child = key === 'items' ? schema.items : schema.properties?.[key];
    if (child) assertKnownWidgets(child, value as Record<string, unknown>, path ? `${path}.${key}` : key);
  }
}

type UiNode = Record<string, unknown>;

/**
 * A declared uiSchema (a template's, written anywhere) with every `ui:widget` the field's type has
 * no widget for left out: the field falls back to RJSF's own rendering instead of failing the form.
 */
export function dropUnknownWidgets(schema: Node | undefined, ui: UiNode): UiNode {
  const out: UiNode = {};
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget') {
      if (typeof value !== 'string' || (schema && hasWidget(schema as RJSFSchema, value, allWidgets))) out[key] = value;
      continue;
    }
    if (key.startsWith('ui:') || !value || typeof value !== 'object' || Array.isArray(value)) {
      out[key] = value;
      continue;
    }
    const child = key === 'items' ? schema?.items : schema?.properties?.[key];
    out[key] = dropUnknownWidgets(child, value as UiNode);
  }
  return out;
}
