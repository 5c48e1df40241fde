import type { StorybookConfig } from '@storybook/react-vite';

// Written by hand: `storybook add|automigrate` fetch a CLI version the registry lacks (TRAPS.md).
const config: StorybookConfig = {
  stories: ['../design-system/**/*.stories.@(ts|tsx)', '../src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};
export default config;
