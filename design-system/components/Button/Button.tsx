import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { button, type ButtonVariants } from './Button.css.ts';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'style'> {
  /**
   * Visual weight: primary for the main action of a view, secondary for the rest, danger for destructive ones.
   * @default 'primary'
   */
  variant?: ButtonVariants['variant'];
  /**
   * Height and padding; md keeps the 44px touch target.
   * @default 'md'
   */
  size?: ButtonVariants['size'];
}

/** A button over React Aria's: press, keyboard, focus ring and the pending state come from React Aria. */
export function Button({ variant, size, ...props }: ButtonProps) {
  return <AriaButton {...props} className={button({ variant, size })} />;
}
