import type { ReactNode } from 'react';
import { FileTrigger as AriaFileTrigger, type FileTriggerProps as AriaFileTriggerProps } from 'react-aria-components';
import { Button, type ButtonProps } from '../Button/index.ts';
import { Icon } from '../Icon/index.ts';

export interface FileTriggerProps extends Omit<AriaFileTriggerProps, 'children'> {
  /** What the button says, e.g. "Upload audio". */
  children: ReactNode;
  /**
   * The MIME types (`audio/*`, `audio/wav`) or extensions (`.wav`) the file picker offers. The picker
   * only suggests them: check the files you receive.
   */
  acceptedFileTypes?: ReadonlyArray<string>;
  /**
   * Whether the user may pick several files at once.
   * @default false
   */
  allowsMultiple?: boolean;
  /** Called with the files the user picked (null when the picker was cancelled, in some browsers). */
  onSelect?: (files: FileList | null) => void;
  /**
   * The button's visual weight.
   * @default 'secondary'
   */
  variant?: ButtonProps['variant'];
  /**
   * The button's size.
   * @default 'md'
   */
  size?: ButtonProps['size'];
  /**
   * Whether the button is disabled.
   * @default false
   */
  isDisabled?: boolean;
}

/**
 * A button that opens the system file picker, over React Aria's FileTrigger and our Button: Enter or
 * Space opens the picker, and focus comes back to the button after it.
 */
export function FileTrigger({ children, variant = 'secondary', size, isDisabled, ...props }: FileTriggerProps) {
  return (
    <AriaFileTrigger {...props}>
      <Button variant={variant} size={size} isDisabled={isDisabled}>
        <Icon name="upload" />
        {children}
      </Button>
    </AriaFileTrigger>
  );
}
