import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { makeCalibration, testUser, type FakeRoutes } from '../../../api/testing/index.ts';
import type { Calibration } from '../../../api/index.ts';
import { registerCalibrationModals } from '../modals/register.ts';
import { CalibrationsPage } from './calibrations-page.tsx';
import { CreateCalibrationPage } from './create-calibration-page.tsx';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * /calibrations and /calibrations/create over the real API clients and a fake auth service that keeps what it
 * is told (enable turns the previous one off, as the server does). Keyboard only.
 */

function calibrationService(start: Calibration[]): FakeRoutes {
  const held = structuredClone(start);
  const find = (id: string) => held.find((c) => c.id === id);
  return {
    'GET /api/v3/calibration': (call) => {
      const search = call.query.get('search')?.toLowerCase() ?? '';
      const items = held.filter((c) => c.name.toLowerCase().includes(search));
      return { status: 200, body: { items, total: items.length, offset: 0, limit: 40 } };
    },
    'GET /api/v3/calibration/{id}': (call) => {
      const found = find(call.params.id);
      if (!found) return undefined;
      // The analysis is over by the time the page asks.
      found.status = 'calibrated';
      found.calibrated_at = '2026-01-05T10:00:00.000Z';
      return { status: 200, body: found };
    },
    'PUT /api/v3/calibration/{id}/enable': (call) => {
      const found = find(call.params.id);
      if (!found) return undefined;
      for (const c of held) c.enabled = c.id === found.id;
      return { status: 200, body: found };
    },
    'POST /api/v3/calibration/auto': (call) => {
      const made = makeCalibration(9, (call.body as { name: string }).name, {
        status: 'processing',
        calibrated_at: null,
        url: null,
      });
      held.unshift(made);
      return { status: 201, body: made };
    },
  };
}

interface Loaded {
  harness: Harness;
}

const morning = makeCalibration(1, 'Morning voice', { enabled: true });
const evening = makeCalibration(2, 'Evening voice');
const failed = makeCalibration(3, 'Noisy room', { status: 'error', calibrated_at: null });

const meta = {
  title: 'Pages/Calibrations',
  beforeEach: () => registerCalibrationModals(),
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const listAt = (calibrations: Calibration[]) => async (): Promise<Loaded> => ({
  harness: await createHarness({ path: '/calibrations', user: testUser(), routes: calibrationService(calibrations) }),
});

/** The list: statuses in words; enabling Evening voice turns Morning voice off, and it is said. */
export const EnableAnother: Story = {
  loaders: [listAt([evening, morning, failed])],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/calibrations">
      <CalibrationsPage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const canvas = within(canvasElement);
    const eveningItem = await canvas.findByRole('listitem', { name: 'Evening voice' });
    const morningItem = canvas.getByRole('listitem', { name: 'Morning voice' });
    await expect(within(morningItem).getByText('Enabled')).toBeVisible();
    await expect(within(canvas.getByRole('listitem', { name: 'Noisy room' })).getByText('Failed')).toBeVisible();
    // Only a calibrated one can be enabled.
    await expect(canvas.queryByRole('button', { name: 'Enable Noisy room' })).toBeNull();
    await tabTo(within(eveningItem).getByRole('button', { name: 'Enable Evening voice' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(eveningItem).getByText('Enabled')).toBeVisible());
    await expect(within(morningItem).queryByText('Enabled')).toBeNull();
    await expect(harness.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
      `/api/v3/calibration/${evening.id}/enable`,
    ]);
    await expect(announced()).toContain('Calibration “Evening voice” enabled; “Morning voice” is turned off.');
  },
};

/** No calibrations yet: the empty state points to a new one. */
export const Empty: Story = {
  loaders: [listAt([])],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/calibrations">
      <CalibrationsPage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No calibrations yet' })).toBeVisible();
    await expect(canvas.getAllByRole('link', { name: 'New calibration' })).toHaveLength(2);
  },
};

/** /calibrations/create from the user's recordings: created, followed to calibrated, then enabled. */
export const CreateFromRecordings: Story = {
  loaders: [
    async (): Promise<Loaded> => ({
      harness: await createHarness({
        path: '/calibrations/create',
        user: testUser(),
        routes: calibrationService([morning]),
      }),
    }),
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/calibrations/create">
      <CreateCalibrationPage />
    </HarnessRouter>
  ),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const canvas = within(canvasElement);
    const name = canvas.getByRole('textbox', { name: 'Calibration name' });
    await tabTo(name);
    await userEvent.keyboard('{Control>}a{/Control}Studio takes');
    await tabTo(canvas.getByRole('radio', { name: 'Record with the microphone' }));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(canvas.getByRole('radio', { name: 'Use my recordings' })).toBeChecked();
    await tabTo(canvas.getByRole('button', { name: 'Create from my recordings' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Calibration “Studio takes” is ready.')).toBeVisible();
    await expect(harness.calls.filter((c) => c.path === '/api/v3/calibration/auto').map((c) => c.body)).toEqual([
      { name: 'Studio takes' },
    ]);
    await tabTo(canvas.getByRole('button', { name: 'Enable Studio takes' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Calibration “Studio takes” enabled: new conversions use it.')).toBeVisible();
    await expect(announced()).toEqual(
      expect.arrayContaining([
        '“Studio takes” uploaded. Analysing your voice…',
        'Calibration “Studio takes” is ready.',
        'Calibration “Studio takes” enabled: new conversions use it.',
      ]),
    );
  },
};
