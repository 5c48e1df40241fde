import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const accordion = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    border: `1px solid ${vars.color.divider}`,
    borderRadius: vars.radius.md,
    selectors: {
      '& > * + *': { borderTop: `1px solid ${vars.color.divider}` },
    },
  },
  variants: {
    /** full is as wide as its container; auto fits its content. */
    width: {
      full: { width: '100%' },
      auto: {},
    },
  },
  defaultVariants: { width: 'full' },
});

export type AccordionVariants = NonNullable<RecipeVariants<typeof accordion>>;
