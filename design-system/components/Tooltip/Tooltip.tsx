import type { ReactNode } from 'react';
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger as AriaTooltipTrigger,
  type TooltipProps as AriaTooltipProps,
  type TooltipTriggerComponentProps,
} from 'react-aria-components';
import { arrow, tooltip, type TooltipVariants } from './Tooltip.css.ts';

export interface TooltipProps extends Omit<AriaTooltipProps, 'className' | 'style' | 'children'> {
  /** The text. A tooltip only adds a hint: never put something only it says, nor anything interactive. */
  children: ReactNode;
  /**
   * sm for a label-like hint, md for a sentence or two.
   * @default 'sm'
   */
  size?: TooltipVariants['size'];
}

/** A tooltip over React Aria's, with an arrow; put it in a `TooltipTrigger` after the element it describes. */
export function Tooltip({ children, size, offset = 10, ...props }: TooltipProps) {
  return (
    <AriaTooltip {...props} offset={offset} className={tooltip({ size })}>
      <OverlayArrow>
        <svg width={8} height={8} viewBox="0 0 8 8" className={arrow} aria-hidden="true">
          <path d="M0 0 L4 4 L8 0" />
        </svg>
      </OverlayArrow>
      {children}
    </AriaTooltip>
  );
}

export interface TooltipTriggerProps extends TooltipTriggerComponentProps {
  /**
   * Milliseconds the pointer rests on the trigger before the tooltip shows. Keyboard focus shows it at once.
   * @default 700
   */
  delay?: number;
}

/**
 * Shows its `Tooltip` on hover and at once on keyboard focus; Escape hides it. The trigger must be a
 * focusable React Aria element (a Button, a Link).
 */
export function TooltipTrigger({ delay = 700, ...props }: TooltipTriggerProps) {
  return <AriaTooltipTrigger {...props} delay={delay} />;
}
