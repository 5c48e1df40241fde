import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { choiceLabel, field } from '../private/field/field.css.ts';

export const radioGroup = recipe({ base: [field] });

export const options = recipe({
  base: { display: 'flex', flexWrap: 'wrap' },
  variants: {
    orientation: {
      vertical: { flexDirection: 'column' },
      horizontal: { flexDirection: 'row', columnGap: vars.space.xl },
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export const radio = style({ display: 'flex', flexDirection: 'column' });

export const button = choiceLabel;

export const circle = style({
  position: 'relative',
  flexShrink: 0,
  width: '20px',
  height: '20px',
  marginBlock: '2px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      inset: '3px',
      borderRadius: vars.radius.full,
      background: vars.color.accent,
      transform: 'scale(0)',
      transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
    },
    [`${button}[data-hovered] &`]: { borderColor: vars.color.text },
    [`${button}[data-selected] &`]: { borderColor: vars.color.accent },
    [`${button}[data-selected] &::after`]: { transform: 'scale(1)' },
    [`${button}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${button}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  '@media': {
    '(forced-colors: active)': {
      borderColor: 'ButtonText',
      selectors: { [`${button}[data-selected] &::after`]: { background: 'Highlight', forcedColorAdjust: 'none' } },
    },
  },
});

export const description = style({
  paddingInlineStart: `calc(20px + ${vars.space.sm})`,
  marginTop: `-${vars.space.xs}`,
});

export type RadioGroupVariants = NonNullable<RecipeVariants<typeof options>>;
