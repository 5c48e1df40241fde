/** Raw design values. Colours are chosen for ≥ 4.5:1 text contrast and ≥ 3:1 for UI parts on their backgrounds. */
export const palette = {
  ink: '#14121f',
  inkMuted: '#4a4760',
  paper: '#ffffff',
  paperRaised: '#f5f4fa',
  brand: '#4b2fd6',
  brandStrong: '#3a20b8',
  brandOnDark: '#b3a6ff',
  danger: '#b3261e',
  success: '#1d6b3a',
  night: '#121018',
  nightRaised: '#1e1b29',
  nightInk: '#f1effa',
  nightInkMuted: '#bdb8d3',
} as const;

export const space = {
  none: '0',
  xxs: '2px',
  xs: '4px',
  sm: '8px',
  md: '12px',
  lg: '16px',
  xl: '24px',
  xxl: '40px',
} as const;
export const radius = { sm: '4px', md: '8px', lg: '16px', full: '9999px' } as const;
export const fontSize = { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem', xxl: '2.5rem' } as const;
export const breakpoints = { md: 768 } as const;
