import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const dropZone = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    minHeight: '160px',
    padding: vars.space.xl,
    border: `2px dashed ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    background: vars.color.surface,
    color: vars.color.text,
    textAlign: 'center',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast}`,
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.text },
      // The drop button React Aria hides inside has focus: ring the whole zone.
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-drop-target]': {
        borderStyle: 'solid',
        borderColor: vars.color.accent,
        background: vars.color.accentSurface,
      },
      // No opacity: the text stays readable; the button inside shows that it is disabled.
      '&[data-disabled]': { cursor: 'not-allowed', borderColor: vars.color.divider, background: vars.color.background },
    },
    '@media': {
      '(forced-colors: active)': {
        borderColor: 'CanvasText',
        selectors: { '&[data-drop-target]': { borderColor: 'Highlight' } },
      },
    },
  },
  variants: {
    size: {
      md: {},
      sm: { minHeight: '96px', padding: vars.space.lg },
    },
  },
  defaultVariants: { size: 'md' },
});

export const icon = style({
  display: 'inline-flex',
  color: vars.color.textMuted,
  selectors: { [`${dropZone.classNames.base}[data-drop-target] &`]: { color: vars.color.accent } },
});

export const label = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const instructions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export type DropZoneVariants = NonNullable<RecipeVariants<typeof dropZone>>;
