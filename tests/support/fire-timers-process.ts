import { openDatabase } from '../../server/db/database.ts';
import { fireDueTimers } from '../../server/entities/timer-worker.ts';
import { createStaticRegistry } from '../../engine/index.ts';
import { timedRegistry } from '../fixtures/timed-entity.ts';

/**
 * A second server process for the timer tests: opens the database at argv[2], says it is ready and waits for the go
 * file named by argv[3] to exist (so both processes start firing together), fires every due
 * timer and prints how many records it moved. argv[4] `portal`: the portal's own declarations
 * (e.g. the payment order's 15 minutes) instead of the timed test entity.
 */
const [url, go, declarations] = process.argv.slice(2);
const { existsSync } = await import('node:fs');
const db = await openDatabase({ databaseUrl: url });
const registry = declarations === 'portal' ? createStaticRegistry() : timedRegistry();
console.log(JSON.stringify({ ready: true }));
while (go && !existsSync(go)) await new Promise((r) => setTimeout(r, 20));
const fired = await fireDueTimers(db, registry);
await db.close();
console.log(JSON.stringify({ fired }));
