import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { makeCalibration, testUser, type FakeRoutes } from '../../../api/testing/index.ts';
import type { Calibration } from '../../../api/index.ts';
import { openModal } from '../../../shared/modals/index.ts';
import { registerCalibrationModals } from './register.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * The calibration modals on their own: a button opens each by id through the modal store (as the pages do),
 * over the real API clients and a fake auth service. Keyboard only; the plays check the request the server
 * got, what is announced and toasted, and where focus goes.
 */

const body = () => within(document.body);

async function openByKeyboard(canvasElement: HTMLElement, name: string) {
  const trigger = within(canvasElement).getByRole('button', { name });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  return trigger;
}

async function closedAndFocusBack(trigger: HTMLElement, dialog: HTMLElement) {
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  await waitFor(() => expect(trigger).toHaveFocus());
}

const morning = makeCalibration(1, 'Morning voice', { enabled: true });

interface Loaded {
  harness: Harness;
}

function routes(): FakeRoutes {
  const held: Calibration[] = [structuredClone(morning)];
  return {
    'PATCH /api/v3/calibration/{id}': (call) => {
      const found = held.find((c) => c.id === call.params.id);
      if (!found) return undefined;
      found.name = (call.body as { name: string }).name;
      return { status: 200, body: found };
    },
    'DELETE /api/v3/calibration/{id}': (call) => {
      const at = held.findIndex((c) => c.id === call.params.id);
      if (at < 0) return undefined;
      held.splice(at, 1);
      return { status: 204, body: undefined };
    },
  };
}

const load = async (): Promise<Loaded> => ({
  harness: await createHarness({ path: '/calibrations', user: testUser(), routes: routes() }),
});

/** Opens renameCalibration or deleteCalibration for the calibration shown, and shows what it reported. */
function Opener({ kind }: { kind: 'rename' | 'delete' }) {
  const [calibration, setCalibration] = useState(morning);
  const [gone, setGone] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() =>
          kind === 'rename'
            ? openModal({ id: 'renameCalibration', data: { calibration, onRenamed: setCalibration } })
            : openModal({
                id: 'deleteCalibration',
                data: {
                  calibration,
                  onDeleted: (_c, permanent) => setGone(permanent ? 'deleted permanently' : 'deleted'),
                },
              })
        }
      >
        {kind === 'rename' ? 'Rename calibration' : 'Delete calibration'}
      </Button>
      <p>
        {`Calibration: ${calibration.name}`}
        {gone ? ` (${gone})` : ''}
      </p>
    </>
  );
}

const meta = {
  title: 'Modals/Calibrations',
  beforeEach: () => registerCalibrationModals(),
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function scene(element: () => ReactNode): Pick<Story, 'render'> {
  return {
    render: (_args, { loaded }) => (
      <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/calibrations">
        <main>{element()}</main>
      </HarnessRouter>
    ),
  };
}

const callsTo = (h: Harness, method: string, path: string) =>
  h.calls.filter((c) => c.method === method && c.path === path);

/** renameCalibration: PATCH with the new name, announced; the opener gets the renamed calibration. */
export const RenameCalibration: Story = {
  loaders: [load],
  ...scene(() => <Opener kind="rename" />),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Rename calibration');
    const dialog = await body().findByRole('dialog', { name: 'Rename calibration' });
    const input = within(dialog).getByRole('textbox', { name: 'Calibration name' });
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveValue('Morning voice');
    await userEvent.keyboard('Evening voice{Enter}');
    await closedAndFocusBack(trigger, dialog);
    await expect(callsTo(harness, 'PATCH', `/api/v3/calibration/${morning.id}`).map((c) => c.body)).toEqual([
      { name: 'Evening voice' },
    ]);
    await expect(announced()).toContain('Calibration renamed to Evening voice.');
    await expect(within(canvasElement).getByText('Calibration: Evening voice')).toBeVisible();
  },
};

/** renameCalibration refuses a name outside SPEC.md's rule at the field, sending nothing. */
export const RenameCalibrationRefused: Story = {
  loaders: [load],
  ...scene(() => <Opener kind="rename" />),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    await openByKeyboard(canvasElement, 'Rename calibration');
    const dialog = await body().findByRole('dialog', { name: 'Rename calibration' });
    const input = within(dialog).getByRole('textbox', { name: 'Calibration name' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('Voice #1{Enter}');
    await expect(await within(dialog).findByText(/Must contain only latin letters/)).toBeVisible();
    await expect(callsTo(harness, 'PATCH', `/api/v3/calibration/${morning.id}`)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

/** deleteCalibration: "Delete" is a soft delete (no hard_delete), toasted; the opener hears it went. */
export const DeleteCalibration: Story = {
  loaders: [load],
  ...scene(() => <Opener kind="delete" />),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Delete calibration');
    const dialog = await body().findByRole('alertdialog', { name: 'Delete calibration “Morning voice”?' });
    await expect(dialog).toHaveTextContent('Deleting the enabled calibration leaves none enabled.');
    await tabTo(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const deletes = callsTo(harness, 'DELETE', `/api/v3/calibration/${morning.id}`);
    await expect(deletes.map((c) => c.query.get('hard_delete'))).toEqual(['false']);
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    await expect(
      await within(notifications).findByRole('alertdialog', { name: 'Calibration “Morning voice” deleted.' }),
    ).toBeVisible();
    await expect(within(canvasElement).getByText('Calibration: Morning voice (deleted)')).toBeVisible();
  },
};

/** deleteCalibration: "Delete permanently" sends hard_delete=true. */
export const DeleteCalibrationPermanently: Story = {
  loaders: [load],
  ...scene(() => <Opener kind="delete" />),
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Delete calibration');
    const dialog = await body().findByRole('alertdialog', { name: 'Delete calibration “Morning voice”?' });
    await tabTo(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
    const deletes = callsTo(harness, 'DELETE', `/api/v3/calibration/${morning.id}`);
    await expect(deletes.map((c) => c.query.get('hard_delete'))).toEqual(['true']);
    await expect(within(canvasElement).getByText('Calibration: Morning voice (deleted permanently)')).toBeVisible();
  },
};

function IntroOpener() {
  return (
    <Button variant="secondary" onPress={() => openModal({ id: 'audioSettingsIntro' })}>
      About these settings
    </Button>
  );
}

/** audioSettingsIntro: the recorder's settings explained; OK closes it and focus goes back. */
export const AudioSettingsIntro: Story = {
  loaders: [load],
  ...scene(() => <IntroOpener />),
  play: async ({ canvasElement }) => {
    const trigger = await openByKeyboard(canvasElement, 'About these settings');
    const dialog = await body().findByRole('dialog', { name: 'Audio settings' });
    await expect(dialog).toHaveTextContent('48 kHz, mono, 16-bit');
    await expect(dialog).toHaveTextContent('automatic gain control and noise suppression turned off');
    await tabTo(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger, dialog);
  },
};
