import type { EntityRegistry, RegisteredEntity } from '../../../engine/registry.ts';
import type { Language, ListParty, LocalizedText, PartyList } from '../../../engine/declaration/types.ts';
import { text } from '../../../engine/i18n/labels.ts';
import { matchVariantPath, variantFilter, variantPreset, variantRegistration, type VariantPageKind } from '../../../engine/derive/variants.ts';

export type EntityPageKind = 'list' | 'detail' | 'form' | 'own' | 'print' | 'tabs';

/** One tab of a tabbed page: an entity's list declared at the page's path with `tab`. */
export interface ListTab {
  reg: RegisteredEntity;
  list: PartyList;
}

export interface EntityRouteMatch {
  reg: RegisteredEntity;
  kind: EntityPageKind;
  /** A preset form's starting values and title (`routes.forms`). */
  preset?: { values: Record<string, unknown>; label?: LocalizedText };
  /** A list page of one side of the records: its side and, for a further list, its own title. */
  list?: { party?: ListParty; fixedFilter?: { field: string; value: string } } & Partial<Omit<PartyList, 'party'>>;
  /** A variant's page (`reg` is the variant's registration): the fields its form shows but does not change. */
  locked?: readonly string[];
  /** A detail page opening with this action asked for (`routes.actionPages`). */
  openAction?: string;
  /** A tabbed page (partyLists `tab`): its tabs in order, and its title. */
  tabs?: { page?: LocalizedText; lists: ListTab[] };
}

/** The lists of every entity declared as tabs at `path`, in their order (the page declared by the first with a `page`). */
function tabsAt(registry: EntityRegistry, path: string): { page?: LocalizedText; lists: ListTab[] } {
  const lists = registry
    .list()
    .flatMap((reg) => (reg.entity.routes.partyLists ?? []).filter((l) => l.path === path && l.tab).map((list) => ({ reg, list })))
    .sort((a, b) => a.list.tab!.order - b.list.tab!.order);
  const page = lists.find((l) => l.list.tab?.page)?.list.tab?.page;
  return { ...(page ? { page } : {}), lists };
}

/**
 * Which entity page a path is: each registered entity declares its list, detail and form routes,
 * and may declare pages of the user's own company's record (`routes.own`) and forms starting
 * from preset values (`routes.forms`).
 */
export function matchEntityRoute(registry: EntityRegistry, pathname: string): EntityRouteMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const reg of registry.list()) {
    const { routes } = reg.entity;
    if (routes.list === path) return { reg, kind: 'list', list: { party: routes.listParty } };
    const further = routes.partyLists?.find((l) => l.path === path);
    if (further?.tab) return { reg, kind: 'tabs', tabs: tabsAt(registry, path) };
    if (further) return { reg, kind: 'list', list: further };
    if (routes.detail === path) return { reg, kind: 'detail' };
    if (routes.print === path) return { reg, kind: 'print' };
    const actionPage = routes.actionPages?.find((p) => p.path === path);
    if (actionPage) return { reg, kind: 'detail', openAction: actionPage.action };
    if (routes.form === path) return { reg, kind: 'form' };
    if (routes.own?.includes(path)) return { reg, kind: 'own' };
    const preset = routes.forms?.find((f) => f.path === path);
    if (preset) return { reg, kind: 'form', preset: { values: preset.preset, ...(preset.label ? { label: preset.label } : {}) } };
    const variant = matchVariantPath(reg, path);
    if (variant) return variantMatch(reg, variant.variant, variant.kind);
  }
  return undefined;
}

/** A variant's page (docs/declarations.md §2, variants): the variant's registration, its list restricted to its records, its form from its preset. */
function variantMatch(reg: RegisteredEntity, name: string, kind: VariantPageKind): EntityRouteMatch {
  const shaped = variantRegistration(reg, name);
  const filter = variantFilter(reg.views);
  if (kind === 'list' || kind === 'tableComponent') return { reg: shaped, kind: 'list', list: filter ? { fixedFilter: { field: filter.field, value: name } } : {} };
  if (kind === 'detail') return { reg: shaped, kind: 'detail' };
  const locked = reg.views.variants?.[name]?.locked ?? [];
  return { reg: shaped, kind: 'form', preset: { values: variantPreset(reg, name) }, locked };
}

/** The pages of published templates live under /form/{code}/… (the designer's own pages excepted). */
export const isTemplatePath = (pathname: string) => /^\/form\/[^/]+\/(list|detail|form)\/?$/.test(pathname);

/** A generated page's name in the language, from its declarations: a preset form's title, a tabbed page's, a further list's, else the entity's. */
export function entityPageLabel(match: EntityRouteMatch, lang: Language): string {
  if (match.preset?.label) return text(match.preset.label, lang);
  return text(match.tabs?.page ?? match.list?.label ?? match.reg.entity.label, lang, match.reg.name);
}
