import { startServer } from '../../server/start-server.ts';
import { portalWithTimedRegistry } from '../fixtures/timed-entity.ts';

/**
 * One server process for tests and benches that run several: `npm start`'s server on the
 * PostgreSQL at argv[2] (its schema in the URL), files under argv[3] unless the environment
 * names a storage (FILE_STORAGE, S3_*), on a free port, without the client; mail over SMTP_URL
 * when set; the timed test entity (tests/fixtures/timed-entity.ts) beside the portal's
 * declarations when PORTICO_CHILD_REGISTRY=timed. Prints its address, then serves until killed.
 * Back-pressure is off: a loaded test or bench machine must not make it refuse.
 */
const server = await startServer({
  port: 0,
  databaseUrl: process.argv[2],
  dataDir: process.argv[3],
  clientDir: '/nonexistent',
  demoRecords: false,
  filesEnv: process.env,
  pressureEnv: { PRESSURE: 'off' },
  smtpUrl: process.env.SMTP_URL || undefined,
  registry: process.env.PORTICO_CHILD_REGISTRY === 'timed' ? portalWithTimedRegistry() : undefined,
});
console.log(JSON.stringify({ url: server.url }));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
