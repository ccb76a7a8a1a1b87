import { useEffect } from 'react';
import { App } from 'antd';
import { Navigate } from 'react-router';

/**
 * A detail page opened without saying which record (no `?id=`): the one rule of every detail route
 * (issue 53) — the entity's list, with a message saying why. The message is keyed, so a page
 * rendered twice (React's strict mode) says it once.
 */
export function ToListWithMessage({ content, list }: { content: string; list: string }) {
  const { message } = App.useApp();
  useEffect(() => {
    void message.open({ key: 'detail-no-record', type: 'info', content: <span data-testid="detail-no-record">{content}</span> });
  }, [message, content]);
  return <Navigate to={list} replace />;
}
