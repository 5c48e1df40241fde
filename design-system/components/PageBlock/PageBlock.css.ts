import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

/** The page's column: centred, at most `width` wide, with the side gutters every page keeps on a phone. */
export const pageBlock = recipe({
  base: { margin: '0 auto', paddingLeft: vars.space.lg, paddingRight: vars.space.lg },
  variants: {
    width: {
      xsmall: { maxWidth: '48rem' },
      small: { maxWidth: '56rem' },
      medium: { maxWidth: '64rem' },
      large: { maxWidth: '72rem' },
      xlarge: { maxWidth: '80rem' },
    },
  },
});

export type PageBlockVariants = NonNullable<RecipeVariants<typeof pageBlock>>;
