import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerGroup } from '../../../engine/index.ts';
import { settingKeys } from '../../api/query-keys.ts';
import { templateSettingsApi, type TemplateSettingInput } from '../../api/templates.ts';

/** Saves a new (`id` undefined) or changed template setting; the settings load again. */
export function useSaveSetting() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, setting }: { id?: string; setting: Partial<TemplateSettingInput> }) => templateSettingsApi.save(id, setting),
    onSuccess: () => queries.invalidateQueries({ queryKey: settingKeys.settings }),
  });
}

/** Deletes a template setting; the settings load again. */
export function useRemoveSetting() {
  const queries = useQueryClient();
  return useMutation({ mutationFn: (id: string) => templateSettingsApi.remove(id), onSuccess: () => queries.invalidateQueries({ queryKey: settingKeys.settings }) });
}

/** Creates a customer group; the groups load again (in every language). */
export function useCreateGroup() {
  const queries = useQueryClient();
  return useMutation({ mutationFn: (group: CustomerGroup) => templateSettingsApi.createGroup(group), onSuccess: () => queries.invalidateQueries({ queryKey: settingKeys.allGroups }) });
}

/** Adds a company to a group or takes it out; every group's members load again (adding moves a company from its old group). */
export function useSetMember() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ code, companyId, member }: { code: string; companyId: string; member: boolean }) => templateSettingsApi.setMember(code, companyId, member),
    onSuccess: () => queries.invalidateQueries({ queryKey: settingKeys.allMembers }),
  });
}
