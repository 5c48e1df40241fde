import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, modalStore, toastStore, type ModalId } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { LAST_USED_VOICES_KEY, lastUsedVoicesStore } from '../../../machines/index.ts';
import {
  BASIC_STYLE,
  makeAccent,
  makeRecording,
  makeVoice,
  testUser,
  type FakeAnswer,
} from '../../../api/testing/index.ts';
import { registerBillingModals } from '../../billing/modals/index.ts';
import { registerTtsModals } from './register.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * The text-to-speech modals on their own: a button opens each by id through the modal store (as a page
 * does), over the real API clients and a fake marketplace and model manager. The plays use the keyboard only
 * and check what a user notices and what the server got.
 */

const PROJECT_ID = '0d6f3a7e-2d5b-4a43-9a1e-6f0f6a0b1c01';
const FOLDER_ID = '0d6f3a7e-2d5b-4a43-9a1e-6f0f6a0b1c02';
const MODERATION = 'Oops! Your content doesn’t meet our moderation guidelines.';

const voice = (id: string, name: string, created_at: string) =>
  makeVoice(1, name, {
    id,
    pitch: 180,
    created_at,
    accents: [makeAccent('en-US', 'American English', 'US', true)],
    narration_styles: [BASIC_STYLE],
  });

const CATALOGUE = [voice('ada', 'Ada', '2025-01-01T00:00:00Z'), voice('bea', 'Bea', '2025-01-02T00:00:00Z')];
const TTS_VOICES = [
  { id: 'en-us-f', name: 'English US', language: 'English', locale: 'en-US', gender: 'female', voice_id: null },
  { id: 'en-us-m', name: 'English US 2', language: 'English', locale: 'en-US', gender: 'male', voice_id: null },
  { id: 'fr-fr-f', name: 'French', language: 'French', locale: 'fr-FR', gender: 'female', voice_id: null },
  { id: 'de-de-f', name: 'German', language: 'German', locale: 'de-DE', gender: 'female', voice_id: null },
];

/** Bea was used last: the composer starts on her. */
const LAST_USED = {
  [String(Date.parse('2025-03-01T10:00:00Z'))]: {
    id: 'bea',
    name: 'Bea',
    thumbnail: null,
    pitch: 0,
    accent: 'en-US',
    accentName: 'American English',
    isDefault: true,
    narrationStyle: 'BASIC',
    narrationStyleName: 'Basic',
    isDefaultNarrationStyle: true,
    labelAccent: 'US',
    labelNarrationStyle: 'Basic',
    isVoiceTalent: false,
  },
};

const body = () => within(document.body);
const ttsCalls = (h: Harness) => h.calls.filter((c) => c.method === 'POST' && c.path === '/api/v2/recordings/tts');

/** Tabs to the trigger and opens the modal with Enter; resolves with the trigger and the dialog. */
async function openByKeyboard(canvasElement: HTMLElement, name: string, dialogName: string | RegExp) {
  const trigger = within(canvasElement).getByRole('button', { name });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  const dialog = await body().findByRole('dialog', { name: dialogName });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { trigger, dialog };
}

/** Opens the composer and waits for the voices and languages to arrive. */
async function openComposer(canvasElement: HTMLElement) {
  const opened = await openByKeyboard(canvasElement, 'Type text instead', 'Type text instead');
  const inDialog = within(opened.dialog);
  await waitFor(() => expect(inDialog.getByRole('combobox', { name: 'Voice' })).toBeEnabled());
  await waitFor(() => expect(inDialog.getByRole('combobox', { name: 'Voice' })).toHaveValue('Bea'));
  return { ...opened, inDialog };
}

interface Loaded {
  harness: Harness;
}

function load(create: FakeAnswer<'POST /api/v2/recordings/tts'>, trial = false) {
  return async (): Promise<Loaded> => {
    const harness = await createHarness({
      path: '/tts',
      user: testUser({
        stripe: trial
          ? { subscription_status: 'trialing', trial: true }
          : { subscription_status: 'active', subscription_category: 'creator' },
      }),
      storage: { [LAST_USED_VOICES_KEY]: JSON.stringify(LAST_USED) },
      routes: {
        'GET /api/tts-voices': { status: 200, body: { items: TTS_VOICES } },
        'GET /api/v2/voices': { status: 200, body: { items: CATALOGUE, total: 2, offset: 0, limit: 100 } },
        'POST /api/v2/recordings/tts': create,
      },
    });
    lastUsedVoicesStore.trigger.reload();
    return { harness };
  };
}

