import { countsTableSql } from './statistics-daily.ts';

/**
 * The monthly roll-up of the statistics pre-aggregate (migration 042, docs/declarations.md §7): the
 * rows of `statistics_daily` summed per month (`month` is `YYYY-MM`), with the same keys. A page
 * asked for a range reads the whole months inside it here and only the days of the partial months
 * at its edges from the daily rows (server/statistics/statistics-range.ts): a year is then twelve
 * months of rows instead of 365 days of them, and the counts are the same sums. The same path keeps
 * both: `statistics_count` (the row triggers on `records`) moves the day's count and the month's in
 * one call, and `statistics_rebuild` rebuilds the days (038's rebuild, renamed `statistics_rebuild_daily`) and
 * then the months from them.
 */
export const STATISTICS_MONTHLY_STATEMENTS: readonly string[] = [
  countsTableSql('statistics_monthly', 'month'),
  `
  create index statistics_monthly_month on statistics_monthly (source, month)
  `,
  `
  create or replace function statistics_count(cfg statistics_sources, l records, r records, delta integer) returns void language plpgsql as $f$
  declare
    day text := r.doc #>> cfg.date_path;
    parent text;
    sdims jsonb;
    rdims jsonb;
  begin
    if day is null or r.entity <> cfg.scope then return; end if;
    select o.company_id into parent from records o where o.id = r.parent_id;
    sdims := statistics_dims(l.doc, cfg.source_fields);
    rdims := statistics_dims(r.doc, cfg.scope_fields);
    insert into statistics_daily as d values (cfg.source, day, r.state, r.visible_to, l.state, l.visible_to, r.company_id, coalesce(parent, ''), sdims, rdims, delta)
    on conflict on constraint statistics_daily_key do update set n = d.n + excluded.n;
    insert into statistics_monthly as m values (cfg.source, substr(day, 1, 7), r.state, r.visible_to, l.state, l.visible_to, r.company_id, coalesce(parent, ''), sdims, rdims, delta)
    on conflict on constraint statistics_monthly_key do update set n = m.n + excluded.n;
  end
  $f$
  `,
  `
  create function statistics_rebuild_monthly() returns void language sql as $f$
    delete from statistics_monthly;
    insert into statistics_monthly
    select source, substr(day, 1, 7), scope_state, scope_visible, source_state, source_visible, company_id, parent_company, sdims, rdims, sum(n)::int
    from statistics_daily
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  $f$
  `,
  `
  alter function statistics_rebuild() rename to statistics_rebuild_daily
  `,
  `
  create function statistics_rebuild() returns void language plpgsql as $f$
  begin
    perform statistics_rebuild_daily();
    perform statistics_rebuild_monthly();
  end
  $f$
  `,
  `
  select statistics_rebuild_monthly()
  `,
];
