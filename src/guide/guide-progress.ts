import type { GuideProgress } from '../api/account.ts';
import { readSetting, SETTING, writeSetting } from '../settings/ui-settings.ts';

export const GUIDE_STEPS = 7;
export const GUIDE_TASKS = ['buyer', 'contact', 'address', 'notifications'] as const;

/** The user is through with the guide: dismissed it, or ticked every onboarding task. */
export const guideFinished = (guide: GuideProgress) => guide.dismissed === true || GUIDE_TASKS.every((task) => guide.tasks?.[task]);

/**
 * Whether the guide opens by itself: for a user not through with it, once per session (the
 * auto-off flag, a local setting cleared at logout, remembers that it has opened).
 */
export const opensByItself = (guide: GuideProgress) => !guideFinished(guide) && readSetting<boolean>(SETTING.autoOff) !== true;

export const markOpenedByItself = () => writeSetting(SETTING.autoOff, true);

/** The progress after a change (tasks merged, since the server keeps the object it is given). */
export const mergeGuide = (guide: GuideProgress, patch: GuideProgress): GuideProgress => ({ ...guide, ...patch, tasks: { ...guide.tasks, ...patch.tasks } });
