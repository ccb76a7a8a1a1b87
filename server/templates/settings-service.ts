import { randomUUID } from 'node:crypto';
import {
  checkedSchema,
  message,
  text,
  validateForm,
  type EntityRegistry,
  type EntitySchema,
  type Language,
  type LocalizedText,
  type TemplateBundle,
} from '../../engine/index.ts';
import settingSchema from '../../schemas/template/template-setting.schema.json' with { type: 'json' };
import groupSchema from '../../schemas/template/customer-group.schema.json' with { type: 'json' };
import type { Database, Queryable } from '../db/database.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { ApiError } from '../http/errors.ts';
import { bodyOf, requireDesigner } from './guards.ts';
import { getTemplateRow, getVersion } from './templates-repo.ts';
import * as repo from './settings-repo.ts';
import type { CustomerGroup, SettingInput, TemplateSetting } from './settings-repo.ts';

const SETTING: EntitySchema = checkedSchema(settingSchema, 'schemas/template/template-setting.schema.json');
const GROUP: EntitySchema = checkedSchema(groupSchema, 'schemas/template/customer-group.schema.json');
const CRITERIA = ['productLine', 'productCategory', 'testPackage'] as const;

/** The template a buyer's TRF takes its DFF section from. */
export interface TemplateResolution {
  buyer: { id: string; name: string };
  customerGroup: { code: string; label: string } | null;
  setting: TemplateSetting;
  /** The TRF template the setting names, when it names one. */
  trfTemplate: { id: string; label: string } | null;
  template: { code: string; version: number; label: string; bundle: TemplateBundle };
  /** The TRF had another template chosen; the buyer's setting replaced it (`message` says so). */
  replaced: boolean;
  message?: string;
}

const groupLabel = (g: CustomerGroup, lang: Language) => (lang === 'en-US' ? g.nameEn : g.nameZh);
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The template setting page's data: customer groups, settings, and resolving a buyer's template. */
export class TemplateSettings {
  constructor(
    private readonly db: Database,
    private readonly registry: EntityRegistry,
  ) {}

  async groups(lang: Language): Promise<(CustomerGroup & { label: string })[]> {
    return (await repo.listCustomerGroups(this.db)).map((g) => ({ ...g, label: groupLabel(g, lang) }));
  }

  async createGroup(raw: unknown, user: SessionUser, lang: Language): Promise<CustomerGroup> {
    requireDesigner(user);
    const body = bodyOf(raw);
    const errors = validateForm(GROUP, body, lang);
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    const group: CustomerGroup = { code: String(body.code), nameZh: String(body.nameZh), nameEn: String(body.nameEn), sort: typeof body.sort === 'number' ? body.sort : 0 };
    if (!(await repo.insertCustomerGroup(this.db, group))) throw new ApiError(409, 'CUSTOMER_GROUP_TAKEN', { group: group.code });
    return group;
  }

  /** The companies in a group, named in the request language. */
  async members(code: string, lang: Language): Promise<{ id: string; name: string }[]> {
    if (!(await repo.listCustomerGroups(this.db)).some((g) => g.code === code)) throw new ApiError(404, 'CUSTOMER_GROUP_UNKNOWN', { group: code });
    return (await repo.listGroupMembers(this.db, code)).map((c) => ({ id: c.id, name: lang === 'en-US' ? (c.nameEn ?? c.name) : c.name }));
  }

  /** Puts a company in the group (`member: true`) or takes it out. */
  async setMember(code: string, companyId: string, member: boolean, user: SessionUser): Promise<void> {
    requireDesigner(user);
    if (!(await repo.listCustomerGroups(this.db)).some((g) => g.code === code)) throw new ApiError(404, 'CUSTOMER_GROUP_UNKNOWN', { group: code });
    if (!(await repo.setCompanyGroup(this.db, companyId, member ? code : null))) throw new ApiError(404, 'NOT_FOUND');
  }

  list(query: Record<string, unknown>): Promise<TemplateSetting[]> {
    return repo.listSettings(this.db, { customerGroup: str(query.customerGroup), templateCode: str(query.templateCode), customerId: str(query.customerId) });
  }

  /** The body checked by its declared schema, then every reference it makes (unknown ones are 400s, never a database error). */
  private async input(tx: Queryable, raw: unknown, lang: Language): Promise<SettingInput> {
    const body = bodyOf(raw);
    const errors = validateForm(SETTING, body, lang);
    if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', {}, errors);
    const pick = (k: string) => (typeof body[k] === 'string' && body[k] ? (body[k] as string) : null);
    const s: SettingInput = {
      templateCode: String(body.templateCode),
      trfTemplateId: pick('trfTemplateId'),
      productLine: pick('productLine'),
      customerGroup: pick('customerGroup'),
      customerId: pick('customerId'),
      productCategory: pick('productCategory'),
      testPackage: pick('testPackage'),
      isDefault: body.isDefault === true,
    };
    if (!(await getTemplateRow(tx, s.templateCode))) throw new ApiError(400, 'TEMPLATE_NOT_FOUND', { code: s.templateCode });
    if (s.customerGroup && !(await repo.listCustomerGroups(tx)).some((g) => g.code === s.customerGroup)) {
      throw new ApiError(400, 'CUSTOMER_GROUP_UNKNOWN', { group: s.customerGroup });
    }
    if (s.customerId && !(await repo.buyerOf(tx, s.customerId))) throw new ApiError(400, 'BAD_REQUEST', { detail: 'customerId' });
    if (s.trfTemplateId && !(await tx.query('select id from templates where id = $1', [s.trfTemplateId])).rows.length) {
      throw new ApiError(400, 'BAD_REQUEST', { detail: 'trfTemplateId' });
    }
    return s;
  }

