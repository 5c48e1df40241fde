import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Button } from '../../components/Button/index.ts';
import { Dialog } from '../../components/Dialog/index.ts';
import { Modal } from '../../components/Modal/index.ts';
import { usePendingAction } from '../../components/private/usePendingAction.ts';
import { TextField } from '../../components/TextField/index.ts';
import { isValidName, nameRuleMessage } from '../../validation/names.ts';
import * as styles from './dialogs.css.ts';

const messages = defineMessages({
  rename: { id: 'ds.renameDialog.title', defaultMessage: 'Rename' },
  name: { id: 'ds.renameDialog.label', defaultMessage: 'Name' },
  save: { id: 'ds.renameDialog.save', defaultMessage: 'Save' },
  cancel: { id: 'ds.renameDialog.cancel', defaultMessage: 'Cancel' },
  nameRule: nameRuleMessage,
});

export interface RenameDialogProps {
  /**
   * The heading, naming what is renamed: "Rename project".
   * @default 'Rename'
   */
  title?: ReactNode;
  /**
   * The field's label.
   * @default 'Name'
   */
  label?: ReactNode;
  /**
   * The current name, selected when the dialog opens.
   * @default ''
   */
  defaultValue?: string;
  /**
   * Runs with a name that passes SPEC.md's name rule, on Enter or Save. Return a promise: Save stays pending
   * until it settles, the dialog closes on success and shows the error's message at the field on failure.
   */
  onSubmit: (name: string) => unknown;
  /**
   * Shows Save as pending when the caller tracks the call itself.
   * @default false
   */
  isPending?: boolean;
  /** The server's error, shown at the field, when the caller tracks the call itself. */
  errorMessage?: string;
  /** Whether it is open; leave out inside a DialogTrigger or when registered with `registerModal`. */
  isOpen?: boolean;
  /** Called when it opens or closes; leave out inside a DialogTrigger or when registered. */
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * Renames a project, folder, recording, conversion or calibration: one field checked against SPEC.md's
 * name rule, Save on Enter, pending while saving, the server's error at the field.
 */
export function RenameDialog({ title, isOpen, onOpenChange, ...formProps }: RenameDialogProps) {
  const intl = useIntl();
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} size="sm">
      <Dialog title={title ?? intl.formatMessage(messages.rename)} hideCloseButton>
        {({ close }) => <RenameForm {...formProps} close={close} />}
      </Dialog>
    </Modal>
  );
}

type RenameFormProps = Omit<RenameDialogProps, 'title' | 'isOpen' | 'onOpenChange'> & { close: () => void };

function RenameForm({ label, defaultValue = '', onSubmit, isPending = false, errorMessage, close }: RenameFormProps) {
  const intl = useIntl();
  const [name, setName] = useState(defaultValue);
  const action = usePendingAction(onSubmit, close);
  const pending = isPending || action.isPending;
  const serverError = errorMessage ?? action.error;
  const formRef = useRef<HTMLFormElement>(null);

  // The dialog pattern: focus starts in the field (with the name selected, see onFocus), not on the dialog.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  // Save had focus; move it back to the field so screen readers read the server's error with it.
  useEffect(() => {
    if (serverError) formRef.current?.querySelector('input')?.focus();
  }, [serverError]);

  return (
    <Form
      ref={formRef}
      className={styles.stack}
      validationErrors={serverError ? { name: serverError } : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending && isValidName(name)) void action.run(name);
      }}
    >
      <TextField
        name="name"
        label={label ?? intl.formatMessage(messages.name)}
        value={name}
        onChange={(value) => {
          setName(value);
          action.clearError();
        }}
        validate={(value) => (isValidName(value) ? null : intl.formatMessage(messages.nameRule))}
        isReadOnly={pending}
        onFocus={(event) => (event.target as HTMLInputElement).select()}
      />
      <div className={styles.actions}>
        <Button variant="secondary" isDisabled={pending} onPress={close}>
          {intl.formatMessage(messages.cancel)}
        </Button>
        <Button type="submit" isPending={pending}>
          {intl.formatMessage(messages.save)}
        </Button>
      </div>
    </Form>
  );
}
