import { message, valueAt, type Language, type RegisteredEntity } from '../../engine/index.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { LinkedData } from '../entities/linked-data.ts';
import { buyerOf } from './settings-repo.ts';
import { dffField } from './dff-records.ts';

type Doc = Record<string, unknown>;

/** The field of an entity whose options are the TRF templates (`x-lookup: templates`). */
function templateField(reg: RegisteredEntity): string | undefined {
  return Object.entries(reg.schema.properties).find(([, node]) => node['x-lookup'] === 'templates')?.[0];
}

interface Binding {
  trf_template_id: string;
  customer_group: string | null;
  customer_id: string | null;
  product_line: string | null;
}

/**
 * The TRF template rules of SPEC §5/§8 (the template settings bind TRF templates to customer
 * groups or customers, /template/template-setting), checked on every write of a record that has
 * a template and a buyer (`x-dff`), with or without DFF data:
 * - a template bound to buyers needs the buyer chosen first ('template missing buyer');
 * - a template bound to customer groups only needs a buyer belonging to one ('buyer has no customer group');
 * - a buyer whose settings name other TRF templates of the chosen template's product line has
 *   its own one replace it ('template replaced by buyer').
 * Each refusal is a 400 on the field concerned, in the request's language (the form shows it there).
 */
export class TemplateRules implements LinkedData {
  constructor(private readonly db: Database) {}

  /** Every write: a draft may still lack its buyer, but never holds a template its buyer cannot use. */
  async prepare(reg: RegisteredEntity, _body: Doc, doc: Doc, lang: Language): Promise<undefined> {
    await this.check(this.db, reg, doc, lang, false);
    return undefined;
  }

  /** Leaving the draft (an action needing a valid document): the buyer must be there too. */
  async checkValid(tx: Queryable, reg: RegisteredEntity, doc: Doc, lang: Language): Promise<void> {
    await this.check(tx, reg, doc, lang, true);
  }

  async copyInput(): Promise<undefined> {
    return undefined;
  }

  async remove(): Promise<void> {}

  private async check(db: Queryable, reg: RegisteredEntity, doc: Doc, lang: Language, complete: boolean): Promise<void> {
    const dff = dffField(reg);
    const field = templateField(reg);
    const template = field ? doc[field] : undefined;
    if (!dff || !field || typeof template !== 'string' || !template) return;
    const buyerId = valueAt(doc, dff.buyer);
    const fail = (at: string, code: 'TEMPLATE_MISSING_BUYER' | 'BUYER_NO_CUSTOMER_GROUP' | 'TEMPLATE_REPLACED_BY_BUYER', params: Record<string, string> = {}): never => {
      throw new ApiError(400, 'VALIDATION_FAILED', {}, [{ field: at, keyword: 'template', message: message(code, lang, params) }]);
    };
    const { rows: bound } = await db.query<Binding>(
      'select trf_template_id, customer_group, customer_id, product_line from template_settings where trf_template_id = $1 and (customer_group is not null or customer_id is not null)',
      [template.slice(0, 100)],
    );
    if (typeof buyerId !== 'string' || !buyerId) {
      if (bound.length && complete) fail(dff.buyer, 'TEMPLATE_MISSING_BUYER');
      return;
    }
    const buyer = await buyerOf(db, buyerId.slice(0, 100));
    if (!buyer) return;
    const buyerName = lang === 'en-US' ? (buyer.nameEn ?? buyer.name) : buyer.name;
    const forBuyer = bound.some((b) => b.customer_id === buyer.id || (b.customer_group !== null && b.customer_group === buyer.customerGroup));
    if (bound.length && !forBuyer && !buyer.customerGroup && bound.every((b) => b.customer_id === null)) fail(dff.buyer, 'BUYER_NO_CUSTOMER_GROUP', { buyer: buyerName });
    // The buyer's own settings (its customer's, then its group's) naming TRF templates of the same product line.
    const { rows: own } = await db.query<{ id: string; name_zh: string; name_en: string }>(
      `select distinct t.id, t.name_zh, t.name_en from template_settings s join templates t on t.id = s.trf_template_id
        where (s.customer_id = $1 or ($2::text is not null and s.customer_group = $2 and s.customer_id is null))
          and t.product_line = (select product_line from templates where id = $3) order by t.id`,
      [buyer.id, buyer.customerGroup, template.slice(0, 100)],
    );
    const replacement = own.find((t) => t.id !== template);
    if (replacement && !own.some((t) => t.id === template)) {
      fail(field, 'TEMPLATE_REPLACED_BY_BUYER', { buyer: buyerName, template: lang === 'en-US' ? replacement.name_en : replacement.name_zh });
    }
  }
}
