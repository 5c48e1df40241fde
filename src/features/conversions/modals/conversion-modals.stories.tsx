import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button, useModal } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser } from '../../../api/testing/index.ts';
import type { Recording } from '../api/conversions-api.ts';
import {
  conversionsRoutes,
  makeConversion,
  makeOriginal,
  makeVoice,
  type ConversionsState,
} from '../components/story-server.ts';
import { REGENERATION_INTRO_HIDDEN_KEY } from '../conversion-preferences.ts';
import type { DeleteConversionData } from './delete-conversion-modal.tsx';
import type { ErrorInfoData } from './error-info-modal.tsx';
import type { RegenerationSettingsData } from './regeneration-settings-modal.tsx';
import { registerConversionsModals } from './register.ts';
import type { RenameConversionData } from './rename-conversion-modal.tsx';
import type { ReportConversionIssueData } from './report-conversion-issue-modal.tsx';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * Each conversions modal on its own: a button opens it by id through the modal store (as the conversions
 * list does), over the real API clients and a fake marketplace. Keyboard only; what a user notices.
 */

const original = makeOriginal();
const conversion = makeConversion(1, original, 'Ada', 'done');
const failedConversion = makeConversion(2, original, 'Bruno', 'error', { error: 'Worker timed out' });
const voice = makeVoice(1, 'Ada');

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
    conversions: [structuredClone(conversion), structuredClone(failedConversion)],
    voiceDetails: [voice],
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

function RenameOpener() {
  const modal = useModal<RenameConversionData>('renameConversion');
  const [label, setLabel] = useState(conversion.label);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => modal.open({ conversion: { ...conversion, label }, onRenamed: (r) => setLabel(r.label) })}
      >
        Rename Ada
      </Button>
      <p>Label: {label}</p>
    </>
  );
}

function ErrorInfoOpener() {
  const modal = useModal<ErrorInfoData>('errorInfo');
  const [state, setState] = useState<string>(failedConversion.state);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() =>
          modal.open({
            conversion: failedConversion,
            name: 'Bruno, +2 st',
            onRetried: (r: Recording) => setState(r.state),
          })
        }
      >
        What went wrong?
      </Button>
      <p>State: {state}</p>
    </>
  );
}

function RegenerationOpener({ id }: { id: 'regenerationIntro' | 'regenerationSettings' }) {
  const modal = useModal<RegenerationSettingsData>(id);
  const [ordered, setOrdered] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() =>
          modal.open({
            conversion,
            name: 'Ada, +2 st',
            onOrdered: (made) => setOrdered(made.map((c) => c.voice_name).join(', ')),
          })
        }
      >
        Regenerate Ada
      </Button>
      <p>{ordered ? `Ordered: ${ordered}` : 'Nothing ordered'}</p>
    </>
  );
}

function Opener({ name }: { name: unknown }) {
  switch (name) {
    case 'delete':
      return <DeleteOpener />;
    case 'rename':
      return <RenameOpener />;
    case 'errorInfo':
      return <ErrorInfoOpener />;
    case 'regenerationIntro':
    case 'regenerationSettings':
      return <RegenerationOpener id={name} />;
    default:
      return <ReportOpener />;
  }
}

const meta = {
  title: 'Modals/Conversions',
  beforeEach: () => {
    localStorage.removeItem(REGENERATION_INTRO_HIDDEN_KEY);
    return registerConversionsModals();
  },
  render: (_args, { loaded, parameters }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/studio">
      <main>
        <Opener name={parameters.opener} />
      </main>
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
        'POST /api/recordings/{id}/conversion-issue': (call) =>
          call.params.id === conversion.id ? { status: 503, body: { detail: 'Unavailable' } } : undefined,
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

/** renameConversion: the label selected in the field; saved by Enter, announced, the opener told. */
export const RenameConversion: Story = {
  parameters: { opener: 'rename' },
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    const trigger = await openByKeyboard(canvasElement, 'Rename Ada');
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversion' });
    const input = within(dialog).getByRole('textbox', { name: 'Conversion name' });
    await waitFor(() => expect(input).toHaveFocus());
    await expect(input).toHaveValue('Welcome take Ada');
    await userEvent.keyboard('Ada (warm take), v2{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(callsTo(harness, 'PATCH', `/api/recordings/${conversion.id}`)[0]?.body).toEqual({
      label: 'Ada (warm take), v2',
    });
    await expect(within(canvasElement).getByText('Label: Ada (warm take), v2')).toBeVisible();
    await expect(announced()).toContain('The conversion was renamed Ada (warm take), v2.');
  },
};

