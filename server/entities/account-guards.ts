import { fieldLabel, message, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { Scope } from './visibility.ts';

type Doc = Record<string, unknown>;

const accountsIn = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x !== '');

/**
 * The login accounts a record names in its `x-lookup: accounts` fields (one, or a list) are the ones
 * that lookup offers the writer: the approved accounts of the writer's own company, or any approved
 * account for staff who see every company (a trainee enrolled by their company, an account of the
 * customer admin's company). Checked on the server for each changed field, so a hand-made request
 * cannot name another company's account: 400 with the field's message in the request's language.
 */
export async function checkAccountLookups(tx: Queryable, reg: RegisteredEntity, before: Doc | undefined, after: Doc, writer: { scope: Scope; companyId: string }, lang: Language): Promise<void> {
  for (const [field, node] of Object.entries(reg.schema.properties ?? {})) {
    if (node['x-lookup'] !== 'accounts') continue;
    const named = accountsIn(after[field]);
    const earlier = new Set(accountsIn(before?.[field]));
    const added = named.filter((a) => !earlier.has(a));
    if (!added.length) continue;
    const own = writer.scope.all ? null : writer.companyId;
    const { rows } = await tx.query<{ account: string }>("select account from users where account = any($1::text[]) and status = 'approved' and ($2::text is null or company_id = $2)", [added, own]);
    const found = new Set(rows.map((r) => r.account));
    const missing = added.find((a) => !found.has(a));
    if (missing === undefined) continue;
    const params = { account: missing.slice(0, 100) };
    const text = message(own ? 'ACCOUNT_NOT_OWN' : 'ACCOUNT_NOT_FOUND', lang, params);
    throw new ApiError(400, own ? 'ACCOUNT_NOT_OWN' : 'ACCOUNT_NOT_FOUND', params, [{ field, keyword: 'account', message: `${fieldLabel(node, lang, field)}: ${text}` }]);
  }
}
