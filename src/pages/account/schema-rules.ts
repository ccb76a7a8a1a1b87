import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The slice of a JSON Schema property the account forms use (schemas/account/*.schema.json). */
export interface AccountProperty {
  type: 'string' | 'boolean';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  const?: unknown;
  'x-widget'?: string;
  'x-label'?: Record<string, string>;
  'x-description'?: Record<string, string>;
  'x-messages'?: Record<string, Record<string, string>>;
}

export interface AccountSchema {
  required?: string[];
  properties: Record<string, AccountProperty>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The schema's words for a keyword in the language, else the portal's generic one. */
export function schemaMessage(prop: AccountProperty, keyword: string, lang: string, t: TFunction, params: Record<string, unknown> = {}): string {
  return prop['x-messages']?.[keyword]?.[lang] ?? t(`account.rule.${keyword}`, params);
}

/** antd Form rules for one property: required, length, pattern, email format, must-be-true. */
export function rulesFor(prop: AccountProperty, required: boolean, lang: string, t: TFunction): Rule[] {
  const rules: Rule[] = [];
  const msg = (keyword: string, params?: Record<string, unknown>) => schemaMessage(prop, keyword, lang, t, params);
  if (prop.type === 'boolean') {
    if (prop.const === true) rules.push({ validator: (_, v) => (v === true ? Promise.resolve() : Promise.reject(new Error(msg('const')))) });
    return rules;
  }
  if (required) rules.push({ required: true, whitespace: true, message: msg('required') });
  if (prop.minLength !== undefined) rules.push({ min: prop.minLength, message: msg('minLength', { limit: prop.minLength }) });
  if (prop.maxLength !== undefined) rules.push({ max: prop.maxLength, message: msg('maxLength', { limit: prop.maxLength }) });
  if (prop.pattern) rules.push({ pattern: new RegExp(prop.pattern, 'u'), message: msg('pattern') });
  if (prop.format === 'email') rules.push({ pattern: EMAIL, message: msg('format') });
  return rules;
}
