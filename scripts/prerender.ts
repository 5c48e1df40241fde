import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type PluginOption } from 'vite';
import viteConfig from '../vite.config.ts';
import {
  PRERENDERED_DIR,
  PRERENDERED_MANIFEST,
  BOOT_DATA_ID,
  BOOT_SCRIPT,
  escapeHtml,
  AUDIENCE_CODES,
  RETURNING_VISITOR_SCRIPT,
  RETURNING_VISITOR_STYLE,
  ROUTE_PRELOAD_SCRIPT,
  THEME_SCRIPT,
  SERVER_ENTRY_DIR,
  SIGNED_IN_MARKS,
  ROUTE_PRELOADS_ID,
  type PrerenderedManifest,
} from '../server/platform/prerendered.ts';

/*
 * `npm run build`'s second step, after `vite build`: the public pages a guest lands on (/, /pricing, /use-cases,
 * /faq, /login, /signup) rendered to HTML, so the browser paints them before the JavaScript has loaded.
 * Vite's SSR build of src/prerender/entry-server.tsx (same plugins, so vanilla-extract gives the same class
 * names as the client build) renders each page; each gets a copy of dist/index.html with the markup in #root,
 * its title, and the CSS and module preloads of its route's chunks from the client build's manifest. The
 * server sends them for those exact paths (server/platform/spa.ts), and main.tsx hydrates them.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
// The server bundle stays in the build: the server draws the signed-in pages with it (server-drawn.ts).
const ssrOut = path.join(dist, SERVER_ENTRY_DIR);

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type ViteManifest = Record<string, ManifestChunk>;

/** What src/prerender/entry-server.tsx exports (its JSX is outside this project's tsconfig). */
interface ServerEntry {
  PRERENDERED_PAGES: Record<string, string[]>;
  SIGNED_IN_PAGES: Record<string, string[]>;
  render(path: string): Promise<{ html: string; title: string }>;
  routeModules(): Promise<{ path: string; audience: keyof typeof AUDIENCE_CODES; modules: string[] }[]>;
}

const flatPlugins = (plugins: PluginOption[] | undefined): PluginOption[] =>
  (plugins ?? []).flatMap((p) => (Array.isArray(p) ? flatPlugins(p) : [p]));

/** The client build's plugins that write files beside the bundle (compressed copies, index.html tags) stay out. */
const ssrPlugins = flatPlugins(viteConfig.plugins).filter((plugin) => {
  const name = plugin && typeof plugin === 'object' && 'name' in plugin ? plugin.name : '';
  return !/compression|preload-default-messages/.test(name);
});

async function buildServerEntry(): Promise<string> {
  rmSync(ssrOut, { recursive: true, force: true });
  await build({
    ...viteConfig,
    configFile: false,
    logLevel: 'warn',
    plugins: ssrPlugins,
    // Every package bundled in, React's production build among them: left to node_modules, the server loads the
    // one NODE_ENV names at run time (development unless set), whose checks made a page's render 3 times slower.
    ssr: { ...viteConfig.ssr, noExternal: true },
    define: { ...viteConfig.define, 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: path.join(root, 'src/prerender/entry-server.tsx'),
      outDir: ssrOut,
      emptyOutDir: true,
      // The client build has public/ and the assets already: the server bundle is the one file.
      copyPublicDir: false,
      sourcemap: false,
      manifest: false,
      rolldownOptions: {
        output: { entryFileNames: 'entry-server.js' },
        // One process loads every module here: a dynamic import that stays in its importer's chunk is no loss.
        checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
      },
    },
  });
  return path.join(ssrOut, 'entry-server.js');
}

