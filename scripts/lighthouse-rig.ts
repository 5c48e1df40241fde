import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';

// What `npm run lighthouse` and `npm run bench -- web` share: the real server started the way the end-to-end
// tests start it (scripts/start.ts, which builds dist/ first when it is missing or older than its sources, on
// a fresh DATA_DIR), a headless Chromium with a DevTools port for Lighthouse, and a small DevTools client to
// act in that browser as a user would before a run (sign in, so the next runs are a signed-in user's).

const root = fileURLToPath(new URL('..', import.meta.url));

export interface LighthouseRig {
  /** The server's address, http://127.0.0.1:port. */
  base: string;
  /** Chromium's DevTools port, for Lighthouse's `port` flag and `inBrowser`. */
  chromePort: number;
  /**
   * Stops the server and Chromium, waits for them to exit and removes the temporary DATA_DIR (when the process
   * exits without it, the same is done as far as an exit handler can: no waiting).
   */
  close(): Promise<void>;
}

/**
 * Starts the server on `port` and a headless Chromium; both are stopped and the temporary DATA_DIR removed
 * when the process exits. `name` prefixes the temporary folder.
 */
export async function startLighthouseRig({ port, name }: { port: number; name: string }): Promise<LighthouseRig> {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  // Each child leads its own process group (spawned detached), and the whole group is stopped: Debian's
  // /usr/bin/chromium-headless-shell is a shell script that runs the browser as its child without exec, so
  // stopping the script alone left the browser running, holding its stderr pipe open, and the bench never ended.
  const stop = () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) continue;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM'); // no group (already gone, or not a group leader)
      }
    }
  };
  // Chromium may still be writing its profile into DATA_DIR as it exits: retry, and never fail the run on it.
  const removeDataDir = () => {
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove ${dataDir}: ${(error as Error).message}`);
    }
  };
  const close = async () => {
    const exited = children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) resolve();
          else child.once('exit', () => resolve());
        }),
    );
    stop();
    await Promise.all(exited);
    removeDataDir();
  };
  process.on('exit', () => {
    stop();
    removeDataDir();
  });
  process.on('SIGINT', () => process.exit(130));
  const base = `http://127.0.0.1:${port}`;
  await startServer(base, port, dataDir, children);
  const chromePort = await startChromium(dataDir, children);
  return { base, chromePort, close };
}

async function startServer(base: string, port: number, dataDir: string, children: ChildProcess[]) {
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
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
function startChromium(dataDir: string, children: ChildProcess[]): Promise<number> {
  const executable = chromiumPath();
  if (!executable) throw new Error('no Chromium found (set CHROMIUM_PATH; see README "Browser tests")');
  const profile = mkdtempSync(path.join(dataDir, 'chromium-'));
  const chromium = spawn(
    executable,
    [...chromiumArgs, '--headless', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
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

interface DevToolsTarget {
  id: string;
  webSocketDebuggerUrl: string;
}

/**
 * Opens `url` in a new tab of the rig's Chromium, waits for its load event, evaluates `expression` there
 * (awaiting a promise it returns) and closes the tab. What it does to the browser's profile stays: cookies
 * the page's requests were given and what it wrote to localStorage are there for the next Lighthouse run.
 */
export async function inBrowser(chromePort: number, url: string, expression: string): Promise<unknown> {
  const devtools = `http://127.0.0.1:${chromePort}`;
  const target = (await (await fetch(`${devtools}/json/new?about:blank`, { method: 'PUT' })).json()) as DevToolsTarget;
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error('could not reach the tab over DevTools')), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(method: string) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id !== undefined) {
      const call = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) call?.reject(new Error(message.error.message));
      else call?.resolve(message.result);
    } else if (message.method) {
      for (const listener of listeners) listener(message.method);
    }
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Page.enable');
    const loaded = new Promise<void>((resolve) =>
      listeners.add((method) => method === 'Page.loadEventFired' && resolve()),
    );
    await send('Page.navigate', { url });
    await loaded;
    const { result, exceptionDetails } = (await send('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    })) as { result: { value?: unknown }; exceptionDetails?: { exception?: { description?: string }; text: string } };
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  } finally {
    socket.close();
    await fetch(`${devtools}/json/close/${target.id}`);
  }
}
