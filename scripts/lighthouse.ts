import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';

// `npm run lighthouse`: Lighthouse's accessibility category, desktop, on one page of each layout, against the
// real server started the way the end-to-end tests start it (a fresh DATA_DIR). A measurement: it prints the
// scores and every audit that did not pass, and exits 0 either way (only a run that could not measure fails).
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4327);
const base = `http://127.0.0.1:${port}`;
const pages = [
  { path: '/', layout: 'marketing layout' },
  { path: '/terms-of-use', layout: 'app layout' },
  { path: '/login', layout: 'auth layout' },
];

const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'timbre-lighthouse-'));
function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

async function startServer() {
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(server);
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready within 180 s');
}

/** Starts headless Chromium with a DevTools port and resolves with that port. */
function startChromium(): Promise<number> {
  const executable = chromiumPath();
  if (!executable) throw new Error('no Chromium found (set CHROMIUM_PATH; see README "Browser tests")');
  const profile = mkdtempSync(path.join(dataDir, 'chromium-'));
  const chromium = spawn(
    executable,
    [...chromiumArgs, '--headless', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(chromium);
  return new Promise((resolve, reject) => {
    let stderr = '';
    chromium.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) resolve(Number(match[1]));
    });
    chromium.once('exit', (code) => reject(new Error(`Chromium exited with code ${code}: ${stderr}`)));
  });
}

await startServer();
const chromePort = await startChromium();
let worst = 100;
for (const { path: pagePath, layout } of pages) {
  const result = await lighthouse(
    `${base}${pagePath}`,
    { port: chromePort, output: 'json', logLevel: 'error' },
    { extends: 'lighthouse:default', settings: { ...desktopConfig.settings, onlyCategories: ['accessibility'] } },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
  const { lhr } = result;
  const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
  worst = Math.min(worst, score);
  console.log(`\nAccessibility ${score}/100  ${pagePath} (${layout})`);
  const refs = lhr.categories.accessibility?.auditRefs ?? [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score === 1) continue;
    console.log(`  ✗ ${audit.id}: ${audit.title}`);
    const items = (audit.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })?.items ?? [];
    for (const item of items.slice(0, 5)) {
      if (item.node?.snippet) console.log(`      ${item.node.snippet}`);
      if (item.node?.explanation) console.log(`        ${item.node.explanation.replace(/\n/g, '\n        ')}`);
    }
  }
  if (lhr.runWarnings.length) console.log(`  warnings: ${lhr.runWarnings.join('; ')}`);
}
console.log(`\nLowest accessibility score: ${worst}/100`);
process.exit(0);
