import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { field } from '../private/field/field.css.ts';

export const checkboxGroup = recipe({ base: [field] });

export const options = recipe({
  base: { display: 'flex', flexWrap: 'wrap' },
  variants: {
    orientation: {
      vertical: { flexDirection: 'column', gap: 0 },
      horizontal: { flexDirection: 'row', columnGap: vars.space.xl },
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export type CheckboxGroupVariants = NonNullable<RecipeVariants<typeof options>>;
