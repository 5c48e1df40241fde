import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { choiceLabel, field } from '../private/field/field.css.ts';

export const checkbox = recipe({ base: [field, { gap: vars.space.xxs }] });

export const button = choiceLabel;

export const box = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '20px',
    height: '20px',
    // Line the box up with the first line of text (1.5 × 16px = 24px).
    marginBlock: '2px',
    border: `2px solid ${vars.color.border}`,
    background: vars.color.background,
    color: 'transparent',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast}`,
    selectors: {
      [`${button}[data-hovered] &`]: { borderColor: vars.color.text },
      [`${button}[data-selected] &, ${button}[data-indeterminate] &`]: {
        background: vars.color.accent,
        borderColor: vars.color.accent,
        color: vars.color.onAccent,
      },
      [`${button}[data-invalid] &`]: { borderColor: vars.color.danger },
      [`${button}[data-invalid][data-selected] &`]: { background: vars.color.danger },
      [`${button}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
    '@media': {
      '(forced-colors: active)': {
        borderColor: 'ButtonText',
        selectors: {
          [`${button}[data-selected] &, ${button}[data-indeterminate] &`]: {
            background: 'Highlight',
            borderColor: 'Highlight',
            color: 'HighlightText',
            forcedColorAdjust: 'none',
          },
        },
      },
    },
  },
  variants: {
    shape: {
      square: { borderRadius: vars.radius.sm },
      round: { borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { shape: 'square' },
});

export const description = style({
  paddingInlineStart: `calc(20px + ${vars.space.sm})`,
  marginTop: `-${vars.space.xs}`,
});

export type CheckboxBoxVariants = NonNullable<RecipeVariants<typeof box>>;
