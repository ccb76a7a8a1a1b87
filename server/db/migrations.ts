import { STATISTICS_DAILY_STATEMENTS } from './statistics-daily.ts';
import { STATISTICS_MONTHLY_STATEMENTS } from './statistics-monthly.ts';
import { SESSION_CHANGE_STATEMENTS } from './session-changes.ts';
import { RECORD_WRITE_STATEMENTS, RECORD_WRITES_NOTIFY_STATEMENTS, USER_NAME_WRITE_STATEMENTS } from './record-writes.ts';
import { ERROR_LOG_CAP_STATEMENTS } from './error-logs-aggregate.ts';
import type { Database } from './database.ts';

/**
 * A `company` record (schemas/company/) for every `companies` row that has none: the record's id
 * is the company's, it belongs to itself, and its customerApproval state is the row's approval
 * status (a final state for `approved`). The row stays as the record's projection (the columns
 * other code joins on). Its author is the company's first account, else the first account at all.
 * Migration 010 runs it once; the demo seed runs it after inserting its companies.
 */
export const COMPANY_RECORDS_FROM_ROWS = `
  insert into records (id, entity, doc, state, states, snapshot, company_id, visible_to, created_by)
  select c.id, 'company',
    jsonb_strip_nulls(jsonb_build_object('name', c.name, 'nameEn', c.name_en, 'customerNo', c.customer_no,
      'roles', case when cardinality(c.roles) > 0 then to_jsonb(c.roles) else '["applicant"]'::jsonb end, 'reason', c.reject_reason)),
    c.approval_status, jsonb_build_object('$status', c.approval_status),
    jsonb_build_object('status', case when c.approval_status = 'approved' then 'done' else 'active' end, 'value', c.approval_status,
      'historyValue', '{}'::jsonb, 'context', '{}'::jsonb, 'children', '{}'::jsonb),
    c.id, array[c.id], a.id
  from companies c
  cross join lateral (select coalesce(
    (select u.id from users u where u.company_id = c.id order by u.created_at, u.id limit 1),
    (select u.id from users u order by u.created_at, u.id limit 1)) as id) a
  where a.id is not null and not exists (select 1 from records r where r.id = c.id)`;

/**
 * Core tables, in order. A migration never changes once released: add a new one instead.
 * Declared entities all live in `records` (doc as jsonb); their list indexes are derived
 * from the view declarations (see entity-indexes.ts). A migration whose statements hold semicolons
 * (plpgsql bodies) lists them in `statements`; `sql` is split on semicolons otherwise.
 */
