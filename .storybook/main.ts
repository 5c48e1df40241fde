import type { StorybookConfig } from '@storybook/react-vite';

// Written by hand: `storybook add|automigrate` fetch a CLI version the registry lacks (TRAPS.md).
const config: StorybookConfig = {
  stories: ['../design-system/**/*.stories.@(ts|tsx)', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // vite.config.ts's build-time .br/.gz files are for the app's server; a Storybook build has no use for them.
  viteFinal: (config) => ({
    ...config,
    plugins: (config.plugins ?? [])
      .flat(Infinity)
      .filter((plugin) => !(plugin && 'name' in plugin && plugin.name === 'vite-plugin-compression')),
  }),
};
export default config;