/** The chunk files and CSS a set of source modules needs (their static imports included), minus the entry's. */
function assetsOf(manifest: ViteManifest, keys: string[]) {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The client manifest has no entry');
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The client manifest has no chunk for ${key}`);
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry)!;
  walk(entryKey, loaded);
  const wanted = new Set<string>();
  for (const key of keys) walk(key, wanted);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of wanted) {
    if (loaded.has(key)) continue;
    const chunk = manifest[key]!;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
  }
  return { scripts, styles };
}

/** A built stylesheet as a <style> (its url()s name /assets/… from the root, so they resolve the same). */
const inlineStyle = (href: string) =>
  `<style>${readFileSync(path.join(dist, href), 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;

const ROUTE_PRELOADS_PATTERN = new RegExp(
  `<script type="application/json" id="${ROUTE_PRELOADS_ID}">.*?</script><script>.*?</script>`,
);

const fileNameOf = (page: string) => (page === '/' ? 'index.html' : `${page.slice(1).replace(/\//g, '_')}.html`);

interface DocumentParts {
  /** What goes at the end of <head>, before the page's styles. */
  head: string;
  /** The markup of #root. */
  root: string;
  title: string;
  /** What goes at the end of <body>, before the boot script. */
  beforeBoot?: string;
}

/**
 * index.html as a page drawn ahead of its scripts: its styles inline, its title and markup, and its scripts (the
 * entry, its preloads, the page's own chunks) requested by BOOT_SCRIPT once the page has painted.
 */
function pageDocument(indexHtml: string, manifest: ViteManifest, modules: string[], parts: DocumentParts): string {
  const { scripts, styles } = assetsOf(manifest, modules);
  const head = [
    // Before the first paint: the user's colour theme.
    `<script>${THEME_SCRIPT}</script>`,
    parts.head,
    // The page's styles inline: a dozen small stylesheets, each a request the first paint waited for (some
    // 160-310 ms each in Lighthouse's mobile run). The disabled link beside each, never fetched, tells
    // Vite's preloader the stylesheet is on the page already, so the route's chunk does not fetch it again.
    ...styles.map((href) => `${inlineStyle(href)}<link rel="stylesheet" crossorigin href="${href}" disabled>`),
  ].join('');
  // The scripts only make the page work: index.html's entry and preloads, then the page's own chunks, are
  // requested by BOOT_SCRIPT once the page has painted (server/platform/prerendered.ts says why).
  let entry: string | undefined;
  const preload: string[] = [];
  const document = indexHtml
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
      entry = src;
      return '';
    })
    .replace(/\s*<link rel="modulepreload" crossorigin(?:="")? href="([^"]+)">/g, (_, href: string) => {
      preload.push(href);
      return '';
    });
  if (!entry) throw new Error('dist/index.html has no module script');
  for (const href of scripts) if (!preload.includes(href)) preload.push(href);
  const boot = JSON.stringify({ entry, preload }).replace(/</g, '\\u003c');
  return (
    document
      // The entry's stylesheet too, with the same disabled link (a chunk that imports it would fetch it again).
      .replace(
        /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
        (_, href: string) => `${inlineStyle(href)}<link rel="stylesheet" crossorigin href="${href}" disabled>`,
      )
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(parts.title)}</title>`)
      .replace('</head>', `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${parts.root}</div>`)
      .replace(
        '</body>',
        () =>
          `${parts.beforeBoot ?? ''}<script type="application/json" id="${BOOT_DATA_ID}">${boot}</script><script>${BOOT_SCRIPT}</script></body>`,
      )
  );
}

/** Writes a page and its brotli and gzip forms. */
function writePage(file: string, document: string): void {
  writeFileSync(file, document);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(document, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(document, { level: constants.Z_BEST_COMPRESSION }));
}

/** Writes dist/prerendered/<page>.html (with .br and .gz) and its manifest. */
export async function prerenderPages(): Promise<void> {
  const indexFile = path.join(dist, 'index.html');
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(indexFile) || !existsSync(manifestFile)) throw new Error('Run `vite build` before prerendering');
  // As Vite wrote it: a second run of this script finds the route preloads it added before, and drops them.
  const indexHtml = readFileSync(indexFile, 'utf8').replace(ROUTE_PRELOADS_PATTERN, '');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest;
  if (!indexHtml.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

  const entryFile = await buildServerEntry();
  const { render, PRERENDERED_PAGES, SIGNED_IN_PAGES, routeModules } = (await import(
    pathToFileURL(entryFile).href
  )) as ServerEntry;

  const outDir = path.join(dist, PRERENDERED_DIR);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const hashOf = (script: string) => `sha256-${createHash('sha256').update(script).digest('base64')}`;
  const pages: PrerenderedManifest['pages'] = {};
  for (const [page, modules] of Object.entries(PRERENDERED_PAGES)) {
    const { html, title } = await render(page);
    const file = fileNameOf(page);
    writePage(
      path.join(outDir, file),
      pageDocument(indexHtml, manifest, modules, {
        // Before the first paint: a returning visitor (a stored session token) is not shown the guest's page.
        head: `<script>${RETURNING_VISITOR_SCRIPT}</script><style>${RETURNING_VISITOR_STYLE}</style>`,
        root: html,
        title,
      }),
    );
    pages[page] = file;
  }
  // The signed-in pages the server draws per request (server/platform/server-drawn.ts): the same document, its
  // markup, title and answers left for the server to put in.
  const signedIn: PrerenderedManifest['signedIn'] = {};
  for (const [page, modules] of Object.entries(SIGNED_IN_PAGES)) {
    const file = `signed-in_${fileNameOf(page)}`;
    writeFileSync(
      path.join(outDir, file),
      pageDocument(indexHtml, manifest, modules, {
        head: '',
        root: SIGNED_IN_MARKS.root,
        title: SIGNED_IN_MARKS.title,
        beforeBoot: SIGNED_IN_MARKS.answers,
      }),
    );
    signedIn[page] = file;
  }
  // Every other address gets index.html: with the chunks of the page at that address preloaded (server/platform/
  // prerendered.ts, ROUTE_PRELOAD_SCRIPT), static patterns ahead of those with parameters as react-router ranks them.
  const preloads = (await routeModules())
    .map(
      ({ path: pattern, audience, modules }) =>
        [pattern, AUDIENCE_CODES[audience], assetsOf(manifest, modules).scripts] as const,
    )
    .filter(([, , scripts]) => scripts.length > 0)
    .sort(([a], [b]) => (a.match(/:/g)?.length ?? 0) - (b.match(/:/g)?.length ?? 0));
  const data = JSON.stringify(preloads).replace(/</g, '\\u003c');
  writeFileSync(
    indexFile,
    // Ahead of the stylesheet: a parser-inserted script, inline or not, waits for the stylesheets above it.
    indexHtml.replace(
      '<title>',
      `<script type="application/json" id="${ROUTE_PRELOADS_ID}">${data}</script><script>${ROUTE_PRELOAD_SCRIPT}</script><title>`,
    ),
  );
  const written: PrerenderedManifest = {
    pages,
    signedIn,
    serverEntry: path.relative(dist, entryFile).split(path.sep).join('/'),
    scriptHashes: [
      hashOf(RETURNING_VISITOR_SCRIPT),
      hashOf(BOOT_SCRIPT),
      hashOf(ROUTE_PRELOAD_SCRIPT),
      hashOf(THEME_SCRIPT),
    ],
  };
  writeFileSync(path.join(outDir, PRERENDERED_MANIFEST), `${JSON.stringify(written, null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await prerenderPages();
