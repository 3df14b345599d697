/**
 * `npm run dev`: the API server (restarts on change, node --watch) and the Vite dev server with
 * hot reload; Vite proxies /api to the API. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, PORT: process.env.PORT ?? '3000', PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn(process.execPath, ['--watch-path=apps/server/src', '--watch-path=packages/shared/src', 'apps/server/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@glyphary/web'], { cwd: root, env, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { if (code) stop(); });
