import { ICON_PATHS, type IconName } from './paths.ts';
import { icon, type IconVariants } from './Icon.css.ts';

export interface IconProps {
  /** Which icon to draw. */
  name: IconName;
  /**
   * Rendered size: sm 16px, md 20px, lg 24px, xl 40px.
   * @default 'md'
   */
  size?: IconVariants['size'];
  /**
   * What the icon means, for screen readers. Leave it out when the icon sits beside text that already says
   * it: the icon is then hidden from assistive technology.
   */
  label?: string;
}

/** An icon of the set. Decorative by default; with a label it is an image with that name. */
export function Icon({ name, size, label }: IconProps) {
  const filled = name === 'play' || name === 'record';
  return (
    <svg
      viewBox="0 0 24 24"
      className={icon({ size })}
      style={filled ? { fill: 'currentColor' } : undefined}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true, focusable: false })}
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
