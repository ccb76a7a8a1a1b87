import type { RegisteredEntity } from '../../engine/index.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { LinkedData, LinkedWrite } from '../entities/linked-data.ts';
import { checkAccountUnique, insertEnabledAccount, raced, type NewAccount } from './enabled-account.ts';

type Doc = Record<string, unknown>;

/** The field of a schema that holds a record's first account (`x-firstAccount`), if any. */
export function firstAccountField(reg: RegisteredEntity): string | undefined {
  return Object.entries(reg.schema.properties).find(([, node]) => node['x-firstAccount'])?.[0];
}

/** Roles of an account by its company's types (schemas/_access/roles.json: UserRole). */
const USER_ROLES: Readonly<Record<string, string>> = { buyer: 'Buyer', supplier: 'Supplier', agent: 'Agent', manufacturer: 'Manufacturer', factory: 'Manufacturer' };

/**
 * A company's first account, made with its record (docs/declarations.md §3, `x-firstAccount`):
 * the field's value (checked by the schema like any other) is not stored in the document but
 * becomes the company's customer admin, enabled at once, made like an account an admin creates
 * (enabled-account.ts: the set-password mail through the outbox in the same transaction). A taken
 * account name, email or mobile is a 409 on that field, and nothing is written. On an update the
 * field is dropped: the account is the account pages' business from then on.
 */
export class FirstAccount implements LinkedData {
  constructor(
    private readonly outbox: Outbox,
    /** The portal's address the set-password link of the mail points at (configured, never a request's Host). */
    private readonly portalUrl: string,
  ) {}

  async prepare(reg: RegisteredEntity, _body: Doc, doc: Doc): Promise<LinkedWrite | undefined> {
    const field = firstAccountField(reg);
    if (!field || !(field in doc)) return undefined;
    return {
      write: async (tx, ctx) => {
        const { [field]: value, ...rest } = ctx.doc;
        if (ctx.previous || !value || typeof value !== 'object') return rest;
        const a = value as Doc;
        const kinds = Array.isArray(rest.roles) ? rest.roles : [];
        const account: NewAccount = {
          account: String(a.account).trim(),
          userName: String(a.userName).trim(),
          email: String(a.email).trim(),
          mobile: typeof a.mobile === 'string' && a.mobile ? a.mobile : null,
          companyId: ctx.companyId,
          dimensions: { UserRole: kinds.map((k) => USER_ROLES[String(k)]).find(Boolean) ?? 'Applicant' },
          isAdmin: true,
          lang: ctx.lang,
        };
        await checkAccountUnique(tx, account, null, ctx.lang, `${field}.`);
        try {
          await insertEnabledAccount(tx, this.outbox, account, this.portalUrl);
        } catch (err) {
          raced(err, ctx.lang, `${field}.`);
        }
        return rest;
      },
    };
  }

  async checkValid(): Promise<void> {}

  async copyInput(): Promise<Doc | undefined> {
    return undefined;
  }

  async remove(): Promise<void> {}
}
