import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

/** The transport buttons of the audio players (WaveformPlayer): round 44px play/pause and stop. */
export const controls = style({ display: 'flex', gap: vars.space.xs, flexShrink: 0 });

export const control = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '44px',
    height: '44px',
    padding: 0,
    borderRadius: vars.radius.full,
    border: '2px solid transparent',
    cursor: 'pointer',
    outline: 'none',
    transition: `background-color ${vars.motion.fast}`,
    selectors: {
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
    },
    '@media': { '(forced-colors: active)': { borderColor: 'ButtonText' } },
  },
  variants: {
    kind: {
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
    },
  },
});