/** A page with one button that opens a modal with its data; it shows what the modal reported back. */
function Trigger({ label, id, data }: { label: string; id: ModalId; data?: (report: (t: string) => void) => unknown }) {
  const [report, setReport] = useState('');
  return (
    <main>
      <h1>Text to speech</h1>
      <Button onPress={() => modalStore.trigger.open({ id, data: data?.(setReport) })}>{label}</Button>
      <p role="status">{report}</p>
    </main>
  );
}

const frame = (loaded: Record<string, unknown>, trigger: ReactNode) => (
  <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/tts">
    {trigger}
  </HarnessRouter>
);

const composer = (loaded: Record<string, unknown>) =>
  frame(
    loaded,
    <Trigger
      label="Type text instead"
      id="recordingTts"
      data={(report) => ({
        projectId: PROJECT_ID,
        folderId: FOLDER_ID,
        onCreated: (recording: { id: string; label: string }) => report(`Created ${recording.label}`),
      })}
    />,
  );

const meta = {
  title: 'Features/TTS/TTS modals',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    // A refused text opens the app's one upgrade prompt, which the billing feature registers.
    const undo = [registerTtsModals(), registerBillingModals()];
    return () => undo.forEach((fn) => fn());
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const created: FakeAnswer<'POST /api/v2/recordings/tts'> = {
  status: 202,
  body: makeRecording({ id: 'rec-1', label: 'Hello there', type: 'original', tts: true, state: 'queued' }),
};

/**
 * On trial the counter reads against 500: near the limit it is announced politely, over it the reason shows
 * at the text field and "Create speech" is disabled; back under, it can be created again.
 */
export const TrialCounterOverLimit: Story = {
  loaders: [load(created, true)],
  render: (_args, { loaded }) => composer(loaded),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { inDialog } = await openComposer(canvasElement);
    const counter = inDialog.getByTestId('tts-counter');
    await expect(counter).toHaveTextContent('0 / 500');
    const text = inDialog.getByRole('textbox', { name: 'Text' });
    await tabTo(text);
    await userEvent.paste('a'.repeat(460));
    await expect(counter).toHaveTextContent('460 / 500');
    await waitFor(() => expect(announced()).toContain('40 characters left of 500.'));
    await userEvent.paste('b'.repeat(41));
    await expect(counter).toHaveTextContent('501 / 500');
    await waitFor(() => expect(announced()).toContain('Over the 500-character limit.'));
    await expect(text).toHaveAttribute('aria-invalid', 'true');
    await expect(
      inDialog.getByText("The text is 1 character over your plan's 500-character limit. Shorten it to create speech."),
    ).toBeVisible();
    await expect(inDialog.getByRole('button', { name: 'Create speech' })).toBeDisabled();

    await userEvent.keyboard('{Backspace}');
    await expect(counter).toHaveTextContent('500 / 500');
    await waitFor(() => expect(announced()).toContain('Within the limit: 500 of 500 characters.'));
    await expect(inDialog.getByRole('button', { name: 'Create speech' })).toBeEnabled();
    await expect(ttsCalls(h)).toHaveLength(0);
  },
};

/**
 * A paid user writes 1 000-plus characters in French for Bea (the last-used voice): the server gets exactly
 * that, it is announced and toasted, the opener hears of the new original, and the modal closes.
 */
export const CreatesSpeech: Story = {
  loaders: [load(created)],
  render: (_args, { loaded }) => composer(loaded),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { trigger, inDialog } = await openComposer(canvasElement);
    await expect(inDialog.getByTestId('tts-counter')).toHaveTextContent('0 / 10000');

    const language = inDialog.getByRole('button', { name: /Language of the text/ });
    await tabTo(language);
    await expect(language).toHaveTextContent('English (en-US)');
    await userEvent.keyboard('{Enter}');
    const french = await body().findByRole('option', { name: 'French (fr-FR)' });
    await waitFor(() => expect(body().getByRole('listbox')).toBeVisible());
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(french).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(language).toHaveTextContent('French (fr-FR)'));
    await expect(inDialog.getByText('This language uses the Basic narration style only.')).toBeVisible();

    const text = inDialog.getByRole('textbox', { name: 'Text' });
    await tabTo(text);
    const words = `Bonjour à tous. ${'La voix est claire. '.repeat(60)}`.trim();
    await userEvent.paste(words);
    await expect(inDialog.getByTestId('tts-counter')).toHaveTextContent(`${words.length} / 10000`);

    await tabTo(inDialog.getByRole('button', { name: 'Create speech' }));
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(ttsCalls(h).map((c) => c.body)).toEqual([
      { project_id: PROJECT_ID, parent_folder_id: FOLDER_ID, text: words, text_language: 'fr-FR', voice_id: 'bea' },
    ]);
    await expect(announced()).toContain('Your text is being turned into speech in Bea.');
    await expect(toastStore.getSnapshot().context.toasts.map((t) => t.message)).toContain(
      'Your text is being turned into speech in Bea.',
    );
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Created Hello there');
  },
};

