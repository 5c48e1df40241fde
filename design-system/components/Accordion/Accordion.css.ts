import { globalStyle, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

const frame = style({
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.divider}`,
  borderRadius: vars.radius.md,
});

// A hairline between consecutive disclosures (vanilla-extract only allows `&`-targeting selectors in a
// style, so the child combinator lives in a global style scoped to this class).
globalStyle(`${frame} > * + *`, { borderTop: `1px solid ${vars.color.divider}` });

export const accordion = recipe({
  base: frame,
  variants: {
    /** full is as wide as its container; auto fits its content. */
    width: {
      full: { width: '100%' },
      auto: {},
    },
  },
  defaultVariants: { width: 'full' },
});

export type AccordionVariants = NonNullable<RecipeVariants<typeof accordion>>;
