import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { AlertDialog } from '../../components/AlertDialog/index.ts';
import { Modal } from '../../components/Modal/index.ts';
import * as styles from './dialogs.css.ts';

const messages = defineMessages({
  delete: { id: 'ds.confirmDelete.delete', defaultMessage: 'Delete' },
  deletePermanently: { id: 'ds.confirmDelete.deletePermanently', defaultMessage: 'Delete permanently' },
  cannotUndo: { id: 'ds.confirmDelete.cannotUndo', defaultMessage: 'This cannot be undone.' },
  choice: {
    id: 'ds.confirmDelete.choice',
    defaultMessage: '“Delete permanently” cannot be undone.',
  },
});

export interface ConfirmDeleteDialogProps {
  /** The question, naming what goes: "Delete the project “Demo”?". */
  title: ReactNode;
  /** What deleting it means (its folders and recordings go with it…). */
  body?: ReactNode;
  /**
   * The delete is permanent (hard delete): the dialog says it cannot be undone and the action is a
   * danger "Delete permanently".
   * @default false
   */
  permanent?: boolean;
  /**
   * Lets the user choose: "Delete" (soft, restorable) or "Delete permanently". Ignored with `permanent`.
   * @default false
   */
  offerPermanent?: boolean;
  /**
   * Runs with the user's choice. Return a promise: the button stays pending until it settles, the dialog
   * closes on success and shows the error's message on failure.
   */
  onConfirm: (choice: { permanent: boolean }) => unknown;
  /**
   * Shows the delete as pending when the caller tracks the call itself.
   * @default false
   */
  isPending?: boolean;
  /** The server's error, when the caller tracks the call itself. */
  errorMessage?: ReactNode;
  /** Whether it is open; leave out inside a DialogTrigger or when registered with `registerModal`. */
  isOpen?: boolean;
  /** Called when it opens or closes; leave out inside a DialogTrigger or when registered. */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * Confirms a delete (soft, permanent, or the user's choice of the two) in a modal alert dialog. Used by
 * deleteCalibration, deleteConversion, deleteFolder, deleteProject, deleteRecording and deleteAccount.
 */
export function ConfirmDeleteDialog({
  title,
  body,
  permanent = false,
  offerPermanent = false,
  onConfirm,
  isPending,
  errorMessage,
  isOpen,
  onOpenChange,
}: ConfirmDeleteDialogProps) {
  const intl = useIntl();
  const choice = offerPermanent && !permanent;
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      <AlertDialog
        title={title}
        variant={permanent || choice ? 'danger' : 'primary'}
        actionLabel={intl.formatMessage(permanent || choice ? messages.deletePermanently : messages.delete)}
        onAction={() => onConfirm({ permanent: permanent || choice })}
        secondaryActionLabel={choice ? intl.formatMessage(messages.delete) : undefined}
        onSecondaryAction={choice ? () => onConfirm({ permanent: false }) : undefined}
        isPending={isPending}
        errorMessage={errorMessage}
      >
        <div className={styles.stack}>
          {body != null && <div>{body}</div>}
          {permanent && <p className={styles.warning}>{intl.formatMessage(messages.cannotUndo)}</p>}
          {choice && <p className={styles.paragraph}>{intl.formatMessage(messages.choice)}</p>}
        </div>
      </AlertDialog>
    </Modal>
  );
}
