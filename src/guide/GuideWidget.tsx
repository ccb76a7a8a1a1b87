import { useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, Flex, FloatButton, Steps, Typography } from 'antd';
import CompassOutlined from '@ant-design/icons/CompassOutlined';
import { useTranslation } from 'react-i18next';
import { saveUserGuide, type GuideProgress } from '../api/account.ts';
import { alreadyShown } from '../api/client.ts';
import { useRoleMarks, useSession } from '../auth/session-store.ts';
import { holdsAnyRole } from '../../engine/declaration/roles.ts';
import { DASHBOARD_TILES } from '../../engine/generated/shell-entities.ts';
import { useOpenedOnce } from '../shell/use-opened-once.ts';
import { GUIDE_STEPS, GUIDE_TASKS, markOpenedByItself, mergeGuide, opensByItself } from './guide-progress.ts';

const GUIDE_ROLES = DASHBOARD_TILES.find((tile) => tile.kind === 'guide')?.roles;

/**
 * The new-user guide (SPEC §9: up to 7 steps and 4 onboarding tasks). It opens by itself once a
 * session for a user not through with it (new users), and from its floating button (the badge
 * counts the tasks left) until the user dismisses it; the step, the ticked tasks and the dismissal
 * are saved with POST /api/auth/save-user-guide.
 */
export function GuideWidget() {
  // The onboarding tasks are for the roles the dashboard's guide tile names (staff have none).
  return holdsAnyRole(GUIDE_ROLES, useRoleMarks()) ? <Guide /> : null;
}

function Guide() {
  const { t } = useTranslation();
  const profile = useSession((s) => s.profile);
  const [guide, setGuide] = useState<GuideProgress>(() => (profile?.guide ?? {}) as GuideProgress);
  const [open, setOpen] = useState(() => opensByItself(guide));
  const step = Math.min(guide.step ?? 0, GUIDE_STEPS - 1);
  useEffect(() => {
    if (open) markOpenedByItself();
  }, [open]);

  const save = (patch: GuideProgress) => {
    const next = mergeGuide(guide, patch);
    setGuide(next);
    useSession.getState().updateProfile({ guide: next });
    saveUserGuide(patch.tasks ? { ...patch, tasks: next.tasks } : patch).catch(alreadyShown);
  };
  const close = () => setOpen(false);
  const dismiss = () => {
    save({ dismissed: true });
    close();
  };
  const done = GUIDE_TASKS.filter((task) => guide.tasks?.[task]).length;
  const mounted = useOpenedOnce(open);

  if (guide.dismissed) return null;
  return (
    <>
      <FloatButton icon={<CompassOutlined />} tooltip={t('guide.title')} aria-label={t('guide.button')} style={{ insetInlineEnd: 24, insetBlockEnd: 100 }} onClick={() => setOpen(true)} data-testid="guide-button" badge={{ count: GUIDE_TASKS.length - done, size: 'small' }} />
      {mounted && (
        <Drawer open={open} onClose={close} title={t('guide.title')} size={420} data-testid="guide">
          <Typography.Title level={5}>{t(`guide.step${step + 1}.title`)}</Typography.Title>
          <Typography.Paragraph>{t(`guide.step${step + 1}.text`)}</Typography.Paragraph>
          <Steps size="small" current={step} items={Array.from({ length: GUIDE_STEPS }, (_, i) => ({ title: '', 'aria-label': t(`guide.step${i + 1}.title`) }))} style={{ marginBottom: 16 }} />
          <Flex gap={8} style={{ marginBottom: 24 }}>
            <Button disabled={step === 0} onClick={() => save({ step: step - 1 })}>
              {t('guide.previous')}
            </Button>
            <Button type="primary" disabled={step === GUIDE_STEPS - 1} onClick={() => save({ step: step + 1 })} data-testid="guide-next">
              {t('guide.next')}
            </Button>
          </Flex>
          <Typography.Title level={5}>{t('guide.tasksTitle', { done, total: GUIDE_TASKS.length })}</Typography.Title>
          {GUIDE_TASKS.map((task) => (
            <div key={task} style={{ marginBottom: 8 }}>
              <Checkbox checked={guide.tasks?.[task] === true} onChange={(e) => save({ tasks: { [task]: e.target.checked } })} data-testid={`guide-task-${task}`}>
                {t(`guide.task.${task}`)}
              </Checkbox>
            </div>
          ))}
          <Button type="link" danger onClick={dismiss} style={{ paddingInline: 0, marginTop: 16 }} data-testid="guide-dismiss">
            {t('guide.dismiss')}
          </Button>
        </Drawer>
      )}
    </>
  );
}
