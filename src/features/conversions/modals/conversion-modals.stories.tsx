import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog, Button, useModal } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser } from '../../../machines/testing.ts';
import { conversionsRoutes, makeConversion, makeOriginal, type ConversionsState } from '../components/story-server.ts';
import type { DeleteConversionData } from './delete-conversion-modal.tsx';
import { registerConversionsModals } from './register.ts';
import type { ReportConversionIssueData } from './report-conversion-issue-modal.tsx';

/**
 * Each conversions modal on its own: a button opens it by id through the modal store (as the conversions
 * list does), over the real API clients and a fake marketplace. Keyboard only; what a user notices.
 */

const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);
const original = makeOriginal();
const conversion = makeConversion(1, original, 'Ada', 'done');

async function tabTo(element: HTMLElement, max = 20) {
  for (let i = 0; i < max && document.activeElement !== element; i++) await userEvent.tab();
  await expect(element).toHaveFocus();
}

async function openByKeyboard(canvasElement: HTMLElement, name: string) {
  const trigger = within(canvasElement).getByRole('button', { name });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  return trigger;
}

async function toasted(message: string) {
  const notifications = await screen.findByRole('region', { name: 'Notifications' });
  await expect(await within(notifications).findByRole('alertdialog', { name: message })).toBeVisible();
}

interface Loaded {
  harness: Harness;
  state: ConversionsState;
}

async function load(overrides: ConversionsState['overrides'] = {}): Promise<Loaded> {
  const state: ConversionsState = {
    originals: [original],
    conversions: [structuredClone(conversion)],
    overrides,
  };
  const harness = await createHarness({ path: '/studio', user: testUser(), routes: conversionsRoutes(state) });
  return { harness, state };
}

const callsTo = (h: Harness, method: string, path: string) =>
  h.calls.filter((c) => c.method === method && c.path === path);

function ReportOpener() {
  const modal = useModal<ReportConversionIssueData>('reportConversionIssue');
  return (
    <Button variant="secondary" onPress={() => modal.open({ conversion, name: 'Ada, +2 st' })}>
      Report an issue
    </Button>
  );
}

function DeleteOpener() {
  const modal = useModal<DeleteConversionData>('deleteConversion');
  const [gone, setGone] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() =>
          modal.open({
            conversion,
            name: 'Ada, +2 st',
            onDeleted: (permanent) => setGone(permanent ? 'deleted permanently' : 'deleted'),
          })
        }
      >
        Delete Ada
      </Button>
      <p>{gone ? `Ada, +2 st (${gone})` : 'Ada, +2 st'}</p>
    </>
  );
}

const meta = {
  title: 'Modals/Conversions',
  beforeEach: () => registerConversionsModals(),
  render: (_args, { loaded, parameters }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/studio">
      <main>{parameters.opener === 'delete' ? <DeleteOpener /> : <ReportOpener />}</main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** reportConversionIssue: a description is required; sent, the dialog closes with thanks. */
export const ReportConversionIssue: Story = {
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Report an issue');
    const dialog = await screen.findByRole('dialog', { name: 'Report an issue with Ada, +2 st' });
    const field = within(dialog).getByRole('textbox', { name: /What is wrong/ });
    await expect(field).toBeRequired();
    await tabTo(field);
    await userEvent.keyboard('A word is garbled at 0:12.');
    await tabTo(within(dialog).getByRole('button', { name: 'Send report' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(callsTo(harness, 'POST', `/api/recordings/${conversion.id}/conversion-issue`)[0]?.body).toEqual({
      description: 'A word is garbled at 0:12.',
    });
    await toasted('Thank you: your report about Ada, +2 st was sent.');
  },
};

/** The report fails: SPEC.md section 8's message, at the bottom and in the dialog, which stays open. */
export const ReportConversionIssueFails: Story = {
  loaders: [
    () =>
      load({
        [`POST /api/recordings/${conversion.id}/conversion-issue`]: { status: 503, body: { detail: 'Unavailable' } },
      }),
  ],
  play: async ({ canvasElement }) => {
    await openByKeyboard(canvasElement, 'Report an issue');
    const dialog = await screen.findByRole('dialog', { name: 'Report an issue with Ada, +2 st' });
    await tabTo(within(dialog).getByRole('textbox', { name: /What is wrong/ }));
    await userEvent.keyboard('It stops after two seconds.');
    await tabTo(within(dialog).getByRole('button', { name: 'Send report' }));
    await userEvent.keyboard('{Enter}');
    const message = 'Something went wrong while trying report a conversion issue';
    await toasted(message);
    await expect(within(dialog).getByText(message)).toBeVisible();
    await expect(announced()).toContain(message);
    await expect(within(dialog).getByRole('textbox', { name: /What is wrong/ })).toHaveValue(
      'It stops after two seconds.',
    );
  },
};

/** deleteConversion: an alert dialog with Delete and Delete permanently; the opener is told and it is toasted. */
export const DeleteConversion: Story = {
  parameters: { opener: 'delete' },
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    await openByKeyboard(canvasElement, 'Delete Ada');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the conversion Ada, +2 st?' });
    await expect(dialog).toHaveTextContent('The converted audio goes; the original stays.');
    await tabTo(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(await within(canvasElement).findByText('Ada, +2 st (deleted permanently)')).toBeVisible();
    await expect(callsTo(harness, 'DELETE', `/api/recordings/${conversion.id}`)[0]?.query.get('hard_delete')).toBe(
      'true',
    );
    await toasted('The conversion Ada, +2 st was deleted permanently.');
  },
};
