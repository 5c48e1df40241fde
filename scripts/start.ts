import { buildSpaIfStale } from './build-spa.ts';

// `npm start`: build the SPA when dist/ is missing or older than its sources, then start every service.
buildSpaIfStale();

const { main } = await import('../server/main.ts');
await main();
