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
export const fontWeight = { regular: '400', medium: '500', semibold: '600', bold: '700' } as const;
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
/**
 * The type scale's roles: every app page is set in these five, `display` is for the marketing site's
 * headlines only (an app page's title is `title`, never a 40px headline). Line heights in px-equivalent
 * rem so a title is one 36px line and a header with 44px buttons stays under 56px.
 */
export const textStyle = {
  display: { fontSize: '2.5rem', lineHeight: '1.15', fontWeight: '700' },
  title: { fontSize: '1.75rem', lineHeight: '2.25rem', fontWeight: '600' },
  section: { fontSize: '1.25rem', lineHeight: '1.75rem', fontWeight: '600' },
  cardTitle: { fontSize: '1rem', lineHeight: '1.5rem', fontWeight: '600' },
  body: { fontSize: '0.9375rem', lineHeight: '1.375rem', fontWeight: '400' },
  meta: { fontSize: '0.8125rem', lineHeight: '1.125rem', fontWeight: '400' },
} as const;
export type TextStyle = keyof typeof textStyle;

/**
 * Inter (variable, bundled from npm and served from /assets like any other asset) with the system stack
 * behind it while it loads or if it fails.
 */
export const font = {
  body: '"Inter Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
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
  /**
   * Filled primary buttons and the current page: white text on it in both themes (≥ 4.5:1). In the dark
   * theme it is darker than `accent`, which stays light to read as link text on the dark page.
   */
  primary: string;
  primaryHover: string;
  /** Text and icons on primary (white). */
  onPrimary: string;
  /** Text and icons on a filled danger button (only the confirming button of a destructive AlertDialog). */
  onDanger: string;
  /** A disabled control's fill and text: plainly not the enabled look (no accent, muted text). */
  disabledSurface: string;
  disabledText: string;
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
  surface: '#f2f0f8',
  surfaceRaised: '#ffffff',
  accent: '#4b2fd6',
  accentHover: '#3a20b8',
  onAccent: '#ffffff',
  accentSurface: '#ece8ff',
  primary: '#4b2fd6',
  primaryHover: '#3a20b8',
  onPrimary: '#ffffff',
  onDanger: '#ffffff',
  disabledSurface: '#e9e7f0',
  disabledText: '#75718c',
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
  // Three surface steps a glance can tell apart (≥ 1.2:1 each, checked by contrast.test.ts).
  background: '#0f0d15',
  surface: '#231f30',
  surfaceRaised: '#342f47',
  accent: '#b3a6ff',
  accentHover: '#cfc6ff',
  onAccent: '#121018',
  accentSurface: '#3a2f66',
  primary: '#6d55f5',
  primaryHover: '#5f46ee',
  onPrimary: '#ffffff',
  onDanger: '#121018',
  disabledSurface: '#24202f',
  disabledText: '#8a869c',
  border: '#8d88a6',
  divider: '#433d58',
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
  skeleton: '#302b42',
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
