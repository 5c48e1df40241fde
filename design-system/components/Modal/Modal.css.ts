import { keyframes } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const zoom = keyframes({ from: { opacity: 0, transform: 'scale(0.96)' }, to: { opacity: 1, transform: 'none' } });
const fromLeft = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });
const fromRight = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });

const enter = (name: string) => `${name} ${vars.motion.normal} ${vars.motion.easing}`;
const exit = (name: string) => `${name} ${vars.motion.fast} ${vars.motion.easing} reverse`;

export const overlay = recipe({
  base: {
    position: 'fixed',
    inset: 0,
    zIndex: vars.zIndex.modal,
    display: 'flex',
    background: vars.color.overlay,
    // The visual viewport height React Aria sets keeps the modal above a mobile keyboard.
    height: 'var(--visual-viewport-height, 100dvh)',
    selectors: {
      '&[data-entering]': { animation: enter(fade) },
      '&[data-exiting]': { animation: exit(fade) },
    },
  },
  variants: {
    placement: {
      center: { alignItems: 'center', justifyContent: 'center', padding: vars.space.lg },
      side: { alignItems: 'stretch' },
    },
    side: {
      left: {},
      right: {},
    },
  },
  compoundVariants: [
    { variants: { placement: 'side', side: 'left' }, style: { justifyContent: 'flex-start' } },
    { variants: { placement: 'side', side: 'right' }, style: { justifyContent: 'flex-end' } },
  ],
  defaultVariants: { placement: 'center', side: 'right' },
});

export const modal = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    overflow: 'auto',
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    outline: 'none',
    '@media': { '(forced-colors: active)': { border: '2px solid CanvasText' } },
  },
  variants: {
    placement: {
      center: {
        width: '100%',
        maxHeight: '100%',
        borderRadius: vars.radius.lg,
        selectors: {
          '&[data-entering]': { animation: enter(zoom) },
          '&[data-exiting]': { animation: exit(zoom) },
        },
      },
      side: { height: '100%', width: 'min(22rem, 85vw)' },
    },
    side: { left: {}, right: {} },
    size: {
      sm: { maxWidth: '400px' },
      md: { maxWidth: '560px' },
      lg: { maxWidth: '800px' },
    },
  },
  compoundVariants: [
    {
      variants: { placement: 'side', side: 'left' },
      style: {
        selectors: {
          '&[data-entering]': { animation: enter(fromLeft) },
          '&[data-exiting]': { animation: exit(fromLeft) },
        },
      },
    },
    {
      variants: { placement: 'side', side: 'right' },
      style: {
        selectors: {
          '&[data-entering]': { animation: enter(fromRight) },
          '&[data-exiting]': { animation: exit(fromRight) },
        },
      },
    },
  ],
  defaultVariants: { placement: 'center', side: 'right', size: 'md' },
});

export type ModalVariants = NonNullable<RecipeVariants<typeof modal>>;
