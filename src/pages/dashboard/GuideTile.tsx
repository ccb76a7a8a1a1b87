import CheckCircleTwoTone from '@ant-design/icons/CheckCircleTwoTone';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import { Card, List, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GuideProgress } from '../../api/account.ts';
import { useSession } from '../../auth/session-store.ts';
import { GUIDE_TASKS } from '../../guide/guide-progress.ts';

/** The user's onboarding tasks (the guide's, ticked in the guide widget) and how many are done. */
export function GuideTile() {
  const { t } = useTranslation();
  const guide = (useSession((s) => s.profile?.guide) ?? {}) as GuideProgress;
  const done = GUIDE_TASKS.filter((task) => guide.tasks?.[task]).length;
  return (
    <Card title={t('guide.tasksTitle', { done, total: GUIDE_TASKS.length })} data-tile="guide">
      <Progress percent={Math.round((done / GUIDE_TASKS.length) * 100)} size="small" />
      <List
        size="small"
        dataSource={[...GUIDE_TASKS]}
        renderItem={(task) => (
          <List.Item data-task={task} data-done={guide.tasks?.[task] === true}>
            {guide.tasks?.[task] ? <CheckCircleTwoTone twoToneColor="#52c41a" /> : <ClockCircleOutlined />} <span style={{ marginInlineStart: 8 }}>{t(`guide.task.${task}`)}</span>
          </List.Item>
        )}
      />
    </Card>
  );
}
