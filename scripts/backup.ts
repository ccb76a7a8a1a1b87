import { resolve } from 'node:path';
import { backupCommand } from '../server/backup/commands.ts';

/** `npm run backup [ARCHIVE]`: one .tar.gz of the database and the uploaded files (docs/operations.md). */
const root = resolve(import.meta.dirname, '..');
const archive = resolve(process.argv[2] ?? `portico-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
try {
  const how = await backupCommand(archive, process.env, root);
  console.log(`Backup written to ${archive} (taken by the ${how})`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
