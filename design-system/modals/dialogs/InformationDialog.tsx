import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/index.ts';
import { Dialog } from '../../components/Dialog/index.ts';
import { Modal } from '../../components/Modal/index.ts';

const messages = defineMessages({
  ok: { id: 'ds.informationDialog.ok', defaultMessage: 'OK' },
});

export interface InformationDialogProps {
  /** The heading; it names the dialog. */
  title: ReactNode;
  /** What the user should know. */
  body: ReactNode;
  /**
   * The label of the button that closes it.
   * @default 'OK'
   */
  okLabel?: ReactNode;
  /** Runs when the user closes it with the button. */
  onOk?: () => void;
  /**
   * Maximum width.
   * @default 'md'
   */
  size?: 'sm' | 'md' | 'lg';
  /** Whether it is open; leave out inside a DialogTrigger or when registered with `registerModal`. */
  isOpen?: boolean;
  /** Called when it opens or closes; leave out inside a DialogTrigger or when registered. */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * A title, some information and OK, in a modal that Escape or a press outside also closes. Used by
 * information, errorInfo, accentInfo, projectInfo, recordingInfo, whatIs and the other explanations.
 */
export function InformationDialog({ title, body, okLabel, onOk, size, isOpen, onOpenChange }: InformationDialogProps) {
  const intl = useIntl();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} isDismissable size={size}>
      <Dialog
        title={title}
        hideCloseButton
        actions={({ close }) => (
          <Button
            onPress={() => {
              onOk?.();
              close();
            }}
          >
            {okLabel ?? intl.formatMessage(messages.ok)}
          </Button>
        )}
      >
        {body}
      </Dialog>
    </Modal>
  );
}
