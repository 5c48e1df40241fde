import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const video = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '16 / 9',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

export const transcript = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});

export const cue = style({
  display: 'grid',
  gridTemplateColumns: '5rem 1fr',
  alignItems: 'baseline',
  gap: vars.space.md,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  selectors: { '&[aria-current]': { background: vars.color.surface } },
});
