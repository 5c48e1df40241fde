import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distIndex = path.join(root, 'dist', 'index.html');
const sources = [
  'index.html',
  'vite.config.ts',
  'src',
  'design-system',
  'public',
  'openapi/generated',
  'scripts/prerender.ts',
  'server/platform/prerendered.ts',
];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

/** Builds the SPA (and prerenders its public pages) when dist/ is missing or older than its sources (`npm start`, the size budgets). */
export function buildSpaIfStale(): void {
  const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (builtAt >= changedAt) return;
  console.log(
    builtAt ? 'Sources changed since the last build: rebuilding the SPA…' : 'Building the SPA (first start)…',
  );
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  // `npm run build`'s two steps: the client bundle, then the public pages prerendered from it.
  for (const args of [[vite, 'build', '--logLevel', 'warn'], [path.join(root, 'scripts', 'prerender.ts')]]) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The SPA build failed; see above.');
      process.exit(result.status ?? 1);
    }
  }
}
