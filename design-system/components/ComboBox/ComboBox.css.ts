import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { bareInput, controlBox, field, fieldButton } from '../private/field/field.css.ts';

export const comboBox = recipe({ base: [field] });
export const control = style([controlBox]);
export const input = style([bareInput]);
export const button = style([
  fieldButton,
  {
    transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
    selectors: { [`${field}[data-open] &`]: { transform: 'rotate(180deg)' } },
  },
]);
