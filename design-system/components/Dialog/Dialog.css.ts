import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const dialog = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.lg,
    maxHeight: 'inherit',
    color: vars.color.text,
    // The dialog takes focus when it opens so screen readers read it; it is not a control, so no ring.
    outline: 'none',
  },
  variants: {
    /** Padding: regular dialogs in a modal, compact ones in a popover. */
    density: {
      regular: { padding: vars.space.xl },
      compact: { padding: vars.space.lg, gap: vars.space.md },
    },
  },
  defaultVariants: { density: 'regular' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  // Lines the title up with the middle of the 44px close button.
  paddingBlock: vars.space.sm,
});

export const body = style({
  overflowY: 'auto',
  lineHeight: vars.lineHeight.normal,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});

export const closeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '44px',
  height: '44px',
  marginBlock: `calc(-1 * ${vars.space.xs})`,
  marginInlineEnd: `calc(-1 * ${vars.space.sm})`,
  padding: 0,
  border: '2px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast}`,
  selectors: {
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-pressed]': { background: vars.color.accentSurface },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  '@media': { '(forced-colors: active)': { borderColor: 'ButtonText' } },
});

export type DialogVariants = NonNullable<RecipeVariants<typeof dialog>>;
