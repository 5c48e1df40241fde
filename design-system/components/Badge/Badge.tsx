import type { ReactNode } from 'react';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../Icon/paths.ts';
import { badge, type BadgeVariants } from './Badge.css.ts';

export interface BadgeProps {
  /** The status in words ("Completed", "Failed"): the tone only repeats it, never replaces it. */
  children: ReactNode;
  /**
   * The colour of the status.
   * @default 'neutral'
   */
  tone?: BadgeVariants['tone'];
  /** An icon before the text; decorative, since the text says the same. */
  icon?: IconName;
}

/** A short, non-interactive status label (a recording's status, a plan name). */
export function Badge({ children, tone, icon }: BadgeProps) {
  return (
    <span className={badge({ tone })}>
      {icon ? <Icon name={icon} size="sm" /> : null}
      {children}
    </span>
  );
}
