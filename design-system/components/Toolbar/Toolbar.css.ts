import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const toolbar = recipe({
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space.sm,
    selectors: {
      '&[data-orientation="vertical"]': { flexDirection: 'column', alignItems: 'stretch' },
    },
  },
  variants: {
    /** framed draws a surface behind the tools (a player bar); plain does not. */
    variant: {
      plain: {},
      framed: {
        padding: vars.space.xs,
        background: vars.color.surface,
        border: `1px solid ${vars.color.divider}`,
        borderRadius: vars.radius.md,
      },
    },
  },
  defaultVariants: { variant: 'plain' },
});

export const separator = style({
  alignSelf: 'stretch',
  width: '1px',
  margin: `0 ${vars.space.xs}`,
  background: vars.color.divider,
  border: 'none',
  selectors: {
    '[data-orientation="vertical"] > &': { width: 'auto', height: '1px', margin: `${vars.space.xs} 0` },
  },
});

export type ToolbarVariants = NonNullable<RecipeVariants<typeof toolbar>>;
