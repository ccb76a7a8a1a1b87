/**
 * Migration 043: every transaction that writes `records` (or `companies`, which a read grant's
 * customer groups and a record's company name are read from) leaves its transaction id in `record_writes`, visible exactly when
 * its writes are. A list's ids kept with the snapshot they were read in (server/entities/list-cache.ts)
 * are still exact while no transaction id there is committed yet invisible to that snapshot
 * (RECORD_WRITES_STALE_SQL). Ids older than `record_writes_horizon` have been pruned: a snapshot older
 * than the horizon counts as stale.
 */
export const RECORD_WRITE_STATEMENTS: readonly string[] = [
  'create table record_writes (xid xid8 primary key)',
  'create table record_writes_horizon (xid xid8 not null)',
  `insert into record_writes_horizon values ('0'::xid8)`,
  `create or replace function portico_record_written() returns trigger language plpgsql as $$
   begin
     insert into record_writes values (pg_current_xact_id()) on conflict do nothing;
     return null;
   end $$`,
  'create trigger records_written after insert or update or delete or truncate on records for each statement execute function portico_record_written()',
  'create trigger companies_written after insert or update or delete or truncate on companies for each statement execute function portico_record_written()',
];

/**
 * Migration 044: a kept list keeps its pages' rows too, which carry their author's name: a change of
 * a user's name is a write they miss. A statement that only sets other columns of `users` (a login's
 * counters) is not.
 */
export const USER_NAME_WRITE_STATEMENTS: readonly string[] = [
  'create trigger users_named after update of user_name on users for each statement execute function portico_record_written()',
];

/** Whether a snapshot (`pg_current_snapshot()` as text, $1) may miss a committed write of `records`. */
export const RECORD_WRITES_STALE_SQL = `select pg_snapshot_xmin($1::pg_snapshot) < (select xid from record_writes_horizon)
  or exists (select 1 from record_writes w where w.xid >= pg_snapshot_xmin($1::pg_snapshot) and not pg_visible_in_snapshot(w.xid, $1::pg_snapshot)) as stale`;

/**
 * Forgets the transaction ids every snapshot now running already sees (those below the oldest
 * running transaction), moving the horizon up to them: a list kept from an older snapshot is read again.
 */
export const PRUNE_RECORD_WRITES_SQL = `with h as (
    update record_writes_horizon set xid = greatest(xid, pg_snapshot_xmin(pg_current_snapshot())) returning xid
  ) delete from record_writes where xid < (select xid from h)`;

/** The channel a committed write of `records`, `companies` or a user's name is told on, where the connection asks (NOTIFY_WRITES_SETTING). */
export const RECORD_WRITES_CHANNEL = 'portico_record_writes';

/**
 * The connection setting under which the writes above are also `pg_notify`ed at commit: PGlite sets
 * it (server/db/pglite.ts), as its one process is the only writer and hears its own commits before
 * their callers go on. PostgreSQL's connections leave it unset: other processes write too, and a
 * NOTIFY serializes committing transactions on a global lock.
 */
export const NOTIFY_WRITES_SETTING = 'portico.notify_record_writes';

/**
 * Migration 045: the trigger function of migration 043 notifies too, on connections that ask;
 * a connection already listening hears 'installed' when this commits.
 */
export const RECORD_WRITES_NOTIFY_STATEMENTS: readonly string[] = [
  `create or replace function portico_record_written() returns trigger language plpgsql as $$
   begin
     insert into record_writes values (pg_current_xact_id()) on conflict do nothing;
     if current_setting('${NOTIFY_WRITES_SETTING}', true) = 'on' then
       perform pg_notify('${RECORD_WRITES_CHANNEL}', '');
     end if;
     return null;
   end $$`,
  `select pg_notify('${RECORD_WRITES_CHANNEL}', 'installed')`,
];

/** Whether this database's trigger function notifies (migration 045 applied). */
export const RECORD_WRITES_NOTIFY_INSTALLED_SQL = `select exists (
    select 1 from pg_proc where proname = 'portico_record_written' and prosrc like '%pg_notify%'
  ) as installed`;
