import { useMemo } from 'react';
import { create } from 'zustand';
import { toPermissionMap, type PermissionMap } from '../../engine/permissions.ts';
import type { SessionProfile, UserInfo } from '../api/auth.ts';
import { clearToken, readToken, writeToken } from './token-storage.ts';
import { clearSessionSettings } from '../settings/ui-settings.ts';

const PROFILE_KEY = 'portico_session';

interface StoredProfile {
  profile: SessionProfile;
  buttons: string[];
}

export interface SessionState {
  token?: string;
  /** Login permission codes plus button codes, as code → true (SPEC §3). */
  permissions: PermissionMap;
  userInfo?: UserInfo;
  dimensions: Record<string, string | undefined>;
  profile?: SessionProfile;
  /** Starts a session: token, profile and button codes; all kept for the browser session. */
  signIn(token: string, profile: SessionProfile, buttons: string[]): void;
  /** Fills the profile of a session whose token was found (e.g. the cookie, in a new tab). */
  restore(profile: SessionProfile, buttons: string[]): void;
  /** Changes the user's own information (after /info/index saved it), keeping the rest of the session. */
  updateUserInfo(patch: Partial<UserInfo>): void;
  /** Changes other profile fields the user saved (the guide), keeping the rest of the session. */
  updateProfile(patch: Partial<Omit<SessionProfile, 'userInfo'>>): void;
  /** Forgets everything about the session: token, profile (menu, roles), and the session's local settings (lock, tabs, guide flags). */
  clear(): void;
}

function readStored(): StoredProfile | undefined {
  try {
    const raw = sessionStorage.getItem(PROFILE_KEY);
    return raw ? (JSON.parse(raw) as StoredProfile) : undefined;
  } catch {
    return undefined;
  }
}

function derived(stored: StoredProfile | undefined) {
  return {
    profile: stored?.profile,
    userInfo: stored?.profile.userInfo,
    dimensions: stored?.profile.dimensions ?? {},
    permissions: toPermissionMap(stored?.profile.permissions, stored?.buttons),
  };
}

const startToken = readToken();

/** What marks the session user's roles (engine/declaration/roles.ts): dimensions and the customer-admin flag. */
export function useRoleMarks(): { dimensions: Record<string, string | undefined>; isAdmin: boolean } {
  const dimensions = useSession((s) => s.dimensions);
  const isAdmin = useSession((s) => s.userInfo?.isAdmin === true);
  return useMemo(() => ({ dimensions, isAdmin }), [dimensions, isAdmin]);
}

export const useSession = create<SessionState>((set) => ({
  token: startToken,
  ...derived(startToken ? readStored() : undefined),
  signIn(token, profile, buttons) {
    writeToken(token);
    const stored = { profile, buttons };
    sessionStorage.setItem(PROFILE_KEY, JSON.stringify(stored));
    set({ token, ...derived(stored) });
  },
  restore(profile, buttons) {
    const stored = { profile, buttons };
    sessionStorage.setItem(PROFILE_KEY, JSON.stringify(stored));
    set(derived(stored));
  },
  updateUserInfo(patch) {
    const stored = readStored();
    if (!stored) return;
    const next = { ...stored, profile: { ...stored.profile, userInfo: { ...stored.profile.userInfo, ...patch } } };
    sessionStorage.setItem(PROFILE_KEY, JSON.stringify(next));
    set(derived(next));
  },
  updateProfile(patch) {
    const stored = readStored();
    if (!stored) return;
    const next = { ...stored, profile: { ...stored.profile, ...patch } };
    sessionStorage.setItem(PROFILE_KEY, JSON.stringify(next));
    set(derived(next));
  },
  clear() {
    clearToken();
    clearSessionSettings();
    sessionStorage.removeItem(PROFILE_KEY);
    set({ token: undefined, ...derived(undefined) });
  },
}));
