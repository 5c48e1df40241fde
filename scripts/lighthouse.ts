import lighthouse, { desktopConfig } from 'lighthouse';
import { startLighthouseRig } from './lighthouse-rig.ts';

// `npm run lighthouse`: Lighthouse's accessibility category, desktop, on one page of each layout, against the
// real server started the way the end-to-end tests start it (a fresh DATA_DIR). A measurement: it prints the
// scores and every audit that did not pass, and exits 0 either way (only a run that could not measure fails).
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4327);
const pages = [
  { path: '/', layout: 'marketing layout' },
  { path: '/terms-of-use', layout: 'app layout' },
  { path: '/login', layout: 'auth layout' },
];

const { base, chromePort, close } = await startLighthouseRig({ port, name: 'timbre-lighthouse' });
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
await close();
process.exit(0);
