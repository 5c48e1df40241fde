import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { uuid } from '../../../api/testing/index.ts';
import type { AdminState } from '../story-fakes.ts';
import { AdminPage } from './admin-page.tsx';
import { adminHarness } from './story-world.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * The admin console's Flags tab and its flag dialog (issue 19), in the console over the in-memory admin server:
 * everything by keyboard, from the tab list to the saved row.
 */

const body = () => within(document.body);

const meta = {
  title: 'Features/Admin/Flag dialog',
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/users">
      <main>
        <AdminPage mediaElement="video" />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** From the Users tab to Flags (after Usage), by keyboard: the flags' table. */
async function flagsTab(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('rowheader', { name: 'Ada Lovelace' });
  await tabTo(canvas.getByRole('tab', { name: 'Users' }));
  await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
  await waitFor(() => expect(canvas.getByRole('tab', { name: 'Flags' })).toHaveAttribute('aria-selected', 'true'));
  return canvas.findByRole('grid', { name: 'Feature flags' });
}

/** The flag's row in the Flags tab, by keyboard; Enter opens its dialog. */
async function openFlag(canvasElement: HTMLElement, key: string) {
  const table = await flagsTab(canvasElement);
  await tabTo(await within(table).findByRole('row', { name: new RegExp(key) }));
  await userEvent.keyboard('{Enter}');
  return body().findByRole('dialog', { name: `Edit flag ${key}` });
}

/** The flags listed by key with their default and their rules in words. */
export const FlagsListed: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement }) => {
    const table = await flagsTab(canvasElement);
    const dashboard = await within(table).findByRole('row', { name: /new-dashboard/ });
    await expect(dashboard).toHaveTextContent('Off');
    await expect(dashboard).toHaveTextContent('Everyone gets the default');
    const nps = within(table).getByRole('row', { name: /nps-survey/ });
    await expect(nps).toHaveTextContent('Off for Free trial');
    await expect(nps).toHaveTextContent('02 Jan 2026');
  },
};

/**
 * The admin targets new-dashboard at Ada's account id by keyboard: the saved flag is announced, the dialog
 * closes and the row says the rule.
 */
export const TargetAUser: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const dialog = await openFlag(canvasElement, 'new-dashboard');
    const table = canvas.getByRole('grid', { name: 'Feature flags' });

    await tabTo(within(dialog).getByRole('button', { name: 'Add rule' }));
    await userEvent.keyboard('{Enter}');
    const ids = await within(dialog).findByRole('textbox', { name: 'Account ids' });
    await tabTo(ids);
    await userEvent.keyboard(uuid(1));
    await expect(within(dialog).getByRole('radio', { name: 'On' })).toBeChecked();
    await tabTo(within(dialog).getByRole('button', { name: 'Save flag' }));
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(announced()).toContain('Flag new-dashboard saved.'));
    const put = h.calls.find((c) => c.method === 'PUT' && c.path === '/api/v3/admin/flags/new-dashboard');
    await expect(put?.body).toEqual({
      description: 'The new home dashboard: a summary strip on top.',
      default_value: false,
      rules: [{ user_ids: [uuid(1)], value: true }],
    });
    await expect(within(table).getByRole('row', { name: /new-dashboard/ })).toHaveTextContent('On for 1 account');
  },
};

/** An id of no account: the refusal stands at Rule 1's account ids, the dialog stays open with what was typed. */
export const RefusedAtTheField: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement, loaded }) => {
    const state = (loaded as { state: AdminState }).state;
    const dialog = await openFlag(canvasElement, 'new-dashboard');
    await tabTo(within(dialog).getByRole('button', { name: 'Add rule' }));
    await userEvent.keyboard('{Enter}');
    const ids = await within(dialog).findByRole('textbox', { name: 'Account ids' });
    const nobody = uuid(404);
    await tabTo(ids);
    await userEvent.keyboard(nobody);
    await tabTo(within(dialog).getByRole('button', { name: 'Save flag' }));
    await userEvent.keyboard('{Enter}');
    await expect(await within(dialog).findByText(`Names no user: ${nobody}`)).toBeVisible();
    await expect(ids).toHaveAttribute('aria-invalid', 'true');
    await expect(ids).toHaveValue(nobody);
    await expect(state.flags?.find((f) => f.key === 'new-dashboard')?.rules).toEqual([]);
  },
};

/**
 * Deleting a flag is asked in place with "Keep it" focused (Enter keeps it); the admin tabs to the delete, the
 * deletion is announced, the dialog closes and the row is gone.
 */
export const DeleteAFlag: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const dialog = await openFlag(canvasElement, 'new-dashboard');
    const table = within(canvasElement).getByRole('grid', { name: 'Feature flags' });

    await tabTo(within(dialog).getByRole('button', { name: 'Delete flag' }));
    await userEvent.keyboard('{Enter}');
    const question = await within(dialog).findByRole('group', { name: /Delete new-dashboard\?/ });
    const keep = within(question).getByRole('button', { name: 'Keep it' });
    await waitFor(() => expect(keep).toHaveFocus());
    // Enter on the focused answer keeps the flag: nothing is deleted.
    await userEvent.keyboard('{Enter}');
    await expect(within(dialog).queryByRole('group', { name: /Delete new-dashboard\?/ })).toBeNull();
    await expect(h.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete flag' })).toHaveFocus());

    await tabTo(within(dialog).getByRole('button', { name: 'Delete flag' }));
    await userEvent.keyboard('{Enter}');
    await tabTo(await within(dialog).findByRole('button', { name: 'Delete new-dashboard' }));
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(announced()).toContain('Flag new-dashboard deleted.'));
    await expect(h.calls.some((c) => c.method === 'DELETE' && c.path === '/api/v3/admin/flags/new-dashboard')).toBe(
      true,
    );
    await expect(within(table).queryByRole('row', { name: /new-dashboard/ })).toBeNull();
    await expect(within(table).getByRole('row', { name: /nps-survey/ })).toBeVisible();
  },
};
