import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
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
);
