import type { Meta, StoryObj } from '@storybook/react-vite';
import { destroyAnnouncer } from '@react-aria/live-announcer';
import { useEffect } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../components/Button/index.ts';
import { ConfirmDeleteDialog, InformationDialog, RenameDialog } from './dialogs/index.ts';
import { ModalHost, registerModal } from './modal-host.tsx';
import { createModalStore, openModalIds, type ModalStore } from './modal-store.ts';
import { useModal } from './use-modal.ts';

interface ProjectData {
  name: string;
}

const renameProject = fn();
const deleteProject = fn();

// What a feature does once: register its modals by id. Any screen then opens them with useModal(id).
function useDemoRegistrations(store: ModalStore) {
  useEffect(() => {
    const unregister = [
      registerModal<ProjectData>('renameProject', ({ data }) => (
        <RenameDialog
          title="Rename project"
          label="Project name"
          defaultValue={data?.name}
          onSubmit={async (name) => {
            renameProject(name);
            store.trigger.close({ id: 'renameProject' });
          }}
        />
      )),
      registerModal<ProjectData>('deleteProject', ({ data }) => (
        <ConfirmDeleteDialog
          title={`Delete the project “${data?.name}”?`}
          body={<p>Its folders and recordings are deleted with it.</p>}
          onConfirm={async (choice) => {
            deleteProject(choice);
            store.trigger.close({ id: 'deleteProject' });
          }}
        />
      )),
      registerModal('whatIs', ({ id }) => (
        <InformationDialog
          title={`What is ${id === 'whatIs:accent' ? 'an accent' : 'this'}?`}
          body={<p>The way a voice pronounces words, from the voice’s accents.</p>}
        />
      )),
    ];
    return () => unregister.forEach((undo) => undo());
  }, [store]);
}

function ProjectActions({ store }: { store: ModalStore }) {
  useDemoRegistrations(store);
  const rename = useModal<ProjectData>('renameProject', store);
  const remove = useModal<ProjectData>('deleteProject', store);
  return (
    <>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button variant="secondary" onPress={() => rename.open({ name: 'Podcast' })}>
          Rename project
        </Button>
        <Button variant="danger" onPress={() => remove.open({ name: 'Podcast' })}>
          Delete project
        </Button>
      </div>
      <ModalHost store={store} />
    </>
  );
}

function WhatIs({ store }: { store: ModalStore }) {
  useDemoRegistrations(store);
  const whatIs = useModal('whatIs:accent', store);
  return (
    <>
      <Button variant="secondary" onPress={() => whatIs.open()}>
        What is an accent?
      </Button>
      <ModalHost store={store} />
    </>
  );
}

const meta = {
  title: 'Modals/ModalHost',
  component: ModalHost,
  beforeEach: () => {
    destroyAnnouncer();
    renameProject.mockClear();
    deleteProject.mockClear();
  },
} satisfies Meta<typeof ModalHost>;
export default meta;
type Story = StoryObj<typeof meta>;

const renameStore = createModalStore();

export const OpenByIdFromAnyScreen: Story = {
  args: { store: renameStore },
  render: (args) => <ProjectActions store={args.store ?? renameStore} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    const renameButton = canvas.getByRole('button', { name: 'Rename project' });
    const deleteButton = canvas.getByRole('button', { name: 'Delete project' });

    // The first modal, opened with the keyboard, gets the data it was opened with.
    await userEvent.tab();
    await expect(renameButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const renameDialog = await body.findByRole('dialog', { name: 'Rename project' });
    await expect(within(renameDialog).getByRole('textbox', { name: 'Project name' })).toHaveValue('Podcast');
    await expect(openModalIds(renameStore.getSnapshot().context)).toEqual(['renameProject']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(renameButton).toHaveFocus());
    await expect(renameStore.getSnapshot().context.renameProject).toEqual({ open: false });

    // The second.
    await userEvent.tab();
    await expect(deleteButton).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await body.findByRole('alertdialog', { name: 'Delete the project “Podcast”?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(deleteButton).toHaveFocus());
    await expect(openModalIds(renameStore.getSnapshot().context)).toEqual([]);
  },
};

const saveStore = createModalStore();

export const ClosesAfterASuccessfulUpdate: Story = {
  args: { store: saveStore },
  render: (args) => <ProjectActions store={args.store ?? saveStore} />,
  play: async ({ canvasElement }) => {
    const renameButton = within(canvasElement).getByRole('button', { name: 'Rename project' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename project' });
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus());
    await userEvent.keyboard('Interview{Enter}');
    await expect(renameProject).toHaveBeenCalledWith('Interview');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(saveStore.getSnapshot().context.renameProject?.open).toBe(false);
    await waitFor(() => expect(renameButton).toHaveFocus());
  },
};

const whatIsStore = createModalStore();

export const WhatIsTopics: Story = {
  args: { store: whatIsStore },
  render: (args) => <WhatIs store={args.store ?? whatIsStore} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'What is an accent?' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'What is an accent?' });
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'OK' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(openModalIds(whatIsStore.getSnapshot().context)).toEqual([]);
  },
};
