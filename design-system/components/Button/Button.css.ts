import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '2px solid transparent',
    borderRadius: vars.radius.md,
    fontFamily: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
    textDecoration: 'none',
    transition: `background-color ${vars.motion.normal}`,
    selectors: {
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      // Disabled is its own look, not a faded enabled one: a neutral fill, muted text, a hairline.
      '&[data-disabled]': {
        cursor: 'not-allowed',
        background: vars.color.disabledSurface,
        color: vars.color.disabledText,
        borderColor: vars.color.divider,
      },
      '&[data-busy]': { cursor: 'progress' },
    },
    '@media': { '(forced-colors: active)': { borderColor: 'ButtonText' } },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.primary,
        color: vars.color.onPrimary,
        selectors: { '&[data-hovered]': { background: vars.color.primaryHover } },
      },
      secondary: {
        background: 'transparent',
        color: vars.color.text,
        borderColor: vars.color.border,
        selectors: { '&[data-hovered]': { background: vars.color.surface } },
      },
      // A destructive action on a page or in a form: outlined, so it never outweighs the region's primary.
      danger: {
        background: 'transparent',
        color: vars.color.danger,
        borderColor: vars.color.danger,
        selectors: { '&[data-hovered]': { background: vars.color.dangerSurface } },
      },
      // Filled danger: only the confirming button of a destructive AlertDialog.
      dangerFilled: { background: vars.color.danger, color: vars.color.onDanger },
    },
    size: {
      sm: { padding: `${vars.space.xs} ${vars.space.md}`, fontSize: vars.fontSize.sm, minHeight: '32px' },
      md: { padding: `${vars.space.sm} ${vars.space.lg}`, fontSize: vars.fontSize.md, minHeight: '44px' },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
