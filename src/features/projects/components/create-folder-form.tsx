import { useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  announce,
  Button,
  isValidName,
  nameRuleMessage,
  TextField,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { createFolder, type Folder } from '../api/projects-api.ts';
import * as styles from './projects.css.ts';

/** Makes a folder in the project: the name rule checked as typed, the server's refusal shown at the field. */
export function CreateFolderForm({ projectId, onCreated }: { projectId: string; onCreated: (folder: Folder) => void }) {
  const intl = useIntl();
  const api = useApi();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  // The server's refusal, or the rule when an empty name is submitted: shown at the field until it changes.
  const [fieldError, setFieldError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Form
      ref={formRef}
      className={styles.inlineForm}
      validationErrors={fieldError ? { folder: fieldError } : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) return;
        if (!isValidName(name)) {
          // Only an empty name gets here (the rule refuses the others as typed): it is refused at the
          // field, marked invalid with the rule as its description (WCAG 3.3.1). Focus going to the field
          // reads it with its error; when the field had focus already (Enter in it), the error is said.
          const message = intl.formatMessage(nameRuleMessage);
          setFieldError(message);
          const input = formRef.current?.querySelector<HTMLInputElement>('input[name="folder"]');
          if (input && input === document.activeElement) announce(message, { politeness: 'assertive' });
          else input?.focus();
          return;
        }
        setPending(true);
        createFolder(api, projectId, name)
          .then((folder) => {
            onCreated(folder);
            setName('');
            const message = intl.formatMessage({ id: 'projects.folder.created' }, { name: folder.name });
            addToast({ message, severity: 'success' });
          })
          .catch((error: unknown) => setFieldError(failureMessage(error)))
          .finally(() => setPending(false));
      }}
    >
      <div className={styles.grow}>
        <TextField
          name="folder"
          label={intl.formatMessage({ id: 'projects.folder.createLabel' })}
          value={name}
          onChange={(value) => {
            setName(value);
            setFieldError(null);
          }}
          validate={(value) => (value === '' || isValidName(value) ? null : intl.formatMessage(nameRuleMessage))}
          isReadOnly={pending}
        />
      </div>
      <Button type="submit" variant="secondary" isPending={pending}>
        <FormattedMessage id="projects.folder.create" />
      </Button>
    </Form>
  );
}
