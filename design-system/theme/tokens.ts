/**
 * Raw design values. The colour pairs are checked by contrast.test.ts: text ≥ 4.5:1 on every surface it
 * sits on, UI parts (borders, focus ring, accent) ≥ 3:1 against the background.
 */
export const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '40px',
  xxxl: '64px',
} as const;
export const radius = { none: '0', sm: '4px', md: '8px', lg: '16px', full: '9999px' } as const;
export const fontSize = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.25rem',
  xl: '1.75rem',
  xxl: '2.5rem',
} as const;
export const fontWeight = { regular: '400', medium: '500', bold: '700' } as const;
export const lineHeight = { tight: '1.15', normal: '1.5' } as const;
export const zIndex = {
  base: '0',
  sticky: '100',
  drawer: '200',
  overlay: '300',
  modal: '400',
  popover: '500',
  toast: '600',
  loader: '700',
} as const;
export const motion = { fast: '120ms', normal: '200ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' } as const;
export const breakpoints = { md: 768 } as const;
export const font = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

export type ColorScheme = {
  /** Body text. */
  text: string;
  /** Secondary text: hints, captions, metadata. */
  textMuted: string;
  /** The page. */
  background: string;
  /** Cards, sidebars, table headers. */
  surface: string;
  /** Popovers, menus, dialogs. */
  surfaceRaised: string;
  /** Primary actions, links, selected items. */
  accent: string;
  accentHover: string;
  /** Text and icons on accent. */
  onAccent: string;
  /** A tint of accent behind selected rows and hovered items. */
  accentSurface: string;
  /** Field and control borders (≥ 3:1 against background). */
  border: string;
  /** Hairlines between regions (decorative). */
  divider: string;
  focus: string;
  danger: string;
  dangerSurface: string;
  success: string;
  successSurface: string;
  warning: string;
  warningSurface: string;
  info: string;
  infoSurface: string;
  /** The backdrop behind modals. */
  overlay: string;
  /** Skeleton shimmer base. */
  skeleton: string;
};

export const light: ColorScheme = {
  text: '#14121f',
  textMuted: '#4a4760',
  background: '#ffffff',
  surface: '#f5f4fa',
  surfaceRaised: '#ffffff',
  accent: '#4b2fd6',
  accentHover: '#3a20b8',
  onAccent: '#ffffff',
  accentSurface: '#ece8ff',
  border: '#75718c',
  divider: '#dcd9e6',
  focus: '#4b2fd6',
  danger: '#b3261e',
  dangerSurface: '#fdecea',
  success: '#1d6b3a',
  successSurface: '#e5f4ea',
  warning: '#8a4b00',
  warningSurface: '#fff3e0',
  info: '#0b5cad',
  infoSurface: '#e6f0fb',
  overlay: 'rgba(20, 18, 31, 0.55)',
  skeleton: '#e6e4ee',
};

export const dark: ColorScheme = {
  text: '#f1effa',
  textMuted: '#bdb8d3',
  background: '#121018',
  surface: '#1e1b29',
  surfaceRaised: '#272336',
  accent: '#b3a6ff',
  accentHover: '#cfc6ff',
  onAccent: '#121018',
  accentSurface: '#2f2752',
  border: '#8d88a6',
  divider: '#3a3549',
  focus: '#b3a6ff',
  danger: '#ffb4ab',
  dangerSurface: '#3d1a17',
  success: '#8fd8a8',
  successSurface: '#16301f',
  warning: '#ffc66d',
  warningSurface: '#3a2a10',
  info: '#9ccaff',
  infoSurface: '#14263b',
  overlay: 'rgba(0, 0, 0, 0.65)',
  skeleton: '#2c2838',
};

export const shadow = {
  light: {
    sm: '0 1px 2px rgba(20, 18, 31, 0.12)',
    md: '0 4px 12px rgba(20, 18, 31, 0.14)',
    lg: '0 12px 32px rgba(20, 18, 31, 0.2)',
  },
  dark: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.5)',
    md: '0 4px 12px rgba(0, 0, 0, 0.55)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
} as const;
