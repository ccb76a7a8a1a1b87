import { fetchFile, fileNameOf, request } from './client.ts';

/** The logged-in user's own information and settings (/info/index, /personality/settings), menu and guide. */
export interface AccountInfo {
  account: string;
  userName: string;
  email?: string;
  mobile?: string;
  contactNumber?: string;
  companyName?: string;
  customerNo?: string;
  companyStatus?: string;
  status?: string;
  settings?: AccountSettings;
}

export interface AccountSettings {
  client_home_page?: string;
  language?: 'zh-CN' | 'en-US';
}

export interface MenuNode {
  name: string;
  path: string;
  source?: string;
  children?: MenuNode[];
  /** A group another service's routes call fills (the e-filing menu): its place in the menu, empty. */
  service?: string;
}

export interface GuideProgress {
  step?: number;
  dismissed?: boolean;
  tasks?: Partial<Record<'buyer' | 'contact' | 'address' | 'notifications', boolean>>;
}

export const getAccount = () => request<AccountInfo>('/api/account/me');
export const updateAccount = (body: { userName: string; mobile?: string; contactNumber?: string }) => request<unknown>('/api/account/me', { method: 'PUT', json: body, quiet: true }); // field errors shown beside the inputs
export const updateSettings = (body: AccountSettings) => request<AccountSettings>('/api/account/settings', { method: 'PUT', json: body });
export const getMenu = () => request<MenuNode[]>('/api/menu');
/** The signed-in user's personal data as a JSON file (GET /api/account/me/personal-data): the file and its name. */
export async function downloadPersonalData(): Promise<{ blob: Blob; fileName: string }> {
  const response = await fetchFile(new URL('/api/account/me/personal-data', window.location.origin));
  return { blob: await response.blob(), fileName: fileNameOf(response, 'personal-data.json') };
}
export const saveUserGuide = (body: GuideProgress) => request<unknown>('/api/auth/save-user-guide', { method: 'POST', json: body });

/** Where a user lands after login when no page was asked for: their client_home_page setting, else /. */
export async function homePageAfterLogin(): Promise<string> {
  try {
    const page = (await getAccount()).settings?.client_home_page;
    return page && page.startsWith('/') && !page.startsWith('//') ? page : '/';
  } catch {
    return '/';
  }
}
