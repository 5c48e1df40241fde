import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const header = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });

export const label = style({ fontWeight: vars.fontWeight.medium });

export const valueText = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const track = style({
  height: '10px',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
});

export const fill = recipe({
  base: {
    height: '100%',
    transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
    '@media': { '(forced-colors: active)': { background: 'Highlight' } },
  },
  variants: {
    tone: {
      normal: { background: vars.color.accent },
      warning: { background: vars.color.warning },
      danger: { background: vars.color.danger },
    },
  },
  defaultVariants: { tone: 'normal' },
});

export const toneIcon = recipe({
  variants: {
    tone: {
      normal: {},
      warning: { color: vars.color.warning },
      danger: { color: vars.color.danger },
    },
  },
});

export type MeterVariants = NonNullable<RecipeVariants<typeof fill>>;