export const MIGRATIONS: readonly { id: string; sql: string; statements?: readonly string[] }[] = [
  {
    id: '001_core',
    sql: `
      create table companies (
        id text primary key,
        name text not null,
        name_en text,
        customer_no text unique,
        roles text[] not null default '{}',
        approval_status text not null default 'approved',
        created_at timestamptz not null default now()
      );
      create table users (
        id text primary key,
        account text not null unique,
        user_name text not null,
        email text,
        mobile text,
        password_hash text not null,
        company_id text not null references companies(id),
        roles text[] not null default '{}',
        permissions text[] not null default '{}',
        buttons text[] not null default '{}',
        dimensions jsonb not null default '{}',
        posts text[] not null default '{}',
        is_admin boolean not null default false,
        guide jsonb not null default '{}',
        created_at timestamptz not null default now()
      );
      create table sessions (
        token_hash text primary key,
        user_id text not null references users(id),
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz
      );
      create index sessions_user on sessions (user_id);
      create table server_keys (
        name text primary key,
        public_der text not null,
        private_pem text not null,
        created_at timestamptz not null default now()
      );
      create table records (
        id text primary key,
        entity text not null,
        doc jsonb not null,
        state text not null default '',
        states jsonb not null default '{}',
        snapshot jsonb,
        version integer not null default 1,
        company_id text not null references companies(id),
        visible_to text[] not null,
        created_by text not null references users(id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index records_entity_updated on records (entity, updated_at desc, id);
      create index records_entity_state on records (entity, state, updated_at desc, id);
      create index records_entity_created on records (entity, created_at desc, id);
      create index records_visible on records using gin (visible_to);
      create table audit (
        id bigserial primary key,
        entity text not null,
        record_id text not null,
        at timestamptz not null default now(),
        actor_id text references users(id),
        kind text not null,
        event text,
        from_states jsonb,
        to_states jsonb,
        payload jsonb,
        changed_fields text[],
        version integer
      );
      create index audit_record on audit (entity, record_id, id);
      create table counters (name text primary key, value bigint not null);
      create table templates (
        id text primary key,
        name_zh text not null,
        name_en text not null,
        product_line text not null,
        self_test boolean not null default false,
        sort integer not null default 0
      );
      create table files (
        id text primary key,
        file_name text not null,
        content_type text not null,
        size integer not null,
        path text not null,
        uploaded_by text not null references users(id),
        company_id text not null references companies(id),
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    id: '002_accounts',
    sql: `
      alter table users add column status text not null default 'approved';
      alter table users add column contact_number text;
      alter table users add column failed_logins integer not null default 0;
      alter table users add column locked_at timestamptz;
      alter table users add column terms_accepted_at timestamptz;
      alter table users add column receive_marketing boolean not null default false;
      alter table users add column settings jsonb not null default '{}';
      alter table users add column reject_reason text;
      create unique index users_email on users (lower(email)) where email is not null;
      create unique index users_mobile on users (mobile) where mobile is not null;
      alter table companies add column reject_reason text;
      create table outbox (
        id bigserial primary key,
        to_address text not null,
        subject text not null,
        body text not null,
        status text not null default 'pending',
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text,
        created_at timestamptz not null default now(),
        sent_at timestamptz
      );
      create index outbox_pending on outbox (next_attempt_at) where status = 'pending';
      create table verification_codes (
        id bigserial primary key,
        target text not null,
        purpose text not null,
        code_hash text not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        attempts integer not null default 0,
        created_at timestamptz not null default now()
      );
      create index verification_codes_target on verification_codes (target, purpose, id desc);
      create table captchas (
        id text primary key,
        answer text not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create table sso_tokens (
        token_hash text primary key,
        user_id text not null references users(id),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create table notices (
        id text primary key,
        final_publish_status integer not null default 1,
        start_date_time timestamptz not null,
        finish_date_time timestamptz not null,
        publish_remark jsonb not null,
        white_list text not null default '',
        created_by text references users(id),
        updated_at timestamptz not null default now()
      );
      create table error_logs (
        id bigserial primary key,
        user_id text,
        url text,
        time text,
        type text,
        message text,
        stack text,
        info jsonb,
        received_at timestamptz not null default now()
      )
    `,
  },
  {
    // Templates (docs/templates.md): versioned bundles, records keeping their version, the archive
    // of removed fields' data, customer groups and the template setting.
    id: '003_templates',
    sql: `
      alter table records add column template_version integer;
      create index records_entity_template_version on records (entity, template_version) where template_version is not null;
      create table form_templates (
        code text primary key,
        kind text not null default 'dff',
        created_by text references users(id),
        created_at timestamptz not null default now()
      );
      create table template_versions (
        code text not null references form_templates(code),
        version integer not null,
        status text not null default 'draft',
        bundle jsonb not null,
        renames jsonb not null default '{}',
        created_by text references users(id),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        published_by text references users(id),
        published_at timestamptz,
        primary key (code, version),
        check (status in ('draft', 'published'))
      );
      create unique index template_versions_one_draft on template_versions (code) where status = 'draft';
      create table template_migrations (
        id bigserial primary key,
        code text not null references form_templates(code),
        from_version integer not null,
        to_version integer not null,
        migrated integer not null,
        kept integer not null,
        archived integer not null,
        run_by text references users(id),
        run_at timestamptz not null default now()
      );
      create table template_archive (
        id bigserial primary key,
        migration_id bigint not null references template_migrations(id),
        entity text not null,
        record_id text not null,
        version integer not null,
        path text not null,
        value jsonb,
        archived_at timestamptz not null default now()
      );
      create index template_archive_record on template_archive (entity, record_id, id);
      create table customer_groups (
        code text primary key,
        name_zh text not null,
        name_en text not null,
        sort integer not null default 0
      );
      alter table companies add column customer_group text references customer_groups(code);
      create table template_settings (
        id text primary key,
        template_code text not null references form_templates(code),
        trf_template_id text references templates(id),
        product_line text,
        customer_group text references customer_groups(code),
        customer_id text references companies(id),
        product_category text,
        test_package text,
        is_default boolean not null default false,
        created_by text references users(id),
        updated_at timestamptz not null default now()
      );
      create index template_settings_group on template_settings (customer_group);
      create index template_settings_customer on template_settings (customer_id)
    `,
  },
  {
    // DFF data (docs/templates.md, "The TRF's DFF section"): a template record made for a TRF names
    // it; one such record per TRF.
    id: '004_record_parent',
    sql: `
      alter table records add column parent_id text;
      create unique index records_parent on records (parent_id) where parent_id is not null
    `,
  },
  {
    // A template's field order is the order of its schema's `properties`: jsonb sorts object keys
    // (shortest first), so the bundle is kept as json, which stores the text as written.
    id: '005_template_bundle_order',
    sql: `
      alter table template_versions alter column bundle type json using bundle::text::json
    `,
  },
  {
    // Durable lifecycle timers (an `after` in an entity's machine): the pending delayed events
    // and the earliest due time, which the timer worker claims with `for update skip locked`.
    id: '006_record_timers',
    sql: `
      alter table records add column timers jsonb not null default '[]'::jsonb;
      alter table records add column timer_due_at timestamptz;
      create index records_timer_due on records (timer_due_at) where timer_due_at is not null
    `,
  },
  {
    // Security: login attempts counted by account name (known or not: the answers must not tell),
    // locks that expire; which records a file is attached to (a file is readable through them only).
    id: '007_login_throttle_file_links',
    sql: `
      create table login_throttle (
        account_key text primary key,
        failures integer not null default 0,
        locks integer not null default 0,
        locked_until timestamptz
      );
      create table file_links (
        file_id text not null references files(id),
        record_id text not null references records(id) on delete cascade,
        primary key (file_id, record_id)
      );
      create index file_links_record on file_links (record_id);
      insert into file_links (file_id, record_id)
        select distinct f.id, r.id from files f join records r on strpos(r.doc::text, '"fileId": "' || f.id || '"') > 0
    `,
  },
  {
    // Declared effects (docs/declarations.md §4): written with the transition that declares them,
    // run by the effect worker after commit (claimed with `for update skip locked`, retried with
    // backoff). Maintenance notices keep their machine's snapshot and durable timers, like records.
    id: '008_effects_outbox',
    sql: `
      create table effects (
        id bigserial primary key,
        kind text not null,
        machine text not null,
        subject text not null,
        subject_id text not null,
        params jsonb not null default '{}',
        status text not null default 'pending',
        attempts integer not null default 0,
        next_attempt_at timestamptz not null default now(),
        last_error text,
        created_at timestamptz not null default now(),
        done_at timestamptz,
        check (status in ('pending', 'done', 'failed'))
      );
      create index effects_pending on effects (next_attempt_at) where status = 'pending';
      alter table notices add column snapshot jsonb;
      alter table notices add column timers jsonb not null default '[]'::jsonb;
      alter table notices add column timer_due_at timestamptz;
      create index notices_timer_due on notices (timer_due_at) where timer_due_at is not null
    `,
  },
  {
    // Issue 14: a company is the `company` entity's record; the companies row is its projection.
    id: '010_company',
    sql: COMPANY_RECORDS_FROM_ROWS,
  },
  {
    // Account management (issue 14): an approved account is enabled, disabled or reclaimed by
    // account-status.machine.ts (its state here, beside the approval status); accounts reclaimed
    // before are approved and reclaimed; a department name; the list's search.
    id: '011_accounts',
    sql: `
      alter table users add column account_state text not null default 'enabled';
      alter table users add constraint users_account_state check (account_state in ('enabled', 'disabled', 'reclaimed'));
      alter table users add column department text;
      update users set account_state = 'reclaimed', status = 'approved' where status = 'reclaimed';
      create index users_company_account on users (company_id, lower(account))
    `,
  },
  {
    // Records belonging to another (issue 15, access.parent): a TRF has several reports (versions)
    // and a report many test lines, so a parent may have many children. A TRF's one DFF record is
    // kept one by its own reference (server/templates/dff-records.ts). Linked values and child
    // lists read the children by parent and entity.
    id: '012_record_children',
    sql: `
      drop index if exists records_parent;
      create index records_parent_entity on records (parent_id, entity) where parent_id is not null`,
  },
  {
    // Records belonging to another record (entity `belongsTo`, docs/declarations.md §3: a TRF's
    // comments): many per record, unlike the one DFF record `parent_id` names; their visibility
    // follows the record's.
    id: '016_belongs_to',
    sql: `
      alter table records add column belongs_to text;
      create index records_belongs_to on records (belongs_to) where belongs_to is not null`,
  },
  {
    // TRF variants (issue 15): the templates the CCL and AFL variants bind their TRFs to
    // (schemas/trf/trf.views.json, variants), listed after the others.
    id: '018_variant_templates',
    sql: `
      insert into templates (id, name_zh, name_en, product_line, self_test, sort) values
        ('TPL-CCL', 'CCL 测试申请模板', 'CCL test request template', 'CCL', false, 100),
        ('TPL-AFL', 'AFL 测试申请模板', 'AFL test request template', 'AFL', false, 101)
      on conflict (id) do nothing
    `,
  },
  {
    // Online payment (issue 16): each provider trade of a payment order (the first attempt's
    // number is the order's; a retry after a failure is a new trade), and every exchange with a
    // provider, logged with its trade (docs/payments.md).
    id: '022_payment_trades',
    sql: `
      create table payment_trades (
        trade_no text primary key,
        order_id text not null,
        provider text not null,
        attempt int not null,
        amount_fen bigint not null,
        status text not null default 'open' check (status in ('open', 'paid', 'failed', 'closed')),
        created_at timestamptz not null default now()
      );
      create index payment_trades_order on payment_trades (order_id);
      create table payment_exchanges (
        id bigserial primary key,
        trade_no text not null,
        provider text not null,
        direction text not null check (direction in ('out', 'in')),
        kind text not null,
        body text not null,
        ok boolean not null,
        note text,
        at timestamptz not null default now()
      );
      create index payment_exchanges_trade on payment_exchanges (trade_no, id)
    `,
  },
  {
    // Chat on records (issue 19, docs/declarations.md §3 chat): each message, stored before it is
    // acknowledged (the sender's client id makes a resent message one row), and how far each user read each chat.
    id: '025_chat',
    sql: `
      create table chat_messages (
        id bigserial primary key,
        record_id text not null references records(id) on delete cascade,
        sender_id text not null references users(id),
        sender_name text not null,
        sender_side text not null check (sender_side in ('customer', 'staff')),
        client_id text not null,
        body text not null,
        created_at timestamptz not null default now(),
        unique (sender_id, client_id)
      );
      create index chat_messages_record on chat_messages (record_id, id desc);
      create table chat_reads (
        user_id text not null references users(id),
        record_id text not null references records(id) on delete cascade,
        last_read_id bigint not null,
        primary key (user_id, record_id)
      )
    `,
  },
  {
    // The power BI log (issue 18, SPEC §7): each view of an embedded BI report (schemas/powerbiReport/), by whom and when.
    id: '030_powerbi_log',
    sql: `
      create table powerbi_views (
        id bigserial primary key,
        report_id text not null,
        user_id text not null references users(id),
        company_id text not null references companies(id),
        viewed_at timestamptz not null default now()
      );
      create index powerbi_views_report on powerbi_views (report_id, viewed_at desc);
      create index powerbi_views_at on powerbi_views (viewed_at desc)
    `,
  },
  {
    // A document share and a BI report name a list of companies (access.shareWith on an array): the one company stored before becomes a list of it.
    id: '023_share_company_lists',
    sql: `
      update records set doc = (doc - 'companyId' - 'companyName') || jsonb_build_object('companyIds', case when coalesce(doc ->> 'companyId', '') = '' then '[]'::jsonb else jsonb_build_array(doc ->> 'companyId') end)
      where entity in ('documentShare', 'powerbiReport') and doc ? 'companyId'
    `,
  },
  {
    // Secret fields (x-secret, issue 20): encrypted apart from the document, which holds a mask (server/entities/secrets.ts).
    id: '031_record_secrets',
    sql: `
      create table record_secrets (
        record_id text not null references records(id) on delete cascade,
        field text not null,
        sealed text not null,
        updated_at timestamptz not null default now(),
        primary key (record_id, field)
      )
    `,
  },
  {
    // US CPSC e-filing (issue 20): every exchange with the regulator, by certificate and idempotency key (docs/efiling.md).
    id: '032_efiling_exchanges',
    sql: `
      create table efiling_exchanges (
        id bigserial primary key,
        filing_id text not null,
        idempotency_key text not null,
        kind text not null,
        request text not null,
        response text not null,
        ok boolean not null,
        outcome text not null,
        at timestamptz not null default now()
      );
      create index efiling_exchanges_filing on efiling_exchanges (filing_id, id);
      create index efiling_exchanges_key on efiling_exchanges (idempotency_key) where ok
    `,
  },
  {
    // Notifications (issue 19, docs/architecture.md, Notifications): each user's in-app messages, written by the
    // `notify` effect in its worker's transaction, and each user's own channels per event (none: an empty list).
    id: '033_notifications',
    sql: `
      create table notifications (
        id bigserial primary key,
        user_id text not null references users(id) on delete cascade,
        event text not null,
        entity text not null,
        record_id text not null,
        title text not null,
        body text not null,
        created_at timestamptz not null default now(),
        read_at timestamptz
      );
      create index notifications_user on notifications (user_id, id desc);
      create index notifications_unread on notifications (user_id) where read_at is null;
      create table notification_preferences (
        user_id text not null references users(id) on delete cascade,
        event text not null,
        channels text[] not null,
        primary key (user_id, event)
      )
    `,
  },
  {
    // Chat attachments (issue 19): the files a message carries, as [{ fileId, fileName }]; the files are linked to the chat's record.
    id: '034_chat_attachments',
    sql: `alter table chat_messages add column files jsonb not null default '[]'::jsonb`,
  },
  {
    // The statistics pages' daily pre-aggregate, kept by triggers on records (issue 18 bench; server/db/statistics-daily.ts).
    id: '038_statistics_daily',
    sql: '',
    statements: STATISTICS_DAILY_STATEMENTS,
  },
  {
    // Sessions are cached per process (server/auth/session-cache.ts): a change to a session, its user or company is notified to every process.
    id: '039_session_changes',
    sql: '',
    statements: SESSION_CHANGE_STATEMENTS,
  },
  {
    // Rate-limit counters every server process shares (server/http/rate-limit-store.ts); unlogged:
    // no WAL for counters that may be lost in a crash (PostgreSQL empties the table then).
    id: '040_rate_limits',
    sql: `
      create unlogged table rate_limits (
        key text primary key,
        hits integer not null,
        window_end timestamptz not null
      )
    `,
  },
  {
    // The statistics pre-aggregate's monthly roll-up, kept with the daily rows (issue 18 bench; server/db/statistics-monthly.ts).
    id: '042_statistics_monthly',
    sql: '',
    statements: STATISTICS_MONTHLY_STATEMENTS,
  },
  {
    // The transactions that wrote records, by which a list's ids kept with their snapshot stay exact (issue 22; server/db/record-writes.ts).
    id: '043_record_writes',
    sql: '',
    statements: RECORD_WRITE_STATEMENTS,
  },
  {
    // A kept list's rows name their authors: renaming a user is a write they miss (server/db/record-writes.ts).
    id: '044_user_name_writes',
    sql: '',
    statements: USER_NAME_WRITE_STATEMENTS,
  },
  {
    // PGlite hears each committed write of records at once, so kept lists and records skip their staleness query there (server/db/pglite.ts).
    id: '045_record_writes_notify',
    sql: '',
    statements: RECORD_WRITES_NOTIFY_STATEMENTS,
  },
  {
    // Client error logs: repeats aggregated by fingerprint, rows and bytes capped (issue 52; server/db/error-logs-aggregate.ts).
    id: '046_error_logs_cap',
    sql: '',
    statements: ERROR_LOG_CAP_STATEMENTS,
  },
  {
    // Closing an account (issue 58, personal-data rights; server/accounts/closing.ts): account-status.machine.ts's
    // final state; its personal fields are blanked, the login name kept only as a hash so a login is told it was closed.
    id: '047_closed_accounts',
    sql: `
      alter table users drop constraint users_account_state;
      alter table users add constraint users_account_state check (account_state in ('enabled', 'disabled', 'reclaimed', 'closed'));
      alter table users add column closed_at timestamptz;
      alter table users add column closed_account_hash text;
      create index users_closed_account on users (closed_account_hash) where closed_account_hash is not null
    `,
  },
  {
    // The server processes and their WebSocket connections, each beating every 15 s (server/admin/process-heartbeat.ts), for the administration screens.
    id: '048_server_processes',
    sql: `
      create table server_processes (
        process_id text primary key,
        host text not null,
        pid integer not null,
        started_at timestamptz not null,
        sockets integer not null default 0,
        seen_at timestamptz not null default now()
      )
    `,
  },
  {
    // The request that queued a mail or an effect, or set a record's timers: their delivery logs it (issue 58; server/observe/request-context.ts).
    id: '049_request_ids',
    sql: `
      alter table outbox add column request_id text;
      alter table effects add column request_id text;
      alter table records add column timer_request_id text
    `,
  },
];

/** The advisory lock key of migrating (any fixed number; "Port" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x506f7274;

/**
 * Applies the migrations not yet applied, each in its own transaction. Processes starting together
 * take turns on a PostgreSQL advisory lock (held by one connection, released on it): the first
 * migrates, the others then find every migration applied.
 */
export function migrate(db: Database): Promise<void> {
  // In one process the calls queue too: PGlite's one session would re-enter its own advisory lock.
  const run = (inProcess.get(db) ?? Promise.resolve()).catch(() => undefined).then(() => migrateLocked(db));
  inProcess.set(db, run);
  return run;
}

const inProcess = new WeakMap<Database, Promise<void>>();

async function migrateLocked(db: Database): Promise<void> {
  await db.session(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await applyPending(db);
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}

async function applyPending(db: Database): Promise<void> {
  await db.exec('create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())');
  const { rows } = await db.query<{ id: string }>('select id from schema_migrations');
  const applied = new Set(rows.map((r) => r.id));
  for (const m of MIGRATIONS) {
    if (applied.has(m.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of m.statements ?? m.sql.split(';').map((s) => s.trim()).filter(Boolean)) await tx.query(statement);
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
    });
  }
}
