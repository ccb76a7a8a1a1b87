/** The session's permissions: login codes plus button codes, as a map of code → true (SPEC §3). */
export type PermissionMap = Readonly<Record<string, true>>;

/** Grants every record of every company (internal staff). */
export const ALL_COMPANIES = 'data:allCompanies';

/** Reviewing lifecycle machines (the viewer at /workflows and its first paint) is for internal staff (SPEC §6). */
export const WORKFLOW_VIEW = 'workflow:view';

export function toPermissionMap(...codeLists: readonly (readonly string[] | string | undefined)[]): PermissionMap {
  const map: Record<string, true> = {};
  for (const list of codeLists) {
    const codes = typeof list === 'string' ? list.split(',') : (list ?? []);
    for (const code of codes) if (code.trim()) map[code.trim()] = true;
  }
  return map;
}

export function hasPermission(map: PermissionMap, code: string): boolean {
  return map[code] === true;
}