  async save(id: string | undefined, raw: unknown, user: SessionUser, lang: Language): Promise<TemplateSetting> {
    requireDesigner(user);
    const settingId = id ?? randomUUID();
    await this.db.transaction(async (tx) => {
      const s = await this.input(tx, raw, lang);
      if (id === undefined) await repo.insertSetting(tx, settingId, s, user.id);
      else if (!(await repo.updateSetting(tx, settingId, s))) throw new ApiError(404, 'TEMPLATE_SETTING_NOT_FOUND');
      if (s.isDefault) await repo.clearOtherDefaults(tx, settingId, s);
    });
    return (await repo.getSetting(this.db, settingId))!;
  }

  async remove(id: string, user: SessionUser): Promise<void> {
    requireDesigner(user);
    if (!(await repo.deleteSetting(this.db, id))) throw new ApiError(404, 'TEMPLATE_SETTING_NOT_FOUND');
  }

  /**
   * The DFF template for a buyer (SPEC: the TRF takes its DFF section from the template chosen
   * for the buyer's customer group). Settings for the buyer itself win over its group's; then the
   * one matching more of the given criteria (product line — from the TRF's template when not
   * given —, category, test package; an empty criterion, or one not asked about, matches all),
   * then the one naming the TRF's current template, then the default.
   */
  async resolve(query: Record<string, unknown>, lang: Language): Promise<TemplateResolution> {
    const buyerId = str(query.buyer);
    if (!buyerId) throw new ApiError(400, 'TEMPLATE_MISSING_BUYER');
    const buyer = await repo.buyerOf(this.db, buyerId.slice(0, 100));
    if (!buyer) throw new ApiError(400, 'TEMPLATE_MISSING_BUYER');
    const buyerName = lang === 'en-US' ? (buyer.nameEn ?? buyer.name) : buyer.name;
    const current = str(query.template);
    const given: Record<string, string | undefined> = Object.fromEntries(CRITERIA.map((c) => [c, str(query[c])]));
    // The TRF template chosen so far tells the product line when the caller does not.
    if (current && !given.productLine) given.productLine = (await this.trfTemplateRow(current))?.product_line;
    const own = await repo.listSettings(this.db, { customerId: buyer.id });
    const group = buyer.customerGroup ? await repo.listSettings(this.db, { customerGroup: buyer.customerGroup }) : [];
    const matching = [...own, ...group.filter((s) => s.customerId === null)].filter(
      (s) => CRITERIA.every((c) => s[c] === null || given[c] === undefined || s[c] === given[c]) && this.registry.isDynamic(s.templateCode) && this.registry.has(s.templateCode),
    );
    const score = (s: TemplateSetting) => [
      s.customerId ? 1 : 0,
      CRITERIA.filter((c) => s[c] !== null && s[c] === given[c]).length,
      current && s.trfTemplateId === current ? 1 : 0,
      s.isDefault ? 1 : 0,
    ];
    const best = matching.sort((a, b) => {
      const [x, y] = [score(a), score(b)];
      return x.reduce((d, v, i) => d || y[i]! - v, 0);
    })[0];
    if (!best && !buyer.customerGroup) throw new ApiError(409, 'BUYER_NO_CUSTOMER_GROUP', { buyer: buyerName });
    if (!best) throw new ApiError(404, 'TEMPLATE_NOT_CONFIGURED', { group: buyer.customerGroup ?? '' });
    const reg = this.registry.get(best.templateCode);
    const version = reg.templateVersion!;
    const stored = (await getVersion(this.db, best.templateCode, version))!;
    const groups = await repo.listCustomerGroups(this.db);
    const g = groups.find((x) => x.code === buyer.customerGroup);
    const trfTemplate = best.trfTemplateId ? await this.trfTemplate(best.trfTemplateId, lang) : null;
    const replaced = Boolean(current && trfTemplate && trfTemplate.id !== current);
    const label = text(reg.entity.label as LocalizedText, lang, best.templateCode);
    return {
      buyer: { id: buyer.id, name: buyerName },
      customerGroup: g ? { code: g.code, label: groupLabel(g, lang) } : null,
      setting: best,
      trfTemplate,
      template: { code: best.templateCode, version, label, bundle: stored.bundle },
      replaced,
      ...(replaced ? { message: message('TEMPLATE_REPLACED_BY_BUYER', lang, { buyer: buyerName, template: trfTemplate!.label }) } : {}),
    };
  }

  private async trfTemplateRow(id: string) {
    const { rows } = await this.db.query<{ id: string; name_zh: string; name_en: string; product_line: string }>(
      'select id, name_zh, name_en, product_line from templates where id = $1',
      [id.slice(0, 100)],
    );
    return rows[0];
  }

  private async trfTemplate(id: string, lang: Language): Promise<{ id: string; label: string } | null> {
    const row = await this.trfTemplateRow(id);
    return row ? { id: row.id, label: lang === 'en-US' ? row.name_en : row.name_zh } : null;
  }
}