/** renameConversion: a name against SPEC.md's rule stays at the field and is not sent. */
export const RenameConversionInvalid: Story = {
  parameters: { opener: 'rename' },
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    await openByKeyboard(canvasElement, 'Rename Ada');
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversion' });
    const input = within(dialog).getByRole('textbox', { name: 'Conversion name' });
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.keyboard('--ada_take{Enter}');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Must contain only latin letters, numbers, parenthesis, square brackets, dots or commas, length should be between 1 and 40 characters',
    );
    await expect(callsTo(harness, 'PATCH', `/api/recordings/${conversion.id}`)).toHaveLength(0);
  },
};

/** errorInfo: the error, what it means and what to do; Retry queues it again with the same settings. */
export const ErrorInfoRetry: Story = {
  parameters: { opener: 'errorInfo' },
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    await openByKeyboard(canvasElement, 'What went wrong?');
    const dialog = await screen.findByRole('dialog', { name: 'Why Bruno, +2 st failed' });
    await expect(dialog).toHaveTextContent('The server said: Worker timed out');
    await expect(dialog).toHaveTextContent('Retry it with the same settings.');
    await tabTo(within(dialog).getByRole('button', { name: 'Retry' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(callsTo(harness, 'POST', `/api/v2/orders/retry/${failedConversion.id}`)).toHaveLength(1);
    await expect(within(canvasElement).getByText('State: queued')).toBeVisible();
    await expect(announced()).toContain('Bruno, +2 st is converting again.');
  },
};

/** errorInfo: Report an issue goes on to reportConversionIssue for the same conversion. */
export const ErrorInfoReport: Story = {
  parameters: { opener: 'errorInfo' },
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    await openByKeyboard(canvasElement, 'What went wrong?');
    const dialog = await screen.findByRole('dialog', { name: 'Why Bruno, +2 st failed' });
    await tabTo(within(dialog).getByRole('button', { name: 'Report an issue' }));
    await userEvent.keyboard('{Enter}');
    const report = await screen.findByRole('dialog', { name: 'Report an issue with Bruno, +2 st' });
    await tabTo(within(report).getByRole('textbox', { name: /What is wrong/ }));
    await userEvent.keyboard('It fails every time.');
    await tabTo(within(report).getByRole('button', { name: 'Send report' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(report).not.toBeInTheDocument());
    await expect(callsTo(harness, 'POST', `/api/recordings/${failedConversion.id}/conversion-issue`)[0]?.body).toEqual({
      description: 'It fails every time.',
    });
    await expect(callsTo(harness, 'POST', `/api/v2/orders/retry/${failedConversion.id}`)).toHaveLength(0);
  },
};

/** regenerationIntro: "Don't show again" is kept in local storage; Continue opens regenerationSettings. */
export const RegenerationIntro: Story = {
  parameters: { opener: 'regenerationIntro' },
  loaders: [() => load()],
  play: async ({ canvasElement }) => {
    await openByKeyboard(canvasElement, 'Regenerate Ada');
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate with other settings' });
    await expect(dialog).toHaveTextContent('Ada, +2 st stays as it is');
    const box = within(dialog).getByRole('checkbox', { name: 'Don’t show again' });
    await tabTo(box);
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
    await tabTo(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // In the document before its opening transition has made it visible.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Regenerate Ada, +2 st' })).toBeVisible());
    await expect(localStorage.getItem(REGENERATION_INTRO_HIDDEN_KEY)).toBe('true');
  },
};

/**
 * regenerationSettings: the voice's accents and narration styles (by-ids), the pitch by arrow keys in half
 * semitones; Regenerate orders a new conversion of the same original with them and announces it.
 */
export const RegenerationSettings: Story = {
  parameters: { opener: 'regenerationSettings' },
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loaded as unknown as Loaded;
    await openByKeyboard(canvasElement, 'Regenerate Ada');
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate Ada, +2 st' });
    const slider = await within(dialog).findByRole('slider', { name: /Pitch shift/ });
    await expect(callsTo(harness, 'POST', '/api/v2/voices/by-ids')[0]?.body).toEqual({ voice_ids: [voice.id] });
    await expect(slider).toHaveValue('2');
    await tabTo(slider);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(slider).toHaveValue('3');
    await tabTo(within(dialog).getByRole('radio', { name: 'American English' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(dialog).getByRole('radio', { name: 'British English' })).toBeChecked();
    await tabTo(within(dialog).getByRole('radio', { name: 'Basic' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(dialog).getByRole('radio', { name: 'Warm' })).toBeChecked();
    await tabTo(within(dialog).getByRole('button', { name: 'Regenerate' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(callsTo(harness, 'POST', '/api/v2/orders')[0]?.body).toEqual({
      original_id: original.id,
      conversions: [{ voice_id: voice.id, accent_id: 'en-GB', narration_style_id: 'WARM', semitones_correction: 3 }],
      use_calibration: false,
    });
    await expect(within(canvasElement).getByText('Ordered: Ada')).toBeVisible();
    await expect(announced()).toContain(
      'A new conversion into Ada, +3 st, British English, Warm was ordered. Its progress shows under the original.',
    );
  },
};
