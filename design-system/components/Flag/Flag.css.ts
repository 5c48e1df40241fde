import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

// A 4:3 box of a fixed size whether the picture has loaded, failed or never existed: no layout shift.
export const flag = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    verticalAlign: 'middle',
    overflow: 'hidden',
    borderRadius: '2px',
    // A hairline so white and pale flags keep their edge on a light surface.
    boxShadow: `inset 0 0 0 1px ${vars.color.divider}`,
    background: vars.color.surface,
    color: vars.color.textMuted,
    fontWeight: vars.fontWeight.bold,
    lineHeight: 1,
    letterSpacing: '0.02em',
    userSelect: 'none',
    '@media': { '(forced-colors: active)': { border: '1px solid CanvasText' } },
  },
  variants: {
    size: {
      sm: { width: '16px', height: '12px', fontSize: '7px' },
      md: { width: '20px', height: '15px', fontSize: '8px' },
      lg: { width: '32px', height: '24px', fontSize: vars.fontSize.xs },
    },
  },
  defaultVariants: { size: 'md' },
});

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

export type FlagVariants = NonNullable<RecipeVariants<typeof flag>>;
