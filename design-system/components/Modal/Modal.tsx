import type { ReactNode } from 'react';
import {
  Modal as AriaModal,
  ModalOverlay as AriaModalOverlay,
  type ModalOverlayProps as AriaModalOverlayProps,
} from 'react-aria-components';
import { modal, overlay, type ModalVariants } from './Modal.css.ts';

export interface ModalProps extends Omit<AriaModalOverlayProps, 'className' | 'style' | 'children'> {
  /** The dialog to show: a `Dialog`, an `AlertDialog` or one of the generic dialogs' content. */
  children: ReactNode;
  /**
   * Maximum width of a centred modal (sm 400px, md 560px, lg 800px); a side drawer ignores it.
   * @default 'md'
   */
  size?: ModalVariants['size'];
  /**
   * center: a modal in the middle of the screen. side: a full-height drawer sliding in from `side`
   * (the marketing layout's mobile menu).
   * @default 'center'
   */
  placement?: ModalVariants['placement'];
  /**
   * The edge a `placement="side"` drawer slides in from.
   * @default 'right'
   */
  side?: ModalVariants['side'];
  /**
   * Whether a press outside the modal closes it. Escape closes every modal unless
   * `isKeyboardDismissDisabled`; keep confirmations not dismissable so a stray press loses nothing.
   * @default false
   */
  isDismissable?: boolean;
}

/**
 * A modal over React Aria's ModalOverlay + Modal: it blocks and hides the page behind it, contains focus and
 * restores it on close. Open it from a `DialogTrigger`, with `isOpen`/`onOpenChange`, or through the modal
 * registry (`useModal`).
 */
export function Modal({ children, size, placement, side, ...props }: ModalProps) {
  return (
    <AriaModalOverlay {...props} className={overlay({ placement, side })}>
      <AriaModal className={modal({ size, placement, side })}>{children}</AriaModal>
    </AriaModalOverlay>
  );
}
