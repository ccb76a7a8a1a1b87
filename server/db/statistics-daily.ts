/**
 * The daily pre-aggregate the statistics pages read (migration 038, docs/declarations.md §7): per counted
 * source (an entity a chart counts: the scope entity, or a child of it), per day of the scope
 * record's date, per the visibility keys the statistics respect (the scope record's and the counted
 * record's `visible_to` and state, the scope record's company and its parent's company) and per the
 * declared dimension values (the counted record's fields in `sdims`, the scope record's in `rdims`),
 * the number of records. Statements, not one text: the functions' bodies hold semicolons.
 * `statistics_sources` says what to keep: the server writes it from the statistics declaration at
 * start (server/statistics/statistics-sources.ts) and rebuilds the aggregate when it changed. Row triggers on `records` keep it current on every insert, update and
 * delete: a counted record's change moves its own count; a scope record's change moves the counts
 * of its children too. A row with n = 0 is harmless (the queries sum n).
 */
/** The table of one period's counts (`period`: the day or the month), keyed by every column but the count. */
export function countsTableSql(table: string, period: string): string {
  return `
  create table ${table} (
    source text not null,
    ${period} text not null,
    scope_state text not null,
    scope_visible text[] not null,
    source_state text not null,
    source_visible text[] not null,
    company_id text not null,
    parent_company text not null,
    sdims jsonb not null,
    rdims jsonb not null,
    n integer not null,
    constraint ${table}_key unique (source, ${period}, scope_state, scope_visible, source_state, source_visible, company_id, parent_company, sdims, rdims)
  )
  `;
}

export const STATISTICS_DAILY_STATEMENTS: readonly string[] = [
  `
  create table statistics_sources (
    source text primary key,
    scope text not null,
    date_path text[] not null,
    source_fields text[] not null,
    scope_fields text[] not null
  )
  `,
  countsTableSql('statistics_daily', 'day'),
  `
  create index statistics_daily_day on statistics_daily (source, day)
  `,
  `
  create function statistics_dims(doc jsonb, fields text[]) returns jsonb language sql immutable as $f$
    select coalesce(jsonb_object_agg(f, doc #>> string_to_array(f, '.')), '{}'::jsonb) from unnest(fields) f
  $f$
  `,
  `
  create function statistics_count(cfg statistics_sources, l records, r records, delta integer) returns void language plpgsql as $f$
  declare
    day text := r.doc #>> cfg.date_path;
    parent text;
  begin
    if day is null or r.entity <> cfg.scope then return; end if;
    select o.company_id into parent from records o where o.id = r.parent_id;
    insert into statistics_daily as d values (cfg.source, day, r.state, r.visible_to, l.state, l.visible_to, r.company_id, coalesce(parent, ''),
      statistics_dims(l.doc, cfg.source_fields), statistics_dims(r.doc, cfg.scope_fields), delta)
    on conflict on constraint statistics_daily_key do update set n = d.n + excluded.n;
  end
  $f$
  `,
  `
  create function statistics_count_row(rec records, delta integer) returns void language plpgsql as $f$
  declare
    cfg statistics_sources;
    other records;
  begin
    for cfg in select * from statistics_sources s where s.source = rec.entity loop
      if cfg.source = cfg.scope then
        perform statistics_count(cfg, rec, rec, delta);
      else
        select * into other from records p where p.id = rec.parent_id;
        if found then perform statistics_count(cfg, rec, other, delta); end if;
      end if;
    end loop;
    for cfg in select * from statistics_sources s where s.scope = rec.entity and s.source <> s.scope loop
      for other in select * from records c where c.parent_id = rec.id and c.entity = cfg.source loop
        perform statistics_count(cfg, other, rec, delta);
      end loop;
    end loop;
  end
  $f$
  `,
  `
  create function statistics_records_changed() returns trigger language plpgsql as $f$
  begin
    if tg_op <> 'INSERT' then perform statistics_count_row(old, -1); end if;
    if tg_op <> 'DELETE' then perform statistics_count_row(new, 1); end if;
    return null;
  end
  $f$
  `,
  `
  create trigger records_statistics after insert or update or delete on records
    for each row execute function statistics_records_changed()
  `,
  `
  create function statistics_rebuild() returns void language plpgsql as $f$
  begin
    delete from statistics_daily;
    insert into statistics_daily
    select cfg.source, r.doc #>> cfg.date_path, r.state, r.visible_to, l.state, l.visible_to, r.company_id, coalesce(o.company_id, ''),
      statistics_dims(l.doc, cfg.source_fields), statistics_dims(r.doc, cfg.scope_fields), count(*)::int
    from statistics_sources cfg
    join records r on r.entity = cfg.scope and r.doc #>> cfg.date_path is not null
    join lateral (
      select c.* from records c where cfg.source = cfg.scope and c.id = r.id
      union all
      select c.* from records c where cfg.source <> cfg.scope and c.parent_id = r.id and c.entity = cfg.source
    ) l on true
    left join records o on o.id = r.parent_id
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
  end
  $f$
  `,
  `
  select statistics_rebuild()
  `,
];
