import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css.ts';

/** The popover a Select or ComboBox opens: as wide as its trigger, above everything but toasts. */
export const popover = style({
  // React Aria keeps 12px between the popover and the viewport's edges but does not cap its width: a popover
  // as wide as a full-width field would overflow, make the page scroll sideways, and close itself (React Aria
  // closes a combo box's popover when the page scrolls).
  minWidth: 'min(var(--trigger-width), calc(100vw - 24px))',
  maxWidth: 'calc(100vw - 24px)',
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.md,
  zIndex: vars.zIndex.popover,
  outline: 'none',
  '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
});

export const listBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  padding: vars.space.xs,
  outline: 'none',
  maxHeight: 'inherit',
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: '40px',
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.accentSurface },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[data-selected]': { fontWeight: vars.fontWeight.bold },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
  },
  '@media': {
    '(forced-colors: active)': {
      selectors: { '&[data-focused]': { background: 'Highlight', color: 'HighlightText', forcedColorAdjust: 'none' } },
    },
  },
});

export const optionLabel = style({ flex: 1 });

/** The tick beside the selected option; the option's aria-selected says the same to screen readers. */
export const optionCheck = style({
  display: 'inline-flex',
  width: '20px',
  flexShrink: 0,
  color: vars.color.accent,
});

export const emptyState = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
