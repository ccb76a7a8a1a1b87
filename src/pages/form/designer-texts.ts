import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, TEMPLATE_DESIGN, type PermissionMap } from '../../../engine/index.ts';
import type { DesignerTranslate } from '../../../renderers/designer/designer-context.tsx';

/** The designer's texts: the `designer.` keys of the portal's i18n resources. */
export function useDesignerTexts(): DesignerTranslate {
  const { t } = useTranslation();
  return useCallback<DesignerTranslate>((key, params) => t(`designer.${key}`, params ?? {}), [t]);
}

/** Designing templates is for holders of `template:design` (internal staff). */
export const canDesign = (permissions: PermissionMap): boolean => hasPermission(permissions, TEMPLATE_DESIGN);
