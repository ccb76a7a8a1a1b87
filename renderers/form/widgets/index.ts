import type { RegistryWidgetsType } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { Widgets as antdWidgets } from '@rjsf/antd';
import { DateWidget } from './DateWidget.tsx';
import { LookupWidget } from './LookupWidget.tsx';
import { TextareaWidget } from './TextareaWidget.tsx';
import { UploadWidget } from './UploadWidget.tsx';

/** The portal's own widgets, by the names declarations use (`x-widget`, `x-lookup`, `format: date`). */
export const portalWidgets = {
  lookup: LookupWidget,
  date: DateWidget,
  textarea: TextareaWidget,
  upload: UploadWidget,
} satisfies RegistryWidgetsType;

export type PortalWidgetName = keyof typeof portalWidgets;

/** Every widget name a form can use: RJSF's defaults, the antd theme's, and the portal's. */
export const KNOWN_WIDGETS: ReadonlySet<string> = new Set([
  ...Object.keys(getDefaultRegistry().widgets),
  ...Object.keys(antdWidgets),
  ...Object.keys(portalWidgets),
]);

export class UnknownWidgetError extends Error {
  readonly code = 'UNKNOWN_WIDGET';
  constructor(
    readonly widget: string,
    readonly field: string,
  ) {
    super(`No widget '${widget}' is registered (field '${field || '(root)'}'); known widgets: ${[...KNOWN_WIDGETS].sort().join(', ')}`);
  }
}

/**
 * Checks every `ui:widget` named in a uiSchema before the form renders, so a declaration naming
 * a widget nobody registered fails loudly with the field's path instead of rendering a text box.
 */
export function assertKnownWidgets(uiSchema: Record<string, unknown>, path = ''): void {
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:widget') {
      if (typeof value === 'string' && !KNOWN_WIDGETS.has(value)) throw new UnknownWidgetError(value, path);
    } else if (!key.startsWith('ui:') && value && typeof value === 'object' && !Array.isArray(value)) {
      assertKnownWidgets(value as Record<string, unknown>, path ? `${path}.${key}` : key);
    }
  }
}