/** The daily request limit: 429 opens ttsRequestsLimit with SPEC.md's words; "Got It" goes back to the text. */
export const DailyLimitReached: Story = {
  loaders: [
    load({
      status: 429,
      headers: { 'Retry-After': '43200' },
      body: { detail: { message: 'Daily TTS request limit reached', retry_after: 43200, limit: 100 } },
    }),
  ],
  render: (_args, { loaded }) => composer(loaded),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { inDialog } = await openComposer(canvasElement);
    await tabTo(inDialog.getByRole('textbox', { name: 'Text' }));
    await userEvent.paste('Hello there');
    await tabTo(inDialog.getByRole('button', { name: 'Create speech' }));
    await userEvent.keyboard('{Enter}');

    const limit = await body().findByRole('dialog', { name: 'Daily Limit Reached' });
    const inLimit = within(limit);
    await waitFor(() => expect(limit).toBeVisible());
    await expect(
      inLimit.getByText(
        "You've hit your daily 100-request limit for Text-To-Speech (TTS) conversions, but You can still use Speech-To-Speech (STS) conversion.",
      ),
    ).toBeVisible();
    await expect(inLimit.getByText('Daily Limit will be reset in 12h 0m')).toBeVisible();
    const gotIt = inLimit.getByRole('button', { name: 'Got It' });
    await tabTo(gotIt);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog', { name: 'Daily Limit Reached' })).toBeNull());
    await expect(body().getByRole('dialog', { name: 'Type text instead' })).toBeVisible();
    await expect(ttsCalls(h)).toHaveLength(1);
  },
};

/** Text that fails moderation: the server's message shows at the text field, which is marked invalid. */
export const ModerationRefused: Story = {
  loaders: [load({ status: 422, body: { detail: MODERATION, field: 'body/text' } })],
  render: (_args, { loaded }) => composer(loaded),
  play: async ({ canvasElement }) => {
    const { inDialog } = await openComposer(canvasElement);
    const text = inDialog.getByRole('textbox', { name: 'Text' });
    await tabTo(text);
    await userEvent.paste('Something unkind');
    await tabTo(inDialog.getByRole('button', { name: 'Create speech' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    await expect(inDialog.getByText(MODERATION)).toBeVisible();
    await expect(text).toHaveAccessibleDescription(expect.stringContaining(MODERATION));
    await expect(announced()).toContain(MODERATION);
    await expect(body().getByRole('dialog', { name: 'Type text instead' })).toBeVisible();
  },
};

/** The plan refuses the text (402 out_of_characters): the upgrade prompt opens with that reason's own words. */
export const UpgradeRequired: Story = {
  loaders: [load({ status: 402, body: { detail: 'Out of characters', reason: 'out_of_characters' } })],
  render: (_args, { loaded }) => composer(loaded),
  play: async ({ canvasElement }) => {
    const { inDialog } = await openComposer(canvasElement);
    await tabTo(inDialog.getByRole('textbox', { name: 'Text' }));
    await userEvent.paste('Hello there');
    await tabTo(inDialog.getByRole('button', { name: 'Create speech' }));
    await userEvent.keyboard('{Enter}');
    const upgrade = await body().findByRole('dialog', { name: 'Out of Characters! Upgrade Now' });
    await waitFor(() => expect(upgrade).toBeVisible());
    await expect(upgrade).toHaveTextContent(
      'You have used the text-to-speech characters of your plan. Upgrade for more characters.',
    );
    await expect(within(upgrade).getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/account/plan');
    await expect(modalStore.getSnapshot().context.upgradePlan).toEqual({
      open: true,
      data: { reason: 'out_of_characters' },
    });
  },
};

/** ttsRequestsLimit on its own, opened with a limit and a reset time that is not the default. */
export const RequestsLimitModal: Story = {
  loaders: [load(created)],
  render: (_args, { loaded }) =>
    frame(
      loaded,
      <Trigger label="Show the daily limit" id="ttsRequestsLimit" data={() => ({ limit: 50, retryAfter: 5400 })} />,
    ),
  play: async ({ canvasElement }) => {
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'Show the daily limit', 'Daily Limit Reached');
    await waitFor(() => expect(dialog).toBeVisible());
    await expect(within(dialog).getByText(/your daily 50-request limit/)).toBeVisible();
    await expect(within(dialog).getByText('Daily Limit will be reset in 1h 30m')).toBeVisible();
    await tabTo(within(dialog).getByRole('button', { name: 'Got It' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
