import { createStaticRegistry, fieldAt, fieldLabel, stateOptions, text, type Language, type RegisteredEntity } from '../../engine/index.ts';
import zhCN from '../../src/i18n/zh-CN.json';
import enUS from '../../src/i18n/en-US.json';

/**
 * What the pages say, read from the same sources the portal reads: the i18n resources and the
 * declarations. Assertions use these instead of copies of the words.
 */
const RESOURCES = { 'zh-CN': zhCN, 'en-US': enUS } as const;
const trf = createStaticRegistry().get('trf');

export function ui(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = RESOURCES[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`No ${lang} text '${key}'`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}

/** What an entity's pages say, from its declarations: its label, actions, states, fields and messages. */
export const entityTexts = (reg: RegisteredEntity, lang: Language) => ({
  entity: text(reg.entity.label, lang),
  copy: text(reg.entity.copy?.label, lang),
  action: (event: string) => text(reg.entity.actions?.[event]?.label, lang),
  confirm: (event: string) => text(reg.entity.actions?.[event]?.confirm, lang),
  status: (state: string) => stateOptions(reg, '$status', lang).find((o) => o.value === state)?.label ?? state,
  field: (path: string) => fieldLabel(fieldAt(reg.schema, path), lang),
  message: (path: string, keyword: string) => text(fieldAt(reg.schema, path)?.['x-messages']?.[keyword], lang),
});

export const trfTexts = (lang: Language) => entityTexts(trf, lang);
