import type { ReactNode } from 'react';
import { OverlayArrow, Popover as AriaPopover, type PopoverProps as AriaPopoverProps } from 'react-aria-components';
import { renderListPopup, renderPopover } from '../private/popup.tsx';
import { arrow, popover, type PopoverVariants } from './Popover.css.ts';

export interface PopoverProps extends Omit<AriaPopoverProps, 'className' | 'style' | 'children'> {
  /** The content: usually a `Dialog` (density compact) or a `Menu`'s list. */
  children: ReactNode;
  /**
   * Draws an arrow pointing at the trigger.
   * @default false
   */
  showArrow?: boolean;
  /**
   * dialog for free content, menu for a list of items (less padding).
   * @default 'dialog'
   */
  kind?: PopoverVariants['kind'];
}

/**
 * A popover over React Aria's: positioned next to its trigger, closes on Escape or a press outside and
 * returns focus to the trigger. Open it from a DialogTrigger or MenuTrigger.
 */
export function Popover({ children, showArrow = false, kind, offset, ...props }: PopoverProps) {
  return (
    <AriaPopover
      {...props}
      offset={offset ?? (showArrow ? 12 : 8)}
      className={popover({ kind })}
      // A menu's popover is not a dialog: the menu inside is the popup its trigger announces.
      render={kind === 'menu' ? renderListPopup : renderPopover}
    >
      {showArrow && (
        <OverlayArrow>
          <svg width={12} height={12} viewBox="0 0 12 12" className={arrow} aria-hidden="true">
            <path d="M0 0 L6 6 L12 0" />
          </svg>
        </OverlayArrow>
      )}
      {children}
    </AriaPopover>
  );
}
