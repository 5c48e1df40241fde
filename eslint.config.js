import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// The one-way imports of CONVENTIONS.md: design-system → src/api → src/machines → src/shared → src/features →
// src/routes.
// A layer may import itself and any layer before it; features may not import each other; the SPA and the
// server never import each other (they share only openapi/generated types).
const layers = [
  { type: 'design-system', pattern: 'design-system' },
  { type: 'i18n', pattern: 'src/i18n' },
  { type: 'api', pattern: 'src/api' },
  { type: 'machines', pattern: 'src/machines' },
  { type: 'shared', pattern: 'src/shared' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'routes', pattern: 'src/routes' },

  { type: 'contracts', pattern: 'openapi/generated' },
  { type: 'server', pattern: 'server' },
  // Anything else under src/ (main.tsx) is the app shell, which may import every client layer.
  { type: 'app', pattern: 'src' },
];
// A design-system name: a PascalCase component (Button.tsx, AppLayout/), a kebab-case module (modal-store.ts,
// private/) or a camelCase hook (usePendingAction.ts).
const DESIGN_SYSTEM_NAME = '@(+([A-Z])*([a-zA-Z0-9])|+([a-z0-9])*(-+([a-z0-9]))|use+([A-Z])*([a-zA-Z0-9]))';

// The screen-reader announcer is one API in design-system/announcer; nothing else speaks to React Aria's.
const liveAnnouncer = {
  name: '@react-aria/live-announcer',
  message: 'Announce through design-system/announcer (announce, useClearStaleAnnouncementsOn*, resetLiveRegion).',
};

const may = (from, to) => ({ from: { element: { type: from } }, allow: { to: { element: { types: { anyOf: to } } } } });

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'node_modules/',
      'openapi/generated/',
      'data/',
      '.tmp/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      'server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['design-system/**', 'src/**', 'server/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': layers,
      'boundaries/include': ['design-system/**', 'src/**', 'server/**', 'openapi/generated/**'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            may('design-system', ['design-system']),
            may('i18n', ['i18n']),
            may('api', ['api', 'design-system', 'contracts']),
            may('machines', ['machines', 'api', 'design-system', 'i18n', 'contracts']),
            may('shared', ['shared', 'machines', 'api', 'design-system', 'i18n', 'contracts']),
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: [
                  {
                    element: { types: { anyOf: ['shared', 'machines', 'api', 'design-system', 'i18n', 'contracts'] } },
                  },
                  { element: { type: 'feature', captured: { feature: '{{ from.captured.feature }}' } } },
                ],
              },
            },
            may('routes', ['routes', 'feature', 'shared', 'machines', 'api', 'design-system', 'i18n', 'contracts']),
            may('app', ['routes', 'feature', 'shared', 'machines', 'api', 'design-system', 'i18n']),
            may('server', ['server', 'contracts']),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.stories.tsx', '**/*.test.ts', '**/*.test.tsx', 'tests/**', '.storybook/**'],
    rules: { 'boundaries/dependencies': 'off' },
  },
  // No import cycles, in the client or the server.
  {
    files: ['design-system/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // File and folder names (CONVENTIONS.md): kebab-case in src/ and server/ (a middle extension such as
  // .css, .test, .stories or .machine is allowed); PascalCase components in design-system/.
  {
    files: ['src/**/*.{ts,tsx,js}', 'server/**/*.{ts,js}', 'design-system/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/**/*.{ts,tsx,js}': 'KEBAB_CASE',
          'server/**/*.{ts,js}': 'KEBAB_CASE',
          'design-system/**/*.{ts,tsx}': DESIGN_SYSTEM_NAME,
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'src/**/': 'KEBAB_CASE', 'server/**/': 'KEBAB_CASE', 'design-system/**/': DESIGN_SYSTEM_NAME },
      ],
    },
  },
  // The announcer and the modal registry: the design system's own, reached through the layers above it.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [liveAnnouncer] }] },
  },
  {
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}'],
    ignores: ['**/*.stories.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [liveAnnouncer],
          patterns: [
            {
              group: ['**/design-system/index.ts', '**/design-system/modals/**'],
              importNames: ['modalStore', 'useModal', 'registerModal'],
              message: 'Open, read and register modals through src/shared/modals, typed by ModalData.',
            },
          ],
        },
      ],
    },
  },
);
