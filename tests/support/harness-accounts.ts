import { ApiHarness } from './api-harness.ts';

/**
 * A started API harness on `backend` and a session token for each account named, in that order:
 * `[h, staff, applicant] = await harnessWithAccounts(backend, 'staff', 'applicant')` in a beforeAll.
 */
export async function harnessWithAccounts<const A extends readonly string[]>(backend: 'pglite' | 'postgres', ...accounts: A): Promise<[ApiHarness, ...{ [K in keyof A]: string }]> {
  const h = await ApiHarness.start(backend);
  const tokens: string[] = [];
  for (const account of accounts) tokens.push(await h.login(account));
  return [h, ...(tokens as { [K in keyof A]: string })];
}
