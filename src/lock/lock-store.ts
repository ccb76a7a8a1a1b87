import { create } from 'zustand';
import { readSetting, SETTING, writeSetting } from '../settings/ui-settings.ts';
import { useSession } from '../auth/session-store.ts';

/**
 * The screen lock (SPEC §2): the user sets a lock password, every page then redirects to /lock
 * until it is typed again. Kept in the local settings (lock flag and password) and ended with
 * the session.
 */
interface LockState {
  locked: boolean;
  lock(password: string): void;
  /** True when the password is the one set at locking. */
  unlock(password: string): boolean;
  reset(): void;
}

export const useLock = create<LockState>((set) => ({
  locked: readSetting<boolean>(SETTING.locked) === true,
  lock(password) {
    writeSetting(SETTING.lockPassword, password);
    writeSetting(SETTING.locked, true);
    set({ locked: true });
  },
  unlock(password) {
    if (password !== readSetting<string>(SETTING.lockPassword)) return false;
    writeSetting(SETTING.locked, false);
    set({ locked: false });
    return true;
  },
  reset() {
    set({ locked: false });
  },
}));

// The lock ends with the session (its stored flag is cleared by the session store).
useSession.subscribe((s) => {
  if (!s.token && useLock.getState().locked) useLock.getState().reset();
});
