import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/index.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const grow = style({ flex: '1 1 auto', minWidth: 0 });

export const counter = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textAlign: 'end',
  fontVariantNumeric: 'tabular-nums',
});

export const counterOver = style({ color: vars.color.danger, fontWeight: 600 });

export const resetIn = style({ margin: 0, fontWeight: 600 });
