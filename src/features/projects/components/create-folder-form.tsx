import { useState } from 'react';
import { Form } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
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
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <Form
      className={styles.inlineForm}
      validationErrors={serverError ? { folder: serverError } : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending || !isValidName(name)) return;
        setPending(true);
        createFolder(api, projectId, name)
          .then((folder) => {
            onCreated(folder);
            setName('');
            const message = intl.formatMessage({ id: 'projects.folder.created' }, { name: folder.name });
            addToast({ message, severity: 'success' });
          })
          .catch((error: unknown) => setServerError(failureMessage(error)))
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
            setServerError(null);
          }}
          // An empty name breaks the rule too: submitting it marks the field invalid with the rule as its
          // description and takes focus there (WCAG 3.3.1), where refusing it silently said nothing.
          validate={(value) => (isValidName(value) ? null : intl.formatMessage(nameRuleMessage))}
          isReadOnly={pending}
        />
      </div>
      <Button type="submit" variant="secondary" isPending={pending}>
        <FormattedMessage id="projects.folder.create" />
      </Button>
    </Form>
  );
}
