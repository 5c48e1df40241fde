import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';

const projectDirs = ['/src/', '/design-system/'].map((dir) => new URL(`.${dir}`, import.meta.url).pathname);
const isProjectScript = (id: string) =>
  projectDirs.some((dir) => id.startsWith(dir)) &&
  /\.tsx?$/.test(id) &&
  !/\.css\.ts$/.test(id) &&
  !id.endsWith('/main.tsx');

/**
 * index.html fetches the English messages' chunk beside the entry script: main.tsx needs them before the
 * first render, and a dynamic import alone would only start once the entry has run.
 */
const preloadDefaultMessages = (): Plugin => ({
  name: 'timbre:preload-default-messages',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, context) => {
      const chunk = Object.values(context.bundle ?? {}).find(
        (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/src/i18n/en.json'),
      );
      if (!chunk) return [];
      return [
        { tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `/${chunk.fileName}` }, injectTo: 'head' },
      ];
    },
  },
});

/**
 * The built app's messages are ICU syntax trees, not strings: each message of a locale's JSON (src/i18n) is
 * parsed here, once, at build time, and the app's copy of formatjs's parser is its no-parser entry (react-intl's
 * documented set-up for precompiled messages): some 12 kB gzipped less to download and run before the first
 * render. Only the build: tests and the dev server (vitest.config.ts, Storybook's dev builder) keep strings.
 * Every id the app formats is in en.json (npm run i18n:extract), so no message is ever parsed at run time.
 */
const precompileMessages = (): Plugin => ({
  name: 'timbre:precompile-messages',
  apply: 'build',
  enforce: 'pre',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
        },
      ],
    },
  }),
  transform: {
    filter: { id: /[\\/]src[\\/]i18n[\\/][a-z-]+\.json$/ },
    handler: (code) => {
      const messages = JSON.parse(code) as Record<string, string>;
      const trees = Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, parse(message)]));
      // As a JSON string parsed at run time, not an object literal: V8 reads ~160 kB of JSON some 1.5–2× faster
      // than the same data as JavaScript (measured in npm run bench -- web-trace: the chunk's evaluation task).
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(trees))});`,
        map: null,
        moduleType: 'js',
      };
    },
  },
});

// The SPA build. Storybook's Vite builder reuses this file; vitest.config.ts extends it.
export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    preloadDefaultMessages(),
    precompileMessages(),
    // `vite build` writes x.br and x.gz beside every compressible file of dist/ (js, css, html, svg, json;
    // fonts, images and source maps aside), smallest possible: the server sends them as they are
    // (server/platform/spa.ts, preCompressed), so the cost is paid once at build, never per request.
    compression({
      include: /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      logLevel: 'silent',
    }),
  ],
  resolve: { dedupe: ['react', 'react-dom'] },
  // Pre-bundle up front: a dependency discovered mid-run is re-optimised and can load a second React.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      'react-intl',
      'react-router',
      'react-aria-components',
      'xstate',
      '@xstate/react',
      '@xstate/store',
      'openapi-fetch',
      '@vanilla-extract/recipes/createRuntimeFn',
      '@vanilla-extract/sprinkles/createRuntimeSprinkles',
      '@vanilla-extract/css/adapter',
      'wavesurfer.js',
      '@react-aria/live-announcer',
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // One stylesheet for the whole app (93 kB, 14 kB gzipped): split per chunk, a signed-in page waited for
    // some twenty small stylesheets, each a request of its own on a phone's connection, six at a time over
    // HTTP/1.1. The prerendered public pages carry it inline (scripts/prerender.ts); the app's pages fetch it
    // once beside the entry, and every later page finds it cached.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: which chunks each route's import pulls in (scripts/size-budgets.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        // What the first page of any visit runs (the modules the entry imports statically, `$initial`) in three
        // chunks rather than a chunk per shared module (fifty requests for the landing page otherwise): React,
        // react-router, and the rest; each under the 120 kB budget of one chunk (scripts/size-budgets.ts).
        codeSplitting: {
          // A page's code in a dozen files rather than sixty. The small common chunks automatic splitting
          // makes (a React Aria hook or a design-system component shared by some routes, often under 1 kB)
          // are copied into the chunks that import them; Rolldown's runtime keeps one instance of each module
          // however many copies are downloaded. Measured on a signed-in /projects: 82 requests (61 scripts,
          // 21 stylesheets) → 20, Lighthouse performance 65 → 73 (LCP 5.6 → 4.5 s); the route's JavaScript
          // grows by 9 kB gzipped (copies, and the wrappers strict execution order needs) and the build's
          // by a third, a cost paid by no single page. Bigger thresholds bought a request or two for megabytes.
          experimentalInlineCommonChunks: { maxSize: 12_000 },
          groups: [
            {
              name: 'react',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            { name: 'react-router', tags: ['$initial'], test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            // The entry module itself stays the entry chunk (index.html's script, the manifest's entry).
            { name: 'initial', tags: ['$initial'], test: (id) => !/\/src\/main\.tsx$|\.html$/.test(id), priority: 1 },
          ],
        },
      },
      // Needed by the inlining above: the entry's exports nobody imports may go (the app's entry has none).
      preserveEntrySignatures: false,
      treeshake: {
        // The project's modules run nothing when imported (main.tsx aside), but the bundler cannot know it:
        // without this, importing one component through a barrel (design-system/index.ts, a feature's
        // index.ts) would keep every module the barrel names, and each page would carry the whole app.
        // Styles keep their side effect: a .css.ts file registers its CSS, and some are imported for it alone.
        moduleSideEffects: (id) => (isProjectScript(id) ? false : undefined),
      },
    },
  },
  server: {
    // `npm run dev` proxies the API and the socket to `npm run serve`.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
      '/healthz': 'http://127.0.0.1:8080',
      // Signed links to recordings and waveforms (server/storage).
      '/files': 'http://127.0.0.1:8080',
      // Voice artwork the model manager draws (server/models/artwork.ts).
      '/voice-art': 'http://127.0.0.1:8080',
    },
  },
});
