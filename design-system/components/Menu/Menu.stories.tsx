import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Selection } from 'react-aria-components';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.ts';
import { Icon } from '../Icon/index.ts';
import { Menu, MenuItem, MenuSection, MenuSeparator, MenuTrigger } from './Menu.tsx';

const onAction = fn();

const meta = {
  title: 'Components/Menu',
  component: Menu,
  render: () => (
    <MenuTrigger>
      <Button variant="secondary" aria-label="Recording actions">
        <Icon name="more" />
      </Button>
      <Menu onAction={onAction}>
        <MenuItem id="rename" icon="edit">
          Rename
        </MenuItem>
        <MenuItem id="download" icon="download" shortcut="D">
          Download
        </MenuItem>
        <MenuItem id="disabled" icon="star" isDisabled>
          Add to favourites
        </MenuItem>
        <MenuSeparator />
        <MenuItem id="delete" icon="trash" variant="danger">
          Delete
        </MenuItem>
      </Menu>
    </MenuTrigger>
  ),
  beforeEach: () => onAction.mockClear(),
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const RunAnAction: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Recording actions' });
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu');
    // Read as a menu, not "dialog, …" first: nothing around the menu is a dialog.
    await expect(menu.closest('[role="dialog"]')).toBeNull();
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
    // Focus lands on the first item; arrows move, skipping the disabled one.
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Download' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onAction.mock.calls[0]?.[0]).toBe('delete');
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const TypeToSelectAndEscape: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Recording actions' });
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await within(document.body).findByRole('menu');
    await userEvent.keyboard('d');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Download' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(onAction).not.toHaveBeenCalled();
  },
};

function SortMenu() {
  const [sort, setSort] = useState<Selection>(new Set(['updated']));
  return (
    <MenuTrigger>
      <Button variant="secondary">Sort and view</Button>
      <Menu>
        <MenuSection title="Sort by" selectionMode="single" selectedKeys={sort} onSelectionChange={setSort}>
          <MenuItem id="updated">Last updated</MenuItem>
          <MenuItem id="created">Date created</MenuItem>
          <MenuItem id="name">Name</MenuItem>
        </MenuSection>
        <MenuSeparator />
        <MenuSection title="View">
          <MenuItem id="grid" icon="folder" description="Folders as cards">
            Grid
          </MenuItem>
        </MenuSection>
      </Menu>
    </MenuTrigger>
  );
}

export const SectionsAndSelection: Story = {
  render: () => <SortMenu />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Sort and view' });
    await userEvent.tab();
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const menu = await within(document.body).findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('group', { name: 'Sort by' })).toBeVisible());
    await expect(within(menu).getByRole('menuitemradio', { name: 'Last updated' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: 'Last updated' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('menu')).toBeNull());
    // Focus goes back to the trigger once the menu has closed; reopen only then.
    await waitFor(() => expect(trigger).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const reopened = await within(document.body).findByRole('menu');
    await expect(within(reopened).getByRole('menuitemradio', { name: 'Name' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
  },
};
