import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import type { AdminState } from '../story-fakes.ts';
import { AdminPage } from './admin-page.tsx';
import { adminHarness, adminWorld } from './story-world.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

const rowNames = (canvas: HTMLElement) =>
  within(canvas)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

const meta = {
  title: 'Features/Admin/Admin page',
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

/** Users with trust in colour and words, plan and usage from stats/users; a search asks both calls. */
export const SearchUsers: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Ada Lovelace' });
    const ada = canvas.getByRole('row', { name: /Ada Lovelace/ });
    await expect(ada).toHaveTextContent('Gray: default');
    await expect(ada).toHaveTextContent('90'); // 5400 s → 90 minutes
    await expect(canvas.getByRole('row', { name: /Alan Turing/ })).toHaveTextContent('Red: needs to be checked');
    await expect(canvas.getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('Green: approved');
    const stats = h.calls.find((c) => c.path === '/api/stats/users')!;
    await expect((stats.body as { owner_ids: string[] }).owner_ids).toHaveLength(3);

    await tabTo(canvas.getByRole('searchbox', { name: 'Search users and groups' }));
    await userEvent.keyboard('alan{Enter}');
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Alan Turing']));
    await expect(
      h.calls
        .filter((c) => c.path === '/api/v3/users')
        .at(-1)
        ?.query.get('search'),
    ).toBe('alan');
    await expect(
      h.calls
        .filter((c) => c.path === '/api/v3/groups')
        .at(-1)
        ?.query.get('search'),
    ).toBe('alan');
    await waitFor(() => expect(announced()).toContain('1 user'));
  },
};

/** Either call failing says SPEC.md's words, as an error toast. */
export const SearchFails: Story = {
  loaders: [() => adminHarness('/users', { ...adminWorld(), failUsers: true } satisfies AdminState)],
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        within(within(document.body).getByRole('region', { name: 'Notifications' })).getByText(
          'Failed to search users/groups',
        ),
      ).toBeVisible(),
    );
    await expect(
      within(canvasElement).getByText('Failed to search users/groups', { selector: '[role="status"]' }),
    ).toBeVisible();
  },
};

/** The groups with their member counts; a group's members open in the users table. */
export const GroupMembers: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Ada Lovelace' });
    await tabTo(canvas.getByRole('tab', { name: 'Users' }));
    await userEvent.keyboard('{ArrowRight}');
    const pioneers = await canvas.findByRole('row', { name: /Pioneers/ });
    await expect(pioneers).toHaveTextContent('2');
    await tabTo(within(pioneers).getByRole('button', { name: 'Show members' }));
    await userEvent.keyboard('{Enter}');
    // Newest first, as the table's default sort.
    await waitFor(() => expect(rowNames(canvasElement)).toEqual(['Alan Turing', 'Ada Lovelace']));
    await expect(canvas.getByText('Showing the members of Pioneers.')).toBeVisible();
  },
};

/** The queue, reds first; the A/B player holds the original and the conversion; resolve is announced. */
export const ResolveReport: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Ada Lovelace' });
    await tabTo(canvas.getByRole('tab', { name: 'Users' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const articles = await canvas.findAllByRole('article');
    await expect(articles[0]).toHaveTextContent('The voice cracks at the end');
    await expect(articles[0]).toHaveTextContent('Red: needs to be checked');
    await expect(within(articles[0]!).getByRole('group', { name: /Original and conversion/ })).toBeVisible();
    await expect(articles[1]).toHaveTextContent('shot.png');
    await tabTo(within(articles[0]!).getByRole('button', { name: 'Mark resolved' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(announced()).toContain('Report marked resolved.'));
    await expect(within(articles[0]!).getByRole('heading')).toHaveTextContent('Resolved');
  },
};

/** The fourth tab, Usage: the funnel and page views per day as charts, each with its numbers as a table. */
export const UsageFunnel: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Ada Lovelace' });
    await tabTo(canvas.getByRole('tab', { name: 'Users' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Usage' })).toHaveAttribute('aria-selected', 'true'));
    const funnel = await canvas.findByRole('figure', { name: 'Funnel' });
    await expect(funnel).toHaveTextContent('Funnel');
    await expect(
      canvas.getByRole('img', { name: /Of 40 visitors who signed up in the last 7 days, 4 subscribed\./ }),
    ).toBeVisible();
    await tabTo(within(funnel).getByRole('button', { name: 'Show the data as a table' }));
    await userEvent.keyboard('{Enter}');
    const table = await within(funnel).findByRole('table');
    await expect(within(table).getByRole('rowheader', { name: 'First upload' })).toBeVisible();
    await expect(within(table).getByRole('row', { name: /First upload/ })).toHaveTextContent('20');
    const views = canvas.getByRole('figure', { name: 'Page views per day' });
    await expect(views).toBeVisible();
    await expect(
      canvas.getByRole('img', { name: /135 page views in the last 7 days, most on (06 Jan|Jan 06) \(41\)\./ }),
    ).toBeVisible();
  },
};

/** A failed summary says why and offers another try. */
export const UsageFails: Story = {
  loaders: [() => adminHarness('/users', adminWorld({ summary: undefined }))],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Ada Lovelace' });
    await tabTo(canvas.getByRole('tab', { name: 'Users' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(/Usage could not be loaded/);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * The last tab, Errors: the app's and the server's grouped error reports, newest first, with route, release,
 * environment, count and last seen; a stack opens by keyboard.
 */
export const ErrorReports: Story = {
  loaders: [() => adminHarness('/users')],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Ada Lovelace' });
    await tabTo(canvas.getByRole('tab', { name: 'Users' }));
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Errors' })).toHaveAttribute('aria-selected', 'true'));
    const table = await canvas.findByRole('grid', { name: 'Error reports' });
    await expect(rowNames(table)).toEqual([
      expect.stringContaining('Debug route threw on purpose'),
      expect.stringContaining('Summary exploded'),
    ]);
    const row = within(table).getByRole('row', { name: /Debug route threw on purpose/ });
    await expect(row).toHaveTextContent('/debug/error');
    await expect(row).toHaveTextContent('timbre@0.1.0');
    await expect(row).toHaveTextContent('staging');
    await expect(row).toHaveTextContent('06 Jan 2026');
    await expect(within(within(table).getByRole('row', { name: /Summary exploded/ })).queryByRole('button')).toBeNull();
    const trigger = within(row).getByRole('button', { name: 'Stack trace' });
    await tabTo(trigger);
    await userEvent.keyboard('{Enter}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(within(row).getByText(/at render \(https:\/\/timbre.example\/assets\/page-2.js:12:7\)/)).toBeVisible();
  },
};
