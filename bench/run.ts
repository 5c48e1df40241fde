// npm run bench [-- part…]: reproducible measurements that print figures and never pass or fail on them.
// Parts: http (requests/s of /healthz and a database read), upload (throughput and the server's peak
// memory for a 500 MB streamed upload), peaks (decoding and waveform peaks of a 60-minute 48 kHz file),
// list (the table: /healthz, a session read and GET /api/projects with 10k projects, first page and
// offset 5000, on PostgreSQL and PGlite, load from a child process), engine (the voice engine's real-time factor on a
// 60 s clip, one worker thread and one per core), voices (each
// catalogue voice's measured median F0, spectral centroid and loudness on one clip, and the closest pair), events (delivery p99 with 1000 sockets), order (order-to-finished
// latency of a 10 s clip), fuzz (the contract fuzz of every operation at a larger size: requests, answers by
// status, 5xx), scale (two API processes and two workers on PostgreSQL with S3 storage, 200 users, a worker and
// an API process killed mid-run; needs PostgreSQL, so only when asked for), web (Lighthouse's mobile performance,
// FCP, LCP, TBT and JavaScript transferred of /, /pricing, /login and a signed-in /projects on the built SPA;
// needs Chromium, so only when asked for), web-trace (where a signed-in first load's main thread goes: its long tasks
// by script and function, CPU 4× slower; Chromium, only when asked for), admin (POST /api/stats/users with 10k users,
// on PostgreSQL and PGlite). Without arguments every part but scale, web and web-trace runs.
import os from 'node:os';

const parts: Record<string, () => Promise<void>> = {
  http: async () => (await import('./http.ts')).httpBench(),
  upload: async () => (await import('./upload.ts')).uploadBench(),
  peaks: async () => (await import('./peaks.ts')).peaksBench(),
  list: async () => (await import('./list.ts')).listBench(),
  events: async () => (await import('./events.ts')).eventsBench(),
  engine: async () => (await import('./engine.ts')).engineBench(),
  voices: async () => (await import('./voices.ts')).voicesBench(),
  order: async () => (await import('./order.ts')).orderBench(),
  fuzz: async () => (await import('./fuzz.ts')).fuzzBench(),
  scale: async () => (await import('./scale.ts')).scaleBench(),
  web: async () => (await import('./web.ts')).webBench(),
  'web-trace': async () => (await import('./web-trace.ts')).webTraceBench(),
  admin: async () => (await import('./admin.ts')).adminBench(),
};
/** Parts that need more than this checkout (PostgreSQL, Chromium) run only when named. */
const onlyWhenAsked = new Set(['scale', 'web', 'web-trace']);

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(a in parts));
if (unknown.length) {
  console.error(`Unknown bench part: ${unknown.join(', ')}. Parts: ${Object.keys(parts).join(', ')}`);
  process.exit(2);
}
console.log(`(${os.cpus().length} cores, Node ${process.version})`);
for (const name of asked.length ? asked : Object.keys(parts).filter((p) => !onlyWhenAsked.has(p))) {
  console.log(`\n── ${name} ──`);
  await parts[name]!();
}
