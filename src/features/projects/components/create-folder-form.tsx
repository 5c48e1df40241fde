import { FormattedMessage, useIntl } from 'react-intl';
import { useApi } from '../../../api/index.ts';
import { createFolder, type Folder } from '../api/projects-api.ts';
import { NameForm } from './name-form.tsx';

/** Makes a folder in the project: the name rule checked as typed, the server's refusal shown at the field. */
export function CreateFolderForm({ projectId, onCreated }: { projectId: string; onCreated: (folder: Folder) => void }) {
  const intl = useIntl();
  const api = useApi();
  return (
    <NameForm
      field="folder"
      label={intl.formatMessage({ id: 'projects.folder.createLabel' })}
      submitLabel={<FormattedMessage id="projects.folder.create" />}
      submitVariant="secondary"
      create={(name) => createFolder(api, projectId, name)}
      onCreated={onCreated}
      doneMessage={(folder) => intl.formatMessage({ id: 'projects.folder.created' }, { name: folder.name })}
    />
  );
}
