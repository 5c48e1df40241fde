import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type CDPSession } from 'playwright';
import { inBrowser, startLighthouseRig } from '../scripts/lighthouse-rig.ts';
import { signUpInBrowser } from './web.ts';

// npm run bench -- web-trace: where a signed-in first load's main thread goes, the figure Lighthouse's Total
// Blocking Time and LCP come from. A fresh user signs up (as bench web does), then WEB_TRACE_PAGE (default
// /projects) loads WEB_TRACE_RUNS times (default 2; the first after sign-up is shown too) with the CPU slowed 4×
// (Lighthouse's mobile setting) and the cache off, traced with V8's sampling profiler. For each main-thread
// task of 50 ms or more it prints when it started, how long it took, the scripts its time went to and the
// functions that took most of it (the names are the built files' minified names: look them up in the chunk, or
// build with `npx vite build --minify false && node scripts/prerender.ts` first; WEB_TRACE_SAVE keeps the traces). A first page drawn in slices shows as many short React tasks; the same page
// drawn again in one task after them (a store changed during the slices), or one long commit, shows here.

const port = Number(process.env.WEB_BENCH_PORT ?? 4428);
const page = process.env.WEB_TRACE_PAGE ?? '/projects';
const runs = Math.max(1, Number(process.env.WEB_TRACE_RUNS ?? 2));
// WEB_TRACE_GUEST=1 loads the page as a guest instead (no sign-up): the landing page, the sign-in pages.
const guest = process.env.WEB_TRACE_GUEST === '1';
// WEB_TRACE_SAVE=<folder> also writes each run's trace there (open it in Chrome DevTools' Performance panel).
const save = process.env.WEB_TRACE_SAVE;
// WEB_TRACE_PROJECTS=<n> has the new user create n projects first (POST /api/projects, as the page's form does):
// /projects as a user with a full page, not an empty one.
const projects = Math.max(0, Number(process.env.WEB_TRACE_PROJECTS ?? 0));
// WEB_TRACE_CPU=1 traces at full speed instead: Lighthouse's simulation multiplies such a trace's tasks by 4, so
// with WEB_TRACE_MIN_MS=12 the tasks listed are the ones its Total Blocking Time counts.
const cpuRate = Math.max(1, Number(process.env.WEB_TRACE_CPU ?? 4));
const LONG_TASK_US = Math.max(1, Number(process.env.WEB_TRACE_MIN_MS ?? 50)) * 1000;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Chrome's trace format
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

async function trace(cdp: CDPSession, load: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories:
      'loading,devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler',
    transferMode: 'ReportEvents',
  });
  await load();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** The long tasks of the page's main thread, each with its sampled time by script and by function. */
