import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * `npm run dev`: the API with reload on change (tsx watch, port 8080) and Vite's dev server with
 * hot reload (port 5173, proxying /api to 8080). Open http://localhost:5173.
 */
const root = resolve(import.meta.dirname, '..');
const env = { ...process.env, SKIP_CLIENT_BUILD: '1' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/start.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), '--port', '5173'], { cwd: root, env, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
