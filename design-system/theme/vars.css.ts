import { assignVars, createGlobalTheme, createThemeContract, globalStyle } from '@vanilla-extract/css';
import { fontSize, palette, radius, space } from './tokens.ts';

/** The theme contract every component styles against; light and dark fill it in. */
export const vars = createThemeContract({
  color: {
    text: null,
    textMuted: null,
    background: null,
    surface: null,
    accent: null,
    accentHover: null,
    onAccent: null,
    border: null,
    focus: null,
    danger: null,
    success: null,
  },
  space: { none: null, xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null, full: null },
  fontSize: { sm: null, md: null, lg: null, xl: null, xxl: null },
  font: { body: null },
  motion: { duration: null },
});

const shared = {
  space,
  radius,
  fontSize,
  font: { body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  motion: { duration: '150ms' },
};

const light = {
  ...shared,
  color: {
    text: palette.ink,
    textMuted: palette.inkMuted,
    background: palette.paper,
    surface: palette.paperRaised,
    accent: palette.brand,
    accentHover: palette.brandStrong,
    onAccent: palette.paper,
    border: '#75718c',
    focus: palette.brand,
    danger: palette.danger,
    success: palette.success,
  },
};

const dark = {
  ...shared,
  color: {
    text: palette.nightInk,
    textMuted: palette.nightInkMuted,
    background: palette.night,
    surface: palette.nightRaised,
    accent: palette.brandOnDark,
    accentHover: '#cfc6ff',
    onAccent: palette.night,
    border: '#8d88a6',
    focus: palette.brandOnDark,
    danger: '#ffb4ab',
    success: '#8fd8a8',
  },
};

// Light by default, dark when the system asks for it, and either when the user overrides it.
createGlobalTheme(':root, [data-theme="light"]', vars, light);
createGlobalTheme('[data-theme="dark"]', vars, dark);
globalStyle(':root:not([data-theme="light"])', {
  '@media': { '(prefers-color-scheme: dark)': { vars: assignVars(vars, dark) } },
});
