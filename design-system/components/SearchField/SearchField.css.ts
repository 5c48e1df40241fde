import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { bareInput, controlBox, field, fieldButton } from '../private/field/field.css.ts';

export const searchField = recipe({ base: [field] });
export const control = style([controlBox, { paddingInlineStart: vars.space.md }]);
export const searchIcon = style({ display: 'inline-flex', color: vars.color.textMuted });
export const input = style([bareInput, { paddingInlineStart: vars.space.sm }]);
export const clearButton = style([
  fieldButton,
  { selectors: { [`${field}[data-empty] &`]: { visibility: 'hidden' } } },
]);
