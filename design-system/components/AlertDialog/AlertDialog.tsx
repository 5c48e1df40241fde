import { useContext, type ReactNode } from 'react';
import { OverlayTriggerStateContext, Text, type DialogProps as AriaDialogProps } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../Button/index.ts';
import { Dialog } from '../Dialog/index.ts';
import { Icon } from '../Icon/index.ts';
import { usePendingAction } from '../private/usePendingAction.ts';
import * as styles from './AlertDialog.css.ts';

const messages = defineMessages({
  cancel: { id: 'ds.alertDialog.cancel', defaultMessage: 'Cancel' },
});

export interface AlertDialogProps extends Omit<AriaDialogProps, 'className' | 'style' | 'children' | 'role'> {
  /** The question or warning; it names the dialog. */
  title: ReactNode;
  /** What will happen; screen readers read it with the title (it describes the alert dialog). */
  children: ReactNode;
  /** The label of the action button ("Delete", "Skip"…). */
  actionLabel: ReactNode;
  /**
   * primary for a confirmation, danger for something destructive (the title then carries a warning icon).
   * @default 'primary'
   */
  variant?: 'primary' | 'danger';
  /**
   * Runs on the action button. Return a promise to keep the dialog open and the button pending until it
   * settles: it closes on success and shows the error's message on failure. A plain return closes at once.
   */
  onAction?: () => unknown;
  /** A second action beside the main one (e.g. "Delete" beside "Delete permanently"); same rules as `onAction`. */
  secondaryActionLabel?: ReactNode;
  /** Runs on the secondary action button. */
  onSecondaryAction?: () => unknown;
  /**
   * The cancel button's label.
   * @default 'Cancel'
   */
  cancelLabel?: ReactNode;
  /** Runs when the user cancels, before the dialog closes. */
  onCancel?: () => void;
  /**
   * Shows the action as pending when the caller tracks the call itself.
   * @default false
   */
  isPending?: boolean;
  /** An error to show (e.g. the server's), when the caller tracks the call itself. */
  errorMessage?: ReactNode;
}

/**
 * A confirmation with role alertdialog, over React Aria's Dialog: title, description, an action (primary or
 * danger) and Cancel. Put it in a `Modal` (not dismissable by a press outside).
 */
export function AlertDialog({
  title,
  children,
  actionLabel,
  variant = 'primary',
  onAction,
  secondaryActionLabel,
  onSecondaryAction,
  cancelLabel,
  onCancel,
  isPending = false,
  errorMessage,
  ...props
}: AlertDialogProps) {
  const intl = useIntl();
  const state = useContext(OverlayTriggerStateContext);
  const close = () => state?.close();
  const primary = usePendingAction(onAction, close);
  const secondary = usePendingAction(onSecondaryAction, close);
  const pending = isPending || primary.isPending || secondary.isPending;
  const error = errorMessage ?? primary.error ?? secondary.error;
  return (
    <Dialog
      {...props}
      role="alertdialog"
      hideCloseButton
      title={
        variant === 'danger' ? (
          <span className={styles.titleRow}>
            <span className={styles.icon}>
              <Icon name="warning" size="lg" />
            </span>
            {title}
          </span>
        ) : (
          title
        )
      }
      actions={
        <>
          <Button
            variant="secondary"
            isDisabled={pending}
            onPress={() => {
              onCancel?.();
              close();
            }}
          >
            {cancelLabel ?? intl.formatMessage(messages.cancel)}
          </Button>
          {secondaryActionLabel != null && (
            <Button
              variant="secondary"
              isDisabled={pending && !secondary.isPending}
              isPending={secondary.isPending}
              onPress={() => void secondary.run()}
            >
              {secondaryActionLabel}
            </Button>
          )}
          <Button
            // The one place a filled danger button belongs: confirming the destructive action.
            variant={variant === 'danger' ? 'dangerFilled' : variant}
            isDisabled={pending && !primary.isPending && !isPending}
            isPending={primary.isPending || isPending}
            onPress={() => void primary.run()}
          >
            {actionLabel}
          </Button>
        </>
      }
    >
      <Text slot="description" elementType="div">
        {children}
      </Text>
      {error != null && (
        <p role="alert" className={styles.error}>
          <Icon name="error" />
          <span>{error}</span>
        </p>
      )}
    </Dialog>
  );
}
