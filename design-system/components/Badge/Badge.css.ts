import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

// Each tone is its text colour on its own surface: pairs contrast.test.ts holds at 4.5:1 or more.
export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    // Transparent until forced colours draw it: then it is the only sign of the badge's extent.
    border: '1px solid transparent',
    borderRadius: vars.radius.full,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.normal,
    whiteSpace: 'nowrap',
    '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
  },
  variants: {
    tone: {
      neutral: { color: vars.color.text, background: vars.color.surface, borderColor: vars.color.divider },
      accent: { color: vars.color.accent, background: vars.color.accentSurface },
      success: { color: vars.color.success, background: vars.color.successSurface },
      warning: { color: vars.color.warning, background: vars.color.warningSurface },
      danger: { color: vars.color.danger, background: vars.color.dangerSurface },
      info: { color: vars.color.info, background: vars.color.infoSurface },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeVariants = NonNullable<RecipeVariants<typeof badge>>;
