import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Dialog, DialogTrigger, Icon, Popover } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { createFolder, type Folder } from '../api/projects-api.ts';
import { NameForm } from './name-form.tsx';

/**
 * "New folder": a button that opens a small dialog with the name field (focused), the name rule checked as
 * typed, an empty name and the server's refusal shown at the field. A created folder closes the dialog
 * (focus back on the button) and is said once, by its toast.
 */
export function CreateFolderForm({ projectId, onCreated }: { projectId: string; onCreated: (folder: Folder) => void }) {
  const intl = useIntl();
  const api = useApi();
  const [isOpen, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" ref={trigger}>
        <Icon name="plus" size="sm" />
        <FormattedMessage id="projects.folders.new" />
      </Button>
      <Popover placement="bottom start">
        <Dialog title={<FormattedMessage id="projects.folders.new" />} density="compact">
          <NameForm
            field="folder"
            label={intl.formatMessage({ id: 'projects.folder.createLabel' })}
            submitLabel={<FormattedMessage id="projects.folder.create" />}
            focusOnMount
            create={(name) => createFolder(api, projectId, name)}
            onCreated={(folder) => {
              setOpen(false);
              onCreated(folder);
              // The popover gives focus back to its button as it closes; the new folder's selection re-renders the
              // column meanwhile, so make sure focus did not fall to the page.
              requestAnimationFrame(() => {
                if (document.activeElement === document.body || document.activeElement === null)
                  trigger.current?.focus();
              });
            }}
            doneMessage={(folder) => intl.formatMessage({ id: 'projects.folder.created' }, { name: folder.name })}
          />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
