/**
 * Migration 039: what changes a session — its revocation or deletion, any change to its user
 * (state, approval, roles, posts, profile, password) or to its company's name — is `pg_notify`d at
 * commit on `portico_sessions_<schema>` (the channel `schemaChannel` names), so that every
 * server process forgets the sessions it caches (an update that changes no column is not notified) (server/auth/session-cache.ts). Payloads:
 * `t:<token hash>`, `u:<user id>`, `c:<company id>`.
 */
export const SESSION_CHANGE_STATEMENTS: readonly string[] = [
  `create or replace function portico_session_changed() returns trigger language plpgsql as $$
   declare
     channel text := left('portico_sessions_' || regexp_replace(lower(current_schema()), '[^a-z0-9_]', '_', 'g'), 63);
   begin
     -- An update that changes nothing (a login recording choices already made) tells no one.
     if tg_op = 'UPDATE' and to_jsonb(old) = to_jsonb(new) then return null; end if;
     if tg_table_name = 'sessions' then perform pg_notify(channel, 't:' || old.token_hash);
     elsif tg_table_name = 'users' then perform pg_notify(channel, 'u:' || old.id);
     else perform pg_notify(channel, 'c:' || old.id);
     end if;
     return null;
   end $$`,
  `create trigger sessions_changed after update or delete on sessions for each row execute function portico_session_changed()`,
  `create trigger users_session_changed after update or delete on users for each row execute function portico_session_changed()`,
  `create trigger companies_session_changed after update of name or delete on companies for each row execute function portico_session_changed()`,
];
