import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { button, type ButtonVariants } from '../../components/Button/Button.css.ts';
import { noWrap } from './ButtonLink.css.ts';

export interface ButtonLinkProps extends Omit<AriaLinkProps, 'className' | 'style'> {
  /**
   * Visual weight, as the Button's: primary for the one call to action of a view, secondary for the rest.
   * @default 'primary'
   */
  variant?: ButtonVariants['variant'];
  /**
   * Height and padding; md keeps the 44px touch target.
   * @default 'md'
   */
  size?: ButtonVariants['size'];
}

/**
 * A link that looks like a button ("Try For Free", "Log In"): it navigates, so it is a link for assistive
 * technology, and it routes client-side through the app's RouterProvider like every React Aria link.
 */
export function ButtonLink({ variant, size, ...props }: ButtonLinkProps) {
  return <AriaLink {...props} className={`${button({ variant, size })} ${noWrap}`} />;
}
