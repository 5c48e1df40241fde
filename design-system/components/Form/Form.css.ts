import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const form = recipe({
  base: { display: 'flex', flexDirection: 'column', alignItems: 'stretch' },
  variants: {
    gap: {
      md: { gap: vars.space.lg },
      lg: { gap: vars.space.xl },
    },
  },
  defaultVariants: { gap: 'md' },
});

export type FormVariants = NonNullable<RecipeVariants<typeof form>>;
