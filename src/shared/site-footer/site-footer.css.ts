import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../design-system/theme/index.ts';

/** The footer's content: links that wrap (never a sideways scroll, down to 320px) and the copyright line. */
const base = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  margin: '0 auto',
  maxWidth: '80rem',
  width: '100%',
  minWidth: 0,
  textAlign: 'start',
});
export const inner = styleVariants({
  site: [base, { gap: vars.space.lg, padding: `${vars.space.xl} ${vars.space.lg}` }],
  // In the app the footer is one quiet line: the layout's own padding is enough.
  compact: [base, { gap: vars.space.md, fontSize: vars.fontSize.sm }],
});
export const list = styleVariants({
  site: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${vars.space.sm} ${vars.space.xl}`,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  compact: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `${vars.space.xs} ${vars.space.lg}`,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
});
export const copyright = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const links = style({});
// Each link a comfortable target (WCAG 2.5.8) when the list wraps onto several lines.
globalStyle(`${links} a`, { display: 'inline-flex', alignItems: 'center', minHeight: '24px' });
