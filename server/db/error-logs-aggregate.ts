/**
 * Migration 046: client error logs aggregated and capped (issue 52; server/portal/error-log-repo.ts).
 *
 * An entry's fingerprint is its type, message, first stack lines (the message line and the first
 * frames) and the path of its page (no origin, query or fragment): an entry with the fingerprint of
 * a kept row adds to its `count` and moves its `last_seen`, instead of adding a row. `bytes` is what
 * a row keeps (the octets of its texts and its info), which the table's byte cap adds up. Both are
 * generated columns, so the database computes them the same way for old rows and new ones.
 * The rows kept before are merged by fingerprint here (the earliest row stays, counting the others).
 */
export const ERROR_LOG_STACK_LINES = 8;

export const ERROR_LOG_CAP_STATEMENTS: readonly string[] = [
  `create or replace function error_log_fingerprint(p_type text, p_message text, p_stack text, p_url text) returns text
   language sql immutable parallel safe as $f$
     select md5(md5(coalesce(p_type, '')) || md5(coalesce(p_message, ''))
       || md5(coalesce(array_to_string((string_to_array(p_stack, chr(10)))[1:${ERROR_LOG_STACK_LINES}], chr(10)), ''))
       || md5(coalesce(split_part(split_part(regexp_replace(p_url, '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*', ''), '?', 1), '#', 1), '')))
   $f$`,
  'alter table error_logs rename column received_at to first_seen',
  'alter table error_logs add column last_seen timestamptz',
  'alter table error_logs add column count integer not null default 1',
  `alter table error_logs add column bytes integer generated always as (
     octet_length(coalesce(url, '')) + octet_length(coalesce(time, '')) + octet_length(coalesce(type, ''))
     + octet_length(coalesce(message, '')) + octet_length(coalesce(stack, '')) + coalesce(octet_length(info::text), 0)) stored`,
  'alter table error_logs add column fingerprint text generated always as (error_log_fingerprint(type, message, stack, url)) stored',
  `update error_logs e set count = g.n, last_seen = g.last_seen
   from (select fingerprint, min(id) as keep, count(*)::int as n, max(first_seen) as last_seen from error_logs group by fingerprint) g
   where e.id = g.keep`,
  'delete from error_logs e where e.last_seen is null',
  'alter table error_logs alter column last_seen set default now()',
  'alter table error_logs alter column last_seen set not null',
  'create unique index error_logs_fingerprint on error_logs (fingerprint)',
  // The cap drops the rows seen longest ago first: walked newest first from this index.
  'create index error_logs_last_seen on error_logs (last_seen, id)',
];