function report(events: TraceEvent[]): string[] {
  const threadNames = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name as string);
  }
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (threadNames.get(key) === 'CrRendererMain') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return ['no renderer main thread in the trace'];
  const [pid, tid] = main.split(':').map(Number);
  // Times are from the navigation's start (the trace's first event when it has none).
  const navigations = events.filter((e) => e.name === 'navigationStart').map((e) => e.ts);
  const start = navigations.length
    ? Math.min(...navigations)
    : Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const tasks = events.filter(
    (e) => e.pid === pid && e.tid === tid && e.name === 'RunTask' && (e.dur ?? 0) >= LONG_TASK_US,
  );

  // The sampling profile: nodes by id, samples with their times (deltas from the profile's start).
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  let clock = events.find((e) => e.pid === pid && e.name === 'Profile')?.args.data.startTime as number | undefined;
  for (const e of events.filter((x) => x.pid === pid && x.name === 'ProfileChunk').sort((a, b) => a.ts - b.ts)) {
    const data = e.args.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    ids.forEach((id, i) => {
      clock = (clock ?? e.ts) + (data.timeDeltas?.[i] ?? 0);
      samples.push({ ts: clock, node: id });
    });
  }
  const file = (url: string) =>
    url
      .split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, '.js') || '(browser)';
  const lines: string[] = [];
  // The paints Lighthouse reads: the first contentful paint and the last largest-contentful-paint candidate.
  const paintAt = (name: string) => {
    const found = events.filter((e) => e.name === name && e.ts >= start).map((e) => e.ts);
    return found.length ? `${Math.round((Math.max(...found) - start) / 1000)} ms` : 'none';
  };
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= start)?.ts;
  // Lighthouse's simulation (a trace at full speed, each task's time × 4) counts, after the first contentful
  // paint, what each task takes beyond 50 ms: this estimate is that sum, for a trace made with WEB_TRACE_CPU=1.
  const blocking =
    cpuRate === 1 && fcp !== undefined
      ? tasks.filter((t) => t.ts >= fcp).reduce((sum, t) => sum + Math.max(0, (4 * (t.dur ?? 0)) / 1000 - 50), 0)
      : undefined;
  lines.push(
    `  first contentful paint ${paintAt('firstContentfulPaint')}, largest contentful paint ${paintAt('largestContentfulPaint::Candidate')}` +
      (blocking === undefined ? '' : `, blocking time as Lighthouse would simulate it ≈ ${Math.round(blocking)} ms`),
  );
  for (const task of tasks) {
    const from = task.ts;
    const to = task.ts + (task.dur ?? 0);
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let total = 0;
    for (const sample of samples) {
      if (sample.ts < from || sample.ts > to) continue;
      const frame = nodes.get(sample.node)?.callFrame;
      if (!frame) continue;
      total++;
      const script = frame.url ? file(frame.url) : frame.functionName || '(browser)';
      byScript.set(script, (byScript.get(script) ?? 0) + 1);
      const fn =
        `${frame.functionName || '(anonymous)'} ${frame.url ? `${file(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + 1);
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, count]) => `${name} ${Math.round((100 * count) / Math.max(1, total))}%`)
        .join(', ');
    // What the browser itself did in the task (style, layout, paint, parsing): its own trace events.
    const native = new Map<string, number>();
    for (const e of events) {
      if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || e.ts < from || e.ts > to || !e.dur) continue;
      if (
        /^(UpdateLayoutTree|Layout|Paint|PrePaint|Layerize|ParseHTML|ParseAuthorStyleSheet|ScheduleStyleRecalculation|HitTest|UpdateLayer|CompositeLayers)$/.test(
          e.name,
        )
      )
        native.set(e.name, (native.get(e.name) ?? 0) + e.dur);
    }
    const nativeLine = [...native.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, us]) => us >= 1000)
      .map(([name, us]) => `${name} ${Math.round(us / 1000)} ms`)
      .join(', ');
    lines.push(
      `  ${Math.round((from - start) / 1000)
        .toString()
        .padStart(6)} ms  ${Math.round((task.dur ?? 0) / 1000)
        .toString()
        .padStart(5)} ms  scripts: ${top(byScript, 4)}`,
      `  ${' '.repeat(20)}functions: ${top(byFunction, 5)}`,
      ...(nativeLine ? [`  ${' '.repeat(20)}browser: ${nativeLine}`] : []),
    );
  }
  return lines;
}

export async function webTraceBench(): Promise<void> {
  const { base, chromePort, close } = await startLighthouseRig({ port, name: 'timbre-bench-web-trace' });
  try {
    const email = guest ? null : await signUpInBrowser(base, chromePort);
    if (email && projects > 0) {
      await inBrowser(
        chromePort,
        `${base}/healthz`,
        `(async () => {
          const headers = {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-CSRF-Token': localStorage.getItem('timbre.csrf_token'),
          };
          for (let i = 1; i <= ${projects}; i++) {
            const made = await fetch('/api/projects', {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: 'Bench project ' + i }),
            });
            if (!made.ok) throw new Error('creating a project answered ' + made.status + ': ' + (await made.text()));
          }
        })()`,
      );
    }
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
    const context = browser.contexts()[0]!;
    const who = email ? `signed in as ${email}${projects ? ` with ${projects} projects` : ''}` : 'a guest';
    console.log(`${page} as ${who}, CPU ${cpuRate}× slower, cache off; main-thread tasks ≥ ${LONG_TASK_US / 1000} ms:`);
    for (let run = 0; run <= runs; run++) {
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const events = await trace(cdp, async () => {
        await tab.goto(`${base}${page}`, { waitUntil: 'load' });
        await tab.waitForTimeout(6000); // the page settles, and what loads when idle (error reporting) runs
      });
      if (save) {
        await mkdir(save, { recursive: true });
        await writeFile(path.join(save, `trace-${run}.json`), JSON.stringify({ traceEvents: events }));
      }
      console.log(run === 0 ? '\nrun 0 (the first in this browser, not counted)' : `\nrun ${run}`);
      for (const line of report(events)) console.log(line);
      await tab.close();
    }
    await browser.close().catch(() => undefined);
  } finally {
    await close();
  }
}
