import { resolve } from 'node:path';
import { restoreCommand } from '../server/backup/commands.ts';

/** `npm run restore ARCHIVE [--force]`: brings a stopped instance back from a backup (docs/operations.md). */
const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const archive = args.find((a) => !a.startsWith('--'));
if (!archive || args.some((a) => a.startsWith('--') && a !== '--force')) {
  console.error('Usage: npm run restore -- ARCHIVE [--force]');
  process.exit(2);
}
try {
  const manifest = await restoreCommand(resolve(archive), process.env, root, args.includes('--force'));
  console.log(`Restored the ${manifest.database} database and ${manifest.files.length} files of ${manifest.createdAt}`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
