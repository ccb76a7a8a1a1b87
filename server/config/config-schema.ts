/**
 * Every environment variable the server reads, in one JSON Schema: its type, default and meaning.
 * `npm start` validates the environment against it before anything starts (check-config.ts), the
 * README's configuration table is generated from it (scripts/config-table.ts), and a unit test
 * fails when server/ reads a variable declared nowhere here (tests/unit/server/config-schema.test.ts).
 * Values are strings in the environment: an `integer` or `number` is checked as the number it reads as.
 */

interface Setting {
  type: 'string' | 'integer' | 'number';
  description: string;
  /** What applies when unset, as people read it (documentation: the readers apply it). */
  default?: string;
  format?: 'uri';
  pattern?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** A key, password or token: never shown back (check-config.ts names it, never its value). */
  'x-secret'?: true;
}

const text = (description: string, extra: Partial<Setting> = {}): Setting => ({ type: 'string', description, ...extra });
const url = (description: string, extra: Partial<Setting> = {}): Setting => ({ type: 'string', format: 'uri', pattern: '^[a-zA-Z][a-zA-Z0-9+.-]*://', description, ...extra });
const whole = (description: string, extra: Partial<Setting> = {}): Setting => ({ type: 'integer', minimum: 1, description, ...extra });
const flag = (description: string, extra: Partial<Setting> = {}): Setting => ({ type: 'string', enum: ['1', '0', 'true', 'false'], description, ...extra });
const secret = (description: string): Setting => ({ type: 'string', description, 'x-secret': true });
/** A PEM given inline, and the same as `<NAME>_FILE`, a file's path (server/payments/crypto/pem-setting.ts). */
const pem = (name: string, description: string): Record<string, Setting> => ({
  [name]: secret(`${description} (PEM text; or \`${name}_FILE\`)`),
  [`${name}_FILE`]: text(`the path of a file holding \`${name}\``),
});

const SERVER: Record<string, Setting> = {
  PORT: { type: 'integer', minimum: 0, maximum: 65535, default: '8080', description: 'the port to listen on' },
  HOST: text('the address to listen on', { default: '0.0.0.0' }),
  PUBLIC_URL: url("the portal's address as users reach it: the links in mails point there, never at a request's `Host` header", { default: 'http://localhost:{PORT}' }),
  DATA_DIR: text('PGlite files, uploaded files and the control channel of `npm run backup`', { default: './data' }),
  WORKERS: text('server processes `npm start` runs (node:cluster, sharing the port); `auto`: one per core. More than one needs `DATABASE_URL` (docs/deployment.md)', { default: '1', pattern: '^(auto|[1-9][0-9]*)$' }),
  NODE_ENV: text('`production` refuses the development defaults (a missing `SECRETS_KEY`, the sandboxes and the regulator emulator)', { default: '(none)' }),
  LOG: text('`1` for request logs at `info` (as `LOG_LEVEL=info`)', { default: '0', enum: ['1', '0'] }),
  LOG_LEVEL: text('JSON-line logs at this level (`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`), with request ids, user and company ids, credentials redacted (docs/operations.md#logs)', { default: '(none: no request logs)' }),
  TRUST_PROXY: text("behind a reverse proxy: `true` or the proxies' addresses (comma list, CIDR too); rate limits then count the client's address, and https makes the session cookie `Secure` and adds HSTS", { default: '(none)' }),
  POWERBI_EMBED_ORIGINS: text('the https origins embedded BI reports may be framed from, comma list', { default: 'https://app.powerbi.com' }),
  SKIP_CLIENT_BUILD: text('`1`: `npm start` serves `dist/` as it is, without building the client when it is stale', { default: '0', enum: ['1', '0'] }),
  SECRETS_KEY: { ...secret('32 bytes (64 hex digits or base64) that secret fields are encrypted with; required with `NODE_ENV=production`'), default: '(a random key kept in the database)', pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=?)$' },
  BACKUP_TOKEN: { ...secret('the token `npm run backup` shows the running portal (docs/operations.md)'), default: '(one made and kept in DATA_DIR/control-token)' },
  CONFIG_IGNORE: text('comma list of variables the start-up check should not take for misspelled settings (e.g. a CI system\'s `JOB_NAME`)', { default: '(none)' }),
};

const DATABASE: Record<string, Setting> = {
  DATABASE_URL: url('a PostgreSQL server instead of the embedded PGlite database', { default: '(none: PGlite)', pattern: '^postgres(ql)?://' }),
  READ_DATABASE_URL: url('a read replica of `DATABASE_URL`: record lists and statistics are read there', { default: '(none)', pattern: '^postgres(ql)?://' }),
  DATABASE_POOL_SIZE: whole("connections each process holds to PostgreSQL (several processes share its `max_connections`; at least 3)", { default: '4', minimum: 3 }),
};

