import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { text, type Language } from '../../../engine/index.ts';
import type { LookupOption } from '../../../renderers/env/data-provider.ts';
import { useRendererEnv } from '../../../renderers/env/renderer-env.tsx';
import { lookupQuery } from '../../../renderers/lookup/use-lookup-options.ts';
import { settingKeys, templateKeys } from '../../api/query-keys.ts';
import { listTemplates, templateSettingsApi, type KindedTemplate, type LabelledCustomerGroup, type TemplateSetting } from '../../api/templates.ts';

/** A list the page shows: its value once loaded, and whether it is loading. */
export interface Loaded<T> {
  value?: T;
  loading: boolean;
}

const loaded = <T>(query: UseQueryResult<T>): Loaded<T> => ({ value: query.data, loading: query.isFetching });
const NONE: never[] = [];

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

/**
 * The page's data, each through the query cache: a saved or deleted setting, a new group or a
 * member added or taken out invalidates what it changed (setting-mutations.ts). The lookups are
 * the same queries the forms use.
 */
export function useSettingData(lang: Language): SettingData {
  const { data } = useRendererEnv();
  const settings = loaded(useQuery({ queryKey: settingKeys.settings, queryFn: templateSettingsApi.list }));
  const groups = loaded(useQuery({ queryKey: settingKeys.groups(lang), queryFn: templateSettingsApi.groups }));
  const templates = useQuery({ queryKey: templateKeys.all, queryFn: listTemplates }).data ?? NONE;
  const trfTemplates = useQuery(lookupQuery(data, lang, 'templates')).data ?? NONE;
  const companies = useQuery(lookupQuery(data, lang, 'companies')).data ?? NONE;
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
