import { fieldAt, pathKeys, type EntityRegistry, type StatisticsDeclaration } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import { docTextSql, fieldExpression } from '../db/sql-expressions.ts';

/** What the daily pre-aggregate keeps of one counted source (a row of `statistics_sources`, server/db/statistics-daily.ts). */
export interface StatisticsSource {
  source: string;
  scope: string;
  datePath: string[];
  sourceFields: string[];
  scopeFields: string[];
}

/** A field's path in the document; the pre-aggregate keeps document text only (what fieldExpression reads of a text field). */
function docPath(decl: StatisticsDeclaration, registry: EntityRegistry, entity: string, field: string): string[] {
  const path = pathKeys(field);
  const plain = docTextSql('x', field);
  if (fieldExpression(registry.get(entity), field, 'x').sql !== plain) {
    throw new Error(`statistics: '${entity}.${field}' is not a document text field, which the daily pre-aggregate keeps (scope '${decl.scope.entity}')`);
  }
  return path;
}

/**
 * The sources of the declaration: per counted entity, the fields its charts read of it (series,
 * groupings, `where`) and those they read of the scope record (groupings not on the source, and
 * the criteria a request may filter by).
 */
export function statisticsSources(decl: StatisticsDeclaration, registry: EntityRegistry): StatisticsSource[] {
  const scope = decl.scope.entity;
  const bySource = new Map<string, { own: Set<string>; scoped: Set<string> }>();
  for (const chart of decl.pages.flatMap((p) => p.charts)) {
    const entry = bySource.get(chart.source) ?? { own: new Set<string>(), scoped: new Set<string>(decl.scope.criteria) };
    bySource.set(chart.source, entry);
    const source = registry.get(chart.source);
    for (const field of [chart.series, ...Object.keys(chart.where ?? {})]) entry.own.add(field);
    const group = chart.groupBy;
    if (group && !group.startsWith('$')) (fieldAt(source.schema, group) ? entry.own : entry.scoped).add(group);
  }
  return [...bySource.entries()].map(([source, { own, scoped }]) => {
    const sourceFields = [...own].sort();
    const scopeFields = [...scoped].sort();
    sourceFields.forEach((f) => docPath(decl, registry, source, f));
    scopeFields.forEach((f) => docPath(decl, registry, scope, f));
    return { source, scope, datePath: docPath(decl, registry, scope, decl.scope.date), sourceFields, scopeFields };
  });
}

/**
 * Writes the declaration's sources to `statistics_sources` and rebuilds the daily pre-aggregate
 * from the records when they differ from what is there (a first start, a changed declaration); in
 * one transaction, so readers see the old counts or the new, never half.
 */
export async function syncStatisticsSources(db: Database, decl: StatisticsDeclaration, registry: EntityRegistry): Promise<void> {
  const wanted = statisticsSources(decl, registry).sort((a, b) => a.source.localeCompare(b.source));
  const key = (s: StatisticsSource) => JSON.stringify([s.source, s.scope, s.datePath, s.sourceFields, s.scopeFields]);
  await db.transaction(async (tx) => {
    // Locked before it is read, so processes starting together take turns: each reading under a
    // row lock and then asking for the table's lock deadlocked two of them (a first start on
    // PostgreSQL, under load). Record writes only read the table, which this lock lets them do.
    await tx.query('lock table statistics_sources in exclusive mode');
    const { rows } = await tx.query<{ source: string; scope: string; date_path: string[]; source_fields: string[]; scope_fields: string[] }>(
      'select * from statistics_sources order by source',
    );
    const have = rows.map((r) => key({ source: r.source, scope: r.scope, datePath: r.date_path, sourceFields: r.source_fields, scopeFields: r.scope_fields }));
    if (JSON.stringify(have.sort()) === JSON.stringify(wanted.map(key).sort())) return;
    await tx.query('delete from statistics_sources');
    for (const s of wanted) {
      await tx.query('insert into statistics_sources (source, scope, date_path, source_fields, scope_fields) values ($1, $2, $3, $4, $5)', [s.source, s.scope, s.datePath, s.sourceFields, s.scopeFields]);
    }
    await tx.query('select statistics_rebuild()');
  });
}