const FILES: Record<string, Setting> = {
  FILE_STORAGE: text('`s3`: uploaded files in an S3-compatible bucket (the `S3_*` settings)', { default: 'local (DATA_DIR/files)', enum: ['local', 's3'] }),
  S3_BUCKET: text('the bucket (required with `FILE_STORAGE=s3`)'),
  S3_ENDPOINT: url('an S3-compatible server (MinIO, Ceph, OSS, COS…)', { default: '(AWS)' }),
  S3_REGION: text('the region', { default: '`AWS_REGION`, else us-east-1' }),
  AWS_REGION: text("the AWS SDK's region, when `S3_REGION` is unset"),
  S3_ACCESS_KEY_ID: text("the access key's id", { default: "(the AWS SDK's credential chain)" }),
  S3_SECRET_ACCESS_KEY: secret('the secret access key'),
  S3_PREFIX: text('object keys start with this (e.g. `portico/`)', { default: '(none)' }),
  S3_FORCE_PATH_STYLE: text('`false` for virtual-host buckets', { default: 'true', enum: ['true', 'false'] }),
  S3_CONNECT_TIMEOUT_MS: whole('milliseconds to connect before an attempt fails', { default: '3000' }),
  S3_TIMEOUT_MS: whole('milliseconds a connection may stay silent mid-request', { default: '15000' }),
};

const MAIL: Record<string, Setting> = {
  SMTP_URL: url('`smtp://user:pass@host:587`: mail is delivered by a worker; without it mail stays in the outbox', { default: '(none)', pattern: '^smtps?://' }),
  SMTP_FROM: text("the mails' sender", { default: 'Portico <no-reply@portico.local>' }),
};

const LIMITS: Record<string, Setting> = {
  PRESSURE: text('`off` turns back-pressure off (docs/deployment.md)', { default: 'on', enum: ['on', 'off'] }),
  PRESSURE_MAX_HEAP_MB: { type: 'number', minimum: 0, description: 'heap in MB past which requests get 503 (0: no limit)', default: '(from the heap limit)' },
  PRESSURE_MAX_RSS_MB: { type: 'number', minimum: 0, description: 'resident memory in MB past which requests get 503', default: '(none)' },
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: { type: 'number', minimum: 0, description: 'event-loop delay in ms past which requests get 503', default: '(server/http/back-pressure.ts)' },
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: { type: 'number', minimum: 0, maximum: 1, description: 'event-loop utilisation (0 to 1) past which requests get 503', default: '(none)' },
  PRESSURE_RETRY_AFTER_S: { type: 'number', minimum: 0, description: 'the `Retry-After` of those 503s, seconds', default: '10' },
  JOB_THREADS: whole('worker threads of the job pool (heavy work on user input)', { default: '(server/jobs/pool.ts)' }),
  JOB_HEAP_MB: whole("each job thread's heap, MB", { default: '(server/jobs/pool.ts)' }),
  JOB_TIME_LIMIT_MS: whole("a job's time limit, ms", { default: '(server/jobs/pool.ts)' }),
  JOB_QUEUE: whole('jobs waiting at most; past it, 503', { default: '(server/jobs/pool.ts)' }),
  JOB_NICE: { type: 'integer', minimum: 0, maximum: 19, description: 'the job threads\' lower priority (0 to 19)', default: '19 under `npm start`' },
  ERROR_LOG_MAX_ROWS: whole('client error log entries kept', { default: '(server/portal/error-log-repo.ts)' }),
  ERROR_LOG_MAX_BYTES: whole('client error log bytes kept', { default: '(server/portal/error-log-repo.ts)' }),
  ERROR_LOG_BYTES_PER_MINUTE: whole('client error log bytes taken per minute', { default: '(server/portal/error-log-repo.ts)' }),
};

const EFILING: Record<string, Setting> = {
  CPSC_API_URL: url('the US CPSC e-filing regulator (docs/efiling.md)', { default: '(the local emulator, loopback PUBLIC_URL only)' }),
  CPSC_TIMEOUT_MS: whole("the regulator's time limit, ms", { default: '40000' }),
  EFILING_EMULATOR: flag('`1`/`0` chooses the regulator emulator explicitly', { default: '(on for a loopback PUBLIC_URL outside production)' }),
  EFILING_EMULATOR_PUBLIC: flag('`1` allows the emulator on a public address (a shared test system)', { default: '0' }),
};

