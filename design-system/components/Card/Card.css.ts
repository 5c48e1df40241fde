import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.md,
    borderRadius: vars.radius.lg,
    color: vars.color.text,
    // A hairline that forced colours turn into a real boundary.
    border: `1px solid ${vars.color.divider}`,
    '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
  },
  variants: {
    padding: {
      none: { padding: 0 },
      md: { padding: vars.space.lg },
      lg: { padding: vars.space.xl },
    },
    elevation: {
      flat: { background: vars.color.surface },
      raised: { background: vars.color.surfaceRaised, boxShadow: vars.shadow.md },
    },
  },
  defaultVariants: { padding: 'md', elevation: 'flat' },
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export type CardVariants = NonNullable<RecipeVariants<typeof card>>;
