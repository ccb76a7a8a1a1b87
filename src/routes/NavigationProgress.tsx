import { useEffect, useState } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * A thin bar across the top while the portal navigates (SPEC §2): it runs on each change of page
 * and finishes quickly; a page whose code is still loading keeps its own bar (PageLoading) running.
 */
export function ProgressBar({ percent, visible }: { percent: number; visible: boolean }) {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  return (
    <div
      role="progressbar"
      aria-label={t('app.loading')}
      aria-valuenow={percent}
      data-testid="nav-progress"
      style={{
        position: 'fixed', top: 0, left: 0, height: 3, zIndex: 2000, width: `${percent}%`, background: token.colorPrimary,
        opacity: visible ? 1 : 0, transition: 'width 300ms ease-out, opacity 300ms ease-in', pointerEvents: 'none',
      }}
    />
  );
}

export function NavigationProgress() {
  const { pathname } = useLocation();
  const [state, setState] = useState({ percent: 0, visible: false });
  useEffect(() => {
    setState({ percent: 30, visible: true });
    const timers = [
      setTimeout(() => setState({ percent: 85, visible: true }), 50),
      setTimeout(() => setState({ percent: 100, visible: true }), 350),
      setTimeout(() => setState({ percent: 100, visible: false }), 650),
    ];
    return () => timers.forEach(clearTimeout);
  }, [pathname]);
  return <ProgressBar {...state} />;
}
