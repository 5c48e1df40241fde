import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const emptyState = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: vars.space.sm,
    maxWidth: '32rem',
    marginInline: 'auto',
    padding: `${vars.space.xl} ${vars.space.lg}`,
    textAlign: 'center',
    color: vars.color.text,
  },
});

export const icon = style({ color: vars.color.textMuted, marginBottom: vars.space.xs });

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const text = style({ margin: 0, color: vars.color.textMuted });

export const action = style({ marginTop: vars.space.sm });