const PAYMENTS: Record<string, Setting> = {
  PAYMENTS_SANDBOX: flag('`1`/`0` chooses the sandbox gateways explicitly (docs/payments.md)', { default: '(on for the local demo only)' }),
  PAYMENTS_SANDBOX_PUBLIC: flag('`1` allows the sandboxes on a public address', { default: '0' }),
  ALIPAY_APP_ID: text("Alipay's app id (all four of `ALIPAY_APP_ID`, `_SELLER_ID`, `_PRIVATE_KEY`, `_PUBLIC_KEY`, else not configured)"),
  ALIPAY_SELLER_ID: text("Alipay's seller id"),
  ALIPAY_PRIVATE_KEY: secret("the merchant's private key for Alipay"),
  ALIPAY_PUBLIC_KEY: text("Alipay's public key"),
  ALIPAY_GATEWAY: url("Alipay's gateway", { default: 'https://openapi.alipay.com/gateway.do' }),
  WECHATPAY_MCH_ID: text('WeChat Pay merchant id (all `WECHATPAY_*` but `_BASE_URL` needed, else not configured)'),
  WECHATPAY_APP_ID: text('WeChat Pay app id'),
  WECHATPAY_MERCHANT_SERIAL_NO: text("the merchant certificate's serial number"),
  ...pem('WECHATPAY_MERCHANT_PRIVATE_KEY', "the merchant's private key"),
  ...pem('WECHATPAY_PLATFORM_PUBLIC_KEY', "WeChat Pay's platform public key or certificate"),
  WECHATPAY_PLATFORM_SERIAL_NO: text("the platform key's serial number"),
  WECHATPAY_APIV3_KEY: secret('the APIv3 key'),
  WECHATPAY_BASE_URL: url("WeChat Pay's gateway", { default: 'https://api.mch.weixin.qq.com' }),
  UNIONPAY_MER_ID: text('UnionPay merchant id (with the signing key and certificates, else not configured)'),
  ...pem('UNIONPAY_SIGN_KEY', 'the signing key'),
  ...pem('UNIONPAY_SIGN_CERT', 'the signing certificate'),
  ...pem('UNIONPAY_ROOT_CERT', "UnionPay's root certificate"),
  ...pem('UNIONPAY_MIDDLE_CERT', "UnionPay's intermediate certificate"),
  ...pem('UNIONPAY_VERIFY_CERT', "UnionPay's verification certificate (instead of root and intermediate)"),
  UNIONPAY_BASE_URL: url("UnionPay's gateway", { default: '(the production gateway)' }),
};

const OPERATIONS: Record<string, Setting> = {
  METRICS_TOKEN: { ...secret('the bearer token (16 characters or more) that may read `/metrics`, the Prometheus text (docs/operations.md#metrics); with neither this nor `METRICS_ALLOW`, `/metrics` answers 404'), default: '(none)' },
  METRICS_ALLOW: text('addresses that may read `/metrics` without the token: comma list of IPs and CIDR ranges (`127.0.0.1,10.0.0.0/8`)', { default: '(none)' }),
  METRICS_PORT: { type: 'integer', minimum: 1, maximum: 65535, default: '(none)', description: "with `WORKERS` > 1: the primary serves every worker's series added together on this port (`/metrics`, same token and addresses)" },
  SHUTDOWN_GRACE_MS: whole("on `SIGTERM`, how long requests in flight and the workers' rows in hand are waited for before the connections still open are cut (docs/operations.md#health-and-shutdown)", { default: '10000' }),
};

/** The sections of the README's table, in order. */
export const CONFIG_SECTIONS: Record<string, Record<string, Setting>> = {
  Server: SERVER,
  'Metrics, health and shutdown': OPERATIONS,
  Database: DATABASE,
  'Uploaded files': FILES,
  Mail: MAIL,
  'Limits and back-pressure': LIMITS,
  'E-filing': EFILING,
  Payments: PAYMENTS,
};

export const CONFIG_PROPERTIES: Record<string, Setting> = Object.assign({}, ...Object.values(CONFIG_SECTIONS));

/**
 * Variables under these prefixes are Portico's: one not declared is a misspelling and stops the
 * start (CONFIG_IGNORE lets a machine's own through).
 */
export const CONFIG_PREFIXES = ['PAYMENTS_', 'ALIPAY_', 'WECHATPAY_', 'UNIONPAY_', 'S3_', 'SMTP_', 'EFILING_', 'CPSC_', 'JOB_', 'PRESSURE_', 'ERROR_LOG_', 'DATABASE_', 'BACKUP_', 'METRICS_'] as const;

/** The schema `npm start` validates the environment with: the settings, and the ones that need another. */
export const CONFIG_SCHEMA = {
  type: 'object',
  properties: CONFIG_PROPERTIES,
  allOf: [
    { if: { required: ['NODE_ENV'], properties: { NODE_ENV: { const: 'production' } } }, then: { required: ['SECRETS_KEY'] } },
    { if: { required: ['FILE_STORAGE'], properties: { FILE_STORAGE: { const: 's3' } } }, then: { required: ['S3_BUCKET'] } },
  ],
  dependencies: { READ_DATABASE_URL: ['DATABASE_URL'] },
} as const;
