import { startServer } from '../../server/start-server.ts';

/**
 * One server process of the chat bench: `npm start`'s server on the PostgreSQL at argv[2] (its
 * schema in the URL), on a free port, without the client; prints its address, then serves until killed.
 */
const server = await startServer({ port: 0, databaseUrl: process.argv[2], dataDir: process.argv[3], clientDir: '/nonexistent', demoRecords: false });
console.log(JSON.stringify({ url: server.url }));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
