import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { bareInput, controlBox, field } from '../private/field/field.css.ts';

export const textField = recipe({ base: [field] });

export const control = recipe({
  base: [controlBox],
  variants: {
    multiline: {
      false: {},
      true: { alignItems: 'stretch' },
    },
  },
  defaultVariants: { multiline: false },
});

export const input = style([bareInput]);

export const textArea = style([
  bareInput,
  { minHeight: '96px', resize: 'vertical', lineHeight: vars.lineHeight.normal },
]);

export type TextFieldVariants = NonNullable<RecipeVariants<typeof control>>;
