import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Button,
  isValidName,
  nameRuleMessage,
  TextField,
} from '../../../../design-system/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import * as styles from './projects.css.ts';

export interface NameFormProps<T> {
  /** The field's name in the form. */
  field: string;
  label: string;
  submitLabel: ReactNode;
  /** The form's accessible name, when the page has no heading for it. */
  'aria-label'?: string;
  /** @default 'primary' */
  submitVariant?: 'primary' | 'secondary';
  /** Focus starts in the field when the form appears (in a dialog opened for it, the dialog pattern). */
  focusOnMount?: boolean;
  /** Makes the thing on the server (its refusal is shown at the field). */
  create: (name: string) => Promise<T>;
  onCreated: (created: T) => void;
  /** The success toast's text, e.g. "Folder “Intro” created.". */
  doneMessage: (created: T) => string;
}

/**
 * Makes a named thing (a project, a folder): SPEC.md's name rule checked as typed, an empty name refused at
 * the field, the server's refusal shown there until the name changes, and the outcome said once, by its toast.
 */
export function NameForm<T>({
  field,
  label,
  submitLabel,
  submitVariant = 'primary',
  focusOnMount = false,
  create,
  onCreated,
  doneMessage,
  ...rest
}: NameFormProps<T>) {
  const intl = useIntl();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  // The server's refusal, or the rule when an empty name is submitted: shown at the field until it changes.
  const [fieldError, setFieldError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusOnMount) formRef.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  }, [focusOnMount, field]);
  return (
    <Form
      ref={formRef}
      className={styles.inlineForm}
      aria-label={rest['aria-label']}
      validationErrors={fieldError ? { [field]: fieldError } : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        if (!isValidName(name)) {
          // Only an empty name gets here (the rule refuses the others as typed): it is refused at the
          // field, marked invalid with the rule as its description (WCAG 3.3.1). Focus going to the field
          // reads it with its error; when the field had focus already (Enter in it), the error is said.
          const message = intl.formatMessage(nameRuleMessage);
          setFieldError(message);
          const input = formRef.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`);
          if (input && input === document.activeElement) announce(message, { politeness: 'assertive' });
          else input?.focus();
          return;
        }
        setPending(true);
        create(name)
          .then((created) => {
            onCreated(created);
            setName('');
            addToast({ message: doneMessage(created), severity: 'success' });
          })
          .catch((error: unknown) => setFieldError(failureMessage(error)))
          .finally(() => setPending(false));
      }}
    >
      <div className={styles.grow}>
        <TextField
          name={field}
          label={label}
          value={name}
          onChange={(value) => {
            setName(value);
            setFieldError(null);
          }}
          validate={(value) => (value === '' || isValidName(value) ? null : intl.formatMessage(nameRuleMessage))}
          isReadOnly={pending}
        />
      </div>
      <Button type="submit" variant={submitVariant} isPending={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
