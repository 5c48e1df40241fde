import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const tabs = recipe({
  base: { display: 'flex', gap: vars.space.lg },
  variants: {
    orientation: {
      horizontal: { flexDirection: 'column' },
      vertical: { flexDirection: 'row' },
    },
  },
  defaultVariants: { orientation: 'horizontal' },
});

export const tabList = style({
  display: 'flex',
  gap: vars.space.xs,
  overflowX: 'auto',
  selectors: {
    '&[data-orientation="horizontal"]': { borderBottom: `1px solid ${vars.color.divider}` },
    '&[data-orientation="vertical"]': {
      flexDirection: 'column',
      borderInlineEnd: `1px solid ${vars.color.divider}`,
    },
  },
});

export const tab = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: '0 solid transparent',
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  transition: `color ${vars.motion.fast}, border-color ${vars.motion.fast}`,
  selectors: {
    '[data-orientation="horizontal"] > &': { borderBottomWidth: '3px', marginBottom: '-1px' },
    '[data-orientation="vertical"] > &': { borderInlineEndWidth: '3px', marginInlineEnd: '-1px' },
    '&[data-hovered]': { color: vars.color.text, background: vars.color.surface },
    '&[data-selected]': { color: vars.color.text, borderColor: vars.color.accent },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
    '&[data-disabled]': { cursor: 'default', opacity: 0.55 },
  },
  '@media': {
    '(forced-colors: active)': { selectors: { '&[data-selected]': { borderColor: 'Highlight' } } },
  },
});

export const tabPanel = style({
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export type TabsVariants = NonNullable<RecipeVariants<typeof tabs>>;
