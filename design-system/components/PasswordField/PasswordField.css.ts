import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { bareInput, controlBox, field, fieldButton } from '../private/field/field.css.ts';

export const passwordField = recipe({ base: [field] });
export const control = style([controlBox]);
export const input = style([bareInput]);
export const toggle = style([fieldButton]);
