import common from '../../schemas/_meta/common.schema.json' with { type: 'json' };
import statisticsMeta from '../../schemas/_meta/statistics.schema.json' with { type: 'json' };
import declared from '../../schemas/_statistics/statistics.json' with { type: 'json' };
import type { EntityRegistry, RegisteredEntity } from '../registry.ts';
import { fieldAt } from '../schema/resolve.ts';
import { createAjv } from '../validate/ajv.ts';
import { DeclarationError } from './errors.ts';
import { problemsOf } from './meta.ts';
import type { LocalizedText } from './types.ts';

/** How a chart groups: a field (of its source, else of the scope entity), the scope date's month or year, or the scope record's owner company. */
export type StatisticsGroup = '$month' | '$year' | '$company' | (string & {});

export interface StatisticsChart {
  id: string;
  label: LocalizedText;
  type: 'line' | 'bar' | 'pie';
  source: string;
  groupBy?: StatisticsGroup;
  series: string;
  where?: Readonly<Record<string, readonly string[]>>;
  measure?: 'count' | 'rate';
  top?: number;
}

export interface StatisticsPage {
  id: string;
  path: string;
  label: LocalizedText;
  permission: string;
  charts: readonly StatisticsChart[];
}

/** The statistics declaration (schemas/_statistics/statistics.json): the scope every page counts in, and the pages. */
export interface StatisticsDeclaration {
  scope: { entity: string; date: string; since: string; maxDays: number; criteria: readonly string[] };
  pages: readonly StatisticsPage[];
}

export const STATISTICS_FILE = 'schemas/_statistics/statistics.json';

/** The groupings that are not fields. */
export const STATISTICS_GROUPS = ['$month', '$year', '$company'] as const;

type Problem = { file: string; path: string; message: string };

/** A chart's source must be the scope entity or one of its children (`access.parent`). */
function sourceProblem(registry: EntityRegistry, scope: RegisteredEntity, source: string): string | undefined {
  if (!registry.has(source)) return `'${source}' is not a registered entity`;
  if (source === scope.name) return undefined;
  const parent = registry.get(source).entity.access?.parent;
  return parent?.entity === scope.name ? undefined : `'${source}' is neither '${scope.name}' nor an entity whose access.parent is '${scope.name}'`;
}

/** The problems of the charts' fields against the registered entities (each field exists; series are enums; the date is a date). */
function fieldProblems(decl: StatisticsDeclaration, registry: EntityRegistry, file: string, menuPaths: ReadonlySet<string> | undefined): Problem[] {
  const problems: Problem[] = [];
  const at = (path: string, message: string) => problems.push({ file, path, message });
  if (!registry.has(decl.scope.entity)) {
    at('/scope/entity', `'${decl.scope.entity}' is not a registered entity`);
    return problems;
  }
  const scope = registry.get(decl.scope.entity);
  if (fieldAt(scope.schema, decl.scope.date)?.format !== 'date') at('/scope/date', `'${decl.scope.date}' is not a date field of '${scope.name}'`);
  decl.scope.criteria.forEach((c, i) => {
    if (fieldAt(scope.schema, c)?.type !== 'string') at(`/scope/criteria/${i}`, `'${c}' is not a text field of '${scope.name}'`);
  });
  const pageIds = new Set<string>();
  decl.pages.forEach((page, p) => {
    if (pageIds.has(page.id)) at(`/pages/${p}/id`, `the page '${page.id}' is declared twice`);
    pageIds.add(page.id);
    if (menuPaths && !menuPaths.has(page.path)) at(`/pages/${p}/path`, `'${page.path}' is not a page of schemas/_menu/menu.json`);
    const chartIds = new Set<string>();
    page.charts.forEach((chart, c) => {
      const here = `/pages/${p}/charts/${c}`;
      if (chartIds.has(chart.id)) at(`${here}/id`, `the chart '${chart.id}' is declared twice on '${page.id}'`);
      chartIds.add(chart.id);
      const bad = sourceProblem(registry, scope, chart.source);
      if (bad) return at(`${here}/source`, bad);
      const source = registry.get(chart.source);
      if (!fieldAt(source.schema, chart.series)?.enum) at(`${here}/series`, `'${chart.series}' is not an enum field of '${source.name}'`);
      const group = chart.groupBy;
      if (chart.type === 'pie' && group !== undefined) at(`${here}/groupBy`, 'a pie shows the series totals: it has no groupBy');
      if (chart.type !== 'pie' && group === undefined) at(`${here}`, `a ${chart.type} chart needs a groupBy`);
      if (group !== undefined && !group.startsWith('$') && !fieldAt(source.schema, group) && !fieldAt(scope.schema, group)) {
        at(`${here}/groupBy`, `'${group}' is a field of neither '${source.name}' nor '${scope.name}'`);
      }
      if (group?.startsWith('$') && !(STATISTICS_GROUPS as readonly string[]).includes(group)) at(`${here}/groupBy`, `'${group}' is not one of ${STATISTICS_GROUPS.join(', ')}`);
      for (const field of Object.keys(chart.where ?? {})) {
        if (!fieldAt(source.schema, field)) at(`${here}/where/${field}`, `'${field}' is not a field of '${source.name}'`);
      }
    });
  });
  return problems;
}

/**
 * The statistics declaration checked against its meta-schema and the registered entities (sources,
 * fields, series, the scope's date), and its pages against the menu's paths; returned typed. Throws
 * a DeclarationError naming the file and JSON path of each problem.
 */
export function checkedStatistics(value: unknown, registry: EntityRegistry, menuPaths?: ReadonlySet<string>, file = STATISTICS_FILE): StatisticsDeclaration {
  const ajv = createAjv();
  ajv.addSchema(common);
  const validate = ajv.compile<StatisticsDeclaration>(statisticsMeta);
  if (!validate(value)) throw new DeclarationError(problemsOf(file, validate.errors ?? []));
  const problems = fieldProblems(value, registry, file, menuPaths);
  if (problems.length) throw new DeclarationError(problems);
  const { $schema: _editorOnly, ...decl } = value as StatisticsDeclaration & { $schema?: string };
  return decl;
}

const checked = new WeakMap<EntityRegistry, StatisticsDeclaration>();

/** The product's statistics declaration, checked against the registry on first use (the server's start). */
export function productStatistics(registry: EntityRegistry, menuPaths?: ReadonlySet<string>): StatisticsDeclaration {
  let decl = checked.get(registry);
  if (!decl) {
    decl = checkedStatistics(declared, registry, menuPaths);
    checked.set(registry, decl);
  }
  return decl;
}

/** The statistics pages as declared, read without the check (the client's routes and page; the server checks at start). */
export const STATISTICS_DECLARATION = declared as unknown as StatisticsDeclaration;
