import type { ReactNode } from 'react';
import { Dialog } from '../../components/Dialog/index.ts';
import { Modal } from '../../components/Modal/index.ts';

export interface SideDrawerProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The edge it slides in from. */
  side: 'left' | 'right';
  /** The dialog's heading, which names it. */
  title: string;
  children: ReactNode;
}

/**
 * A layout's narrow-screen drawer: a dismissable side modal holding a dialog. It is a module of its own,
 * loaded on first use (LazySideDrawer), because React Aria's Dialog and Modal bring some 40 kB of overlay,
 * menu and focus-scope code that a page's first paint never needs.
 */
export default function SideDrawer({ isOpen, onOpenChange, side, title, children }: SideDrawerProps) {
  return (
    <Modal placement="side" side={side} isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Dialog title={title}>{children}</Dialog>
    </Modal>
  );
}
