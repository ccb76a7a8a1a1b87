import { Alert } from 'antd';
import { useMemo } from 'react';
import { checkTemplate, localizeProblems } from '../../engine/index.ts';
import { useDesigner, useDesignerState } from './designer-context.tsx';
import type { Problem } from './template-api.ts';

/** What stops the template from being published: checked live in the browser, plus the server's last answer. */
export function ProblemList({ server }: { server: readonly Problem[] | undefined }) {
  const { t, lang } = useDesigner();
  const bundle = useDesignerState((s) => s.doc.bundle);
  const live = useMemo(() => localizeProblems(checkTemplate(bundle, lang), lang), [bundle, lang]);
  const list = server?.length ? server : live;
  if (!list.length) return <Alert type="success" showIcon title={t('problems.none')} data-testid="designer-problems" />;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="designer-problems"
      title={t(server?.length ? 'problems.server' : 'problems.live', { count: list.length })}
      description={list.map((p, i) => <div key={`${p.field}-${i}`}>{p.message}</div>)}
    />
  );
}
