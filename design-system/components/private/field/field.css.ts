import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/vars.css.ts';

/** The column every field stacks in: label, description, control, error. */
export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
});

export const label = style({
  width: 'fit-content',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

/** The asterisk after a required field's label; screen readers hear aria-required instead. */
export const requiredMark = style({ color: vars.color.danger, marginInlineStart: vars.space.xxs });

export const description = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.textMuted,
});

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.danger,
});

const box = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '44px',
  width: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  color: vars.color.text,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { borderColor: vars.color.text },
    [`${field}[data-invalid] &, &[data-invalid]`]: {
      borderColor: vars.color.danger,
      boxShadow: `inset 0 0 0 1px ${vars.color.danger}`,
    },
    [`${field}[data-disabled] &, &[data-disabled]`]: {
      opacity: 0.55,
      cursor: 'not-allowed',
      borderColor: vars.color.border,
    },
  },
  '@media': { '(forced-colors: active)': { borderColor: 'FieldText' } },
});

/**
 * The box around a text input and its buttons. Text inputs always show where the caret is, so the ring
 * follows :focus-within rather than :focus-visible.
 */
export const controlBox = style([
  box,
  { selectors: { '&:focus-within': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' } } },
]);

/** The same box as a button (Select's trigger): the ring shows for keyboard focus only. */
export const triggerBox = style([
  box,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    font: 'inherit',
    textAlign: 'start',
    cursor: 'pointer',
    selectors: {
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
      '&[data-pressed]': { background: vars.color.surface },
    },
  },
]);

/** An input or textarea inside controlBox: the box draws the border and the focus ring. */
export const bareInput = style({
  flex: 1,
  minWidth: 0,
  alignSelf: 'stretch',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&[data-disabled]': { cursor: 'not-allowed' },
    // The native clear button of type="search" duplicates ours.
    '&::-webkit-search-cancel-button': { display: 'none' },
    '&::-webkit-search-decoration': { display: 'none' },
  },
});

/** Small square buttons inside a controlBox: clear, show password, steppers. */
export const fieldButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '36px',
  height: '36px',
  marginInlineEnd: vars.space.xxs,
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surface, color: vars.color.text },
    '&[data-pressed]': { background: vars.color.accentSurface, color: vars.color.text },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
  },
  '@media': { '(forced-colors: active)': { color: 'ButtonText' } },
});

/** The clickable label of a checkbox or radio: the mark and the text. At least 44px tall, the touch target. */
export const choiceLabel = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  width: 'fit-content',
  minHeight: '44px',
  paddingBlock: vars.space.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 } },
});
