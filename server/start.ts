import { resolve } from 'node:path';
import { buildClient, clientBuildNeeded } from './client-build.ts';
import { startServer } from './start-server.ts';

/** `npm start`: builds the client when needed, then serves app and API (PORT, HOST, DATABASE_URL). */
/** TRUST_PROXY: `true`, or a comma list of the proxies' addresses (CIDR too); unset trusts none. */
function trustProxyOf(value: string | undefined): boolean | string | undefined {
  if (!value || value === 'false') return undefined;
  return value === 'true' ? true : value;
}

const root = resolve(import.meta.dirname, '..');
if (process.env.SKIP_CLIENT_BUILD !== '1' && clientBuildNeeded(root)) {
  console.log('Building the client…');
  await buildClient(root);
}
const server = await startServer({
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '0.0.0.0',
  dataDir: process.env.DATA_DIR ?? resolve(root, 'data'),
  databaseUrl: process.env.DATABASE_URL || undefined,
  databasePoolSize: Number(process.env.DATABASE_POOL_SIZE) || undefined,
  clientDir: resolve(root, 'dist'),
  logger: process.env.LOG === '1',
  smtpUrl: process.env.SMTP_URL || undefined,
  trustProxy: trustProxyOf(process.env.TRUST_PROXY),
  publicUrl: process.env.PUBLIC_URL || undefined,
  paymentsEnv: process.env,
  efilingEnv: process.env,
  embedOrigins: process.env.POWERBI_EMBED_ORIGINS ? process.env.POWERBI_EMBED_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : undefined,
});
console.log(`Portico is running on ${server.url} (database: ${server.db.kind})`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
