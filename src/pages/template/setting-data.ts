import { useMemo } from 'react';
import { text, type Language } from '../../../engine/index.ts';
import type { LookupOption } from '../../../renderers/env/data-provider.ts';
import { useLoad, type Loaded } from '../../../renderers/env/use-load.ts';
import { getLookup } from '../../api/lookups.ts';
import { listTemplates, templateSettingsApi, type KindedTemplate, type LabelledCustomerGroup, type TemplateSetting } from '../../api/templates.ts';

/** Everything the template setting page shows: settings, customer groups, and the names the settings refer to. */
export interface SettingData {
  settings: Loaded<TemplateSetting[]>;
  groups: Loaded<LabelledCustomerGroup[]>;
  templates: KindedTemplate[];
  trfTemplates: LookupOption[];
  companies: LookupOption[];
  /** How a setting's references read in the user's language. */
  names: {
    template(code: string): string;
    trfTemplate(id: string): string;
    company(id: string): string;
    group(code: string): string;
  };
}

const labelOf = (options: LookupOption[], value: string) => options.find((o) => o.value === value)?.label ?? value;

export function useSettingData(lang: Language): SettingData {
  const settings = useLoad(() => templateSettingsApi.list(), []);
  const groups = useLoad(() => templateSettingsApi.groups(), [lang]);
  const refs = useLoad(() => Promise.all([listTemplates(), getLookup('templates'), getLookup('companies')]), [lang]);
  const [templates, trfTemplates, companies] = refs.value ?? [[], [], []];
  const names = useMemo(
    () => ({
      template: (code: string) => {
        const found = templates.find((t) => t.code === code);
        return found ? `${text(found.label, lang, code)} (${code})` : code;
      },
      trfTemplate: (id: string) => labelOf(trfTemplates, id),
      company: (id: string) => labelOf(companies, id),
      group: (code: string) => groups.value?.find((g) => g.code === code)?.label ?? code,
    }),
    [templates, trfTemplates, companies, groups.value, lang],
  );
  return { settings, groups, templates, trfTemplates, companies, names };
}

/** Options of a Select, searched by their label. */
export const selectSearch = { showSearch: { optionFilterProp: 'label' as const }, allowClear: true };

/** The values the settings already use for a free-text criterion, offered as suggestions. */
export const knownValues = (settings: readonly TemplateSetting[] | undefined, k: 'productLine' | 'productCategory' | 'testPackage') =>
  [...new Set((settings ?? []).map((s) => s[k]).filter((v): v is string => Boolean(v)))].map((value) => ({ value }));
