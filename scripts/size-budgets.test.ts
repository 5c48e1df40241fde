import { describe, expect, it } from 'vitest';
import { sizeChecks, staticFiles, type Manifest, type RouteGroup } from './size-budgets.ts';

// A build of three routes: the entry shares react with the pages, the app layout and a page share a chunk,
// and the app page loads a player on use (a dynamic import, not a static one).
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/home.tsx'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'], css: ['assets/shared.css'] },
  'src/home.tsx': { file: 'assets/home.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/app-layout.tsx': { file: 'assets/app-layout.js', isDynamicEntry: true, imports: ['_shared.js'] },
  'src/pages/projects-page.tsx': {
    file: 'assets/projects.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_react.js'],
    dynamicImports: ['src/player.tsx'],
  },
  'src/player.tsx': { file: 'assets/player.js', isDynamicEntry: true, imports: ['_react.js'] },
  '_shared.css': { file: 'assets/shared.css' },
};

const groups: RouteGroup[] = [
  { name: 'landing', limit: '60 kB', pages: /^src\/home\.tsx$/ },
  { name: 'app', limit: '180 kB', layout: 'src/app-layout.tsx', pages: /^src\/pages\// },
];

describe('staticFiles', () => {
  it('follows static imports transitively, once each, and never a dynamic import', () => {
    expect(staticFiles(manifest, ['index.html', 'src/app-layout.tsx', 'src/pages/projects-page.tsx'])).toEqual([
      'assets/app-layout.js',
      'assets/index.js',
      'assets/projects.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
  });

  it('refuses a key the manifest does not have, rather than measuring less', () => {
    expect(() => staticFiles(manifest, ['src/gone.tsx'])).toThrow('no chunk src/gone.tsx');
  });
});

describe('sizeChecks', () => {
  const checks = sizeChecks(manifest, '/dist', groups);

  it('measures each page with the entry and its layout, gzipped, under its group’s limit', () => {
    expect(checks.filter((check) => !check.name.startsWith('chunk'))).toEqual([
      {
        name: 'landing: src/home.tsx',
        path: ['/dist/assets/home.js', '/dist/assets/index.js', '/dist/assets/react.js'],
        limit: '60 kB',
        gzip: true,
      },
      {
        name: 'app: src/pages/projects-page.tsx',
        path: [
          '/dist/assets/app-layout.js',
          '/dist/assets/index.js',
          '/dist/assets/projects.js',
          '/dist/assets/react.js',
          '/dist/assets/shared.js',
        ],
        limit: '180 kB',
        gzip: true,
      },
    ]);
  });

  it('checks every JavaScript chunk on its own, the parts loaded on use included, and no stylesheet', () => {
    const chunks = checks.filter((check) => check.name.startsWith('chunk')).map((check) => check.path[0]);
    expect(chunks.sort()).toEqual(
      ['app-layout', 'home', 'index', 'player', 'projects', 'react', 'shared'].map((f) => `/dist/assets/${f}.js`),
    );
    expect(checks.every((check) => check.gzip)).toBe(true);
  });

  it('fails when a group matches no page (a renamed route would otherwise go unmeasured)', () => {
    expect(() =>
      sizeChecks(manifest, '/dist', [{ name: 'sign-in', limit: '90 kB', pages: /^src\/features\/auth\// }]),
    ).toThrow('No lazy chunk matches the pages of “sign-in”');
  });
});
