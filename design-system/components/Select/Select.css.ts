import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { field, triggerBox } from '../private/field/field.css.ts';
import { optionCheck } from '../private/field/listbox.css.ts';

export const select = recipe({ base: [field] });
export const trigger = style([triggerBox, { justifyContent: 'space-between', gap: vars.space.sm }]);
export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});
// The chosen option is rendered into the trigger without its tick; its empty column goes too, so the value
// starts at the trigger's padding.
globalStyle(`${value} ${optionCheck}`, { display: 'none' });

export const chevron = style({
  display: 'inline-flex',
  color: vars.color.textMuted,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: { [`${field}[data-open] &`]: { transform: 'rotate(180deg)' } },
});
