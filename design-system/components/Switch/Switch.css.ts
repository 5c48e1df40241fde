import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { field } from '../private/field/field.css.ts';

export const switchField = recipe({ base: [field, { gap: vars.space.xxs }] });

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: 'fit-content',
  minHeight: '44px',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 } },
});

export const track = style({
  position: 'relative',
  flexShrink: 0,
  width: '40px',
  height: '24px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast}`,
  selectors: {
    [`${button}[data-hovered] &`]: { borderColor: vars.color.text },
    [`${button}[data-selected] &`]: { background: vars.color.accent, borderColor: vars.color.accent },
    [`${button}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  '@media': {
    '(forced-colors: active)': {
      borderColor: 'ButtonText',
      selectors: { [`${button}[data-selected] &`]: { background: 'Highlight', forcedColorAdjust: 'none' } },
    },
  },
});

export const thumb = style({
  position: 'absolute',
  top: '2px',
  insetInlineStart: '2px',
  width: '16px',
  height: '16px',
  borderRadius: vars.radius.full,
  background: vars.color.border,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    [`${button}[data-selected] &`]: { transform: 'translateX(16px)', background: vars.color.onAccent },
    [`[dir="rtl"] ${button}[data-selected] &`]: { transform: 'translateX(-16px)' },
  },
  '@media': { '(forced-colors: active)': { background: 'ButtonText' } },
});

export const description = style({ paddingInlineStart: `calc(40px + ${vars.space.sm})` });
