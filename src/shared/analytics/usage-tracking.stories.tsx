import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ApiProvider } from '../../api/index.ts';
import { testUser } from '../../api/testing/index.ts';
import { createHarness, type Harness } from '../../machines/story-harness.tsx';
import { SessionProvider } from '../../machines/index.ts';
import { useUsageTracking } from './use-usage-tracking.ts';
import { usageTracker, type TrackingEvent } from './usage-events.ts';

function Tracked() {
  useUsageTracking();
  return <Outlet />;
}

/** Two pages under a root that tracks usage, as the app's root does, in a data router (route patterns). */
function TrackedApp({ harness }: { harness: Harness }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          element: <Tracked />,
          children: [
            {
              path: '/projects',
              element: (
                <main>
                  <h1>Projects</h1>
                  <Link to="/projects/abc-123">Open the project</Link>
                </main>
              ),
            },
            { path: '/projects/:projectId', element: <h1>A project</h1> },
          ],
        },
      ],
      { initialEntries: [harness.path] },
    ),
  );
  return (
    <ApiProvider api={harness.api}>
      <SessionProvider actor={harness.actor}>
        <RouterProvider router={router} />
      </SessionProvider>
    </ApiProvider>
  );
}

const sent = (harness: Harness) =>
  harness.calls
    .filter((c) => c.method === 'POST' && c.path === '/api/v3/events')
    .flatMap((c) => c.body as TrackingEvent[]);

const meta = {
  title: 'Shared/Usage tracking',
  render: (_args, { loaded }) => <TrackedApp harness={loaded.harness as Harness} />,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each route change is a page view with its route's pattern, the sign-in state and the route it came from. */
export const PageViews: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/projects',
        user: testUser(),
        routes: { 'POST /api/v3/events': { status: 204 } },
      }),
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const harness = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(await canvas.findByRole('link', { name: 'Open the project' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('heading', { name: 'A project' });
    usageTracker.flush();
    await waitFor(() => expect(sent(harness)).toHaveLength(2));
    const [first, second] = sent(harness);
    await expect(first).toMatchObject({ event: 'page_view', page: '/projects', signed_in: true });
    await expect(first).not.toHaveProperty('origin');
    await expect(second).toMatchObject({
      event: 'page_view',
      page: '/projects/:projectId',
      origin: '/projects',
      signed_in: true,
    });
    await expect(second!.distinct_id).toBe(first!.distinct_id);
  },
};

/** An admin's page views are not sent (SPEC.md section 6). */
export const AdminSendsNothing: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/projects',
        user: { ...testUser(), roles: ['admin'] },
        routes: { 'POST /api/v3/events': { status: 204 } },
      }),
    }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const harness = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(await canvas.findByRole('link', { name: 'Open the project' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await canvas.findByRole('heading', { name: 'A project' });
    usageTracker.flush();
    usageTracker.flush({ hidden: true });
    await expect(usageTracker.pending()).toEqual([]);
    await expect(sent(harness)).toEqual([]);
  },
};
