import type { ReactNode } from 'react';
import { Result } from 'antd';
import { hasPermission, WORKFLOW_VIEW } from '../../../engine/permissions.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { statechartTexts } from '../../../renderers/statechart/labels.ts';

/** Renders its children only for users holding `workflow:view`; a 403 result otherwise. */
export function RequireWorkflowView({ children }: { children: ReactNode }) {
  const { permissions, lang } = useRendererEnv();
  if (!hasPermission(permissions, WORKFLOW_VIEW)) return <Result status="403" title="403" subTitle={statechartTexts(lang).noPermission} />;
  return <>{children}</>;
}
