import { openDatabase } from '../../server/db/database.ts';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { timedRegistry } from '../fixtures/timed-entity.ts';

/**
 * A second server process for the timer tests: opens the database at argv[2], waits for the go
 * file named by argv[3] to exist (so both processes start firing together), fires every due
 * timer and prints how many records it moved.
 */
const [url, go] = process.argv.slice(2);
const { existsSync } = await import('node:fs');
const db = await openDatabase({ databaseUrl: url });
const registry = timedRegistry();
while (go && !existsSync(go)) await new Promise((r) => setTimeout(r, 20));
const fired = await fireDueTimers(db, registry);
await db.close();
console.log(JSON.stringify({ fired }));
