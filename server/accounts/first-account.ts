import { randomUUID } from 'node:crypto';
import { fieldAt, fieldLabel, message, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { Outbox } from '../mail/outbox.ts';
import type { LinkedData, LinkedWrite } from '../entities/linked-data.ts';
import { issueCode } from './codes.ts';
import { hashPassword } from '../auth/passwords.ts';
import { firstAccountMail } from './mail-texts.ts';

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
 * becomes the company's customer admin, approved, with an unusable password and a mail, through
 * the outbox in the same transaction, telling how to set one (the password reset code). A taken
 * account name, email or mobile is a 409 on that field, and nothing is written. On an update the
 * field is dropped: the account is the account pages' business from then on.
 */
export class FirstAccount implements LinkedData {
  constructor(private readonly outbox: Outbox) {}

  async prepare(reg: RegisteredEntity, _body: Doc, doc: Doc): Promise<LinkedWrite | undefined> {
    const field = firstAccountField(reg);
    if (!field || !(field in doc)) return undefined;
    const unusable = await hashPassword(randomUUID());
    return {
      write: async (tx, ctx) => {
        const { [field]: value, ...rest } = ctx.doc;
        if (ctx.previous || !value || typeof value !== 'object') return rest;
        await this.create(tx, reg, field, value as Doc, { companyId: ctx.companyId, kinds: Array.isArray(rest.roles) ? rest.roles : [], password: unusable }, ctx.lang);
        return rest;
      },
    };
  }

  private async create(tx: Queryable, reg: RegisteredEntity, field: string, a: Doc, company: { companyId: string; kinds: unknown[]; password: string }, lang: Language): Promise<void> {
    const account = String(a.account).trim();
    const email = String(a.email).trim();
    const mobile = typeof a.mobile === 'string' && a.mobile ? a.mobile : null;
    const { rows } = await tx.query<{ account: string; email: string | null; mobile: string | null }>(
      'select account, email, mobile from users where lower(account) = lower($1) or lower(email) = lower($2) or mobile = $3',
      [account, email, mobile],
    );
    const taken = [
      rows.some((r) => r.account.toLowerCase() === account.toLowerCase()) && 'account',
      rows.some((r) => r.email?.toLowerCase() === email.toLowerCase()) && 'email',
      mobile && rows.some((r) => r.mobile === mobile) && 'mobile',
    ].filter((k): k is string => Boolean(k));
    if (taken.length) {
      const paths = taken.map((k) => `${field}.${k}`);
      const labels = paths.map((p) => fieldLabel(fieldAt(reg.schema, p), lang, p)).join(lang === 'zh-CN' ? '、' : ', ');
      const text = message('DUPLICATE_VALUE', lang, { fields: labels });
      throw new ApiError(409, 'DUPLICATE_VALUE', { fields: labels }, paths.map((p) => ({ field: p, keyword: 'unique', message: text })));
    }
    const role = company.kinds.map((k) => USER_ROLES[String(k)]).find(Boolean) ?? 'Applicant';
    await tx.query(
      `insert into users (id, account, user_name, email, mobile, password_hash, company_id, dimensions, is_admin, status, settings)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, true, 'approved', jsonb_build_object('language', $9::text))`,
      [`u-${randomUUID()}`, account, String(a.userName).trim(), email, mobile, company.password, company.companyId, JSON.stringify({ UserRole: role }), lang],
    );
    const code = await issueCode(tx, email, 'resetPassword');
    await this.outbox.queue(tx, firstAccountMail(email, account, code, lang));
  }

  async checkValid(): Promise<void> {}

  async copyInput(): Promise<Doc | undefined> {
    return undefined;
  }

  async remove(): Promise<void> {}
}
