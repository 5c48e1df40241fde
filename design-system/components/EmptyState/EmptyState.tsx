import type { ReactNode } from 'react';
import { Icon } from '../Icon/Icon.tsx';
import type { IconName } from '../Icon/paths.ts';
import {
  action as actionStyle,
  emptyState,
  heading as headingStyle,
  icon as iconStyle,
  text,
} from './EmptyState.css.ts';

export interface EmptyStateProps {
  /** What is empty, e.g. "No recordings yet". */
  heading: ReactNode;
  /**
   * The heading's level in the page outline.
   * @default 2
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /** An illustration icon; decorative. */
  icon?: IconName;
  /** A sentence on why it is empty or what to do. */
  children?: ReactNode;
  /** The way out, e.g. a Button "Record your first take". */
  action?: ReactNode;
}

/** What a list or page shows when it has nothing yet: an icon, a heading, a sentence and an action. */
export function EmptyState({ heading, headingLevel = 2, icon, children, action }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={emptyState()}>
      {icon ? (
        <span className={iconStyle}>
          <Icon name={icon} size="xl" />
        </span>
      ) : null}
      <Heading className={headingStyle}>{heading}</Heading>
      {children ? <p className={text}>{children}</p> : null}
      {action ? <div className={actionStyle}>{action}</div> : null}
    </div>
  );
}
