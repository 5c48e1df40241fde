import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, modalStore, type ModalId } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { makeCalibration, testUser } from '../../../api/testing/index.ts';
import type { Voice } from '../api/voices-api.ts';
import { catalogue, voicesRoutes, type VoicesState } from '../components/story-server.ts';
import { EMPTY_VOICE_FILTERS, VOICE_FILTERS_KEY, voiceFiltersStore } from '../voice-filters.store.ts';
import { registerVoicesModals } from './register.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * Each voice modal on its own: a button opens it by id through the modal store (as the pages do), over the
 * real API clients and a fake model manager. The plays use the keyboard only and check what a user notices
 * and what the server got: the request, what is announced, where focus goes.
 */

const body = () => within(document.body);

/** Tabs to the trigger and opens the modal with Enter; resolves with the trigger and the dialog. */
async function openByKeyboard(canvasElement: HTMLElement, name: string, dialogName: string | RegExp) {
  const trigger = within(canvasElement).getByRole('button', { name });
  await tabTo(trigger);
  await userEvent.keyboard('{Enter}');
  const dialog = await body().findByRole('dialog', { name: dialogName });
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return { trigger, dialog };
}

async function closedAndFocusBack(trigger: HTMLElement) {
  await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(trigger).toHaveFocus());
}

const callsTo = (h: Harness, method: string, path: string) =>
  h.calls.filter((c) => c.method === method && c.path === path);

interface Loaded {
  harness: Harness;
  state: VoicesState;
}

async function load(state: VoicesState = { voices: catalogue() }): Promise<Loaded> {
  const harness = await createHarness({ path: '/voices', user: testUser(), routes: voicesRoutes(state) });
  voiceFiltersStore.trigger.reload();
  return { harness, state };
}

/** A page with one button that opens a modal with its data; it shows what the modal reported back. */
function Trigger({
  label,
  id,
  data,
}: {
  label: string;
  id: ModalId;
  data?: (report: (text: string) => void) => unknown;
}) {
  const [report, setReport] = useState('');
  return (
    <main>
      <h1>Voice modals</h1>
      <Button onPress={() => modalStore.trigger.open({ id, data: data?.(setReport) })}>{label}</Button>
      <p role="status">{report}</p>
    </main>
  );
}

const meta = {
  title: 'Features/Voices/Voice modals',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerVoicesModals(),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const frame = (loaded: Record<string, unknown>, trigger: ReactNode) => (
  <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/voices">
    {trigger}
  </HarnessRouter>
);

const ada = (state: VoicesState) => state.voices[0] as Voice;

const settingsTrigger = (loaded: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  frame(
    loaded,
    <Trigger
      label="Open voice settings"
      id="voiceSettings"
      data={(report) => ({
        voice: ada((loaded as unknown as Loaded).state),
        onSaved: (voice: Voice) =>
          report(
            `Saved ${voice.settings?.accent_id} ${voice.settings?.narration_style_id} ${voice.settings?.semitones_correction}`,
          ),
        ...extra,
      })}
    />,
  );

/**
 * voiceSettings: the accent and narration style by arrow keys, the pitch by half semitones with the arrow
 * keys, saved with Enter on Save; the server gets exactly that, it is announced, and focus returns.
 */
export const VoiceSettings: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) => settingsTrigger(loaded),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'Open voice settings', 'Settings for Ada');
    const inDialog = within(dialog);
    await expect(inDialog.getByRole('radio', { name: 'American English (default)' })).toBeChecked();
    await expect(inDialog.getByRole('radio', { name: 'Basic (default)' })).toBeChecked();

    await tabTo(inDialog.getByRole('radio', { name: 'American English (default)' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(inDialog.getByRole('radio', { name: 'British English' })).toBeChecked();
    await tabTo(inDialog.getByRole('radio', { name: 'Basic (default)' }));
    await userEvent.keyboard('{ArrowDown}');
    await expect(inDialog.getByRole('radio', { name: 'Warm' })).toBeChecked();
    const slider = inDialog.getByRole('slider', { name: /Pitch shift in semitones/ });
    await tabTo(slider);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(slider).toHaveAttribute('aria-valuetext', '+2.5');
    await tabTo(inDialog.getByRole('button', { name: 'Save settings' }));
    await userEvent.keyboard('{Enter}');

    await closedAndFocusBack(trigger);
    await expect(callsTo(h, 'POST', '/api/v2/voices/settings').map((c) => c.body)).toEqual([
      {
        voice_id: ada((loaded as unknown as Loaded).state).id,
        accent_id: 'en-GB',
        narration_style_id: 'WARM',
        semitones_correction: 2.5,
      },
    ]);
    await expect(announced()).toContain('Settings for Ada saved: British English, Warm, +2.5 semitones.');
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Saved en-GB WARM 2.5');
  },
};

/**
 * With an enabled, analysed calibration (median 120 Hz) and Ada at 190.5 Hz with her own +2 offset: the dialog
 * says the user's voice is 8 st below Ada and suggests +6 (8 less her offset); applying it by keyboard sets the
 * slider, is announced, and Save sends it.
 */
export const VoiceSettingsSuggestedPitch: Story = {
  loaders: [
    () => {
      const voices = catalogue();
      voices[0] = { ...voices[0]!, pitch: 190.5, pitch_offset_semitones: 2 };
      return load({
        voices,
        calibrations: [
          makeCalibration(1, 'Desk mic', { enabled: false, median_f0_hz: 95 }),
          makeCalibration(2, 'Studio', { enabled: true, median_f0_hz: 120 }),
        ],
      });
    },
  ],
  render: (_args, { loaded }) => settingsTrigger(loaded),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { dialog } = await openByKeyboard(canvasElement, 'Open voice settings', 'Settings for Ada');
    const inDialog = within(dialog);
    // Visible once the dialog's entrance has settled (found in the DOM a frame before, under load).
    await waitFor(() => expect(inDialog.getByText('Your voice is 8 st below Ada: suggested +6')).toBeVisible());
    const slider = inDialog.getByRole('slider', { name: /Pitch shift in semitones/ });
    await expect(slider).toHaveAttribute('aria-valuetext', '0');

    const apply = inDialog.getByRole('button', { name: 'Apply suggested +6' });
    await tabTo(apply);
    await userEvent.keyboard('{Enter}');
    await expect(slider).toHaveAttribute('aria-valuetext', '+6');
    await waitFor(() => expect(announced()).toContain('Pitch shift set to the suggested +6 semitones.'));
    // Focus stays on the button: the keyboard goes on from where it was.
    await expect(apply).toHaveFocus();

    await tabTo(inDialog.getByRole('button', { name: 'Save settings' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(
      callsTo(h, 'POST', '/api/v2/voices/settings').map(
        (c) => (c.body as { semitones_correction: number }).semitones_correction,
      ),
    ).toEqual([6]);
  },
};

/** An enabled calibration still processing has no measured pitch: nothing is suggested. */
export const VoiceSettingsCalibrationProcessing: Story = {
  loaders: [
    () =>
      load({
        voices: catalogue(),
        calibrations: [makeCalibration(1, 'Studio', { enabled: true, status: 'processing', median_f0_hz: null })],
      }),
  ],
  render: (_args, { loaded }) => settingsTrigger(loaded),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { dialog } = await openByKeyboard(canvasElement, 'Open voice settings', 'Settings for Ada');
    await waitFor(() => expect(callsTo(h, 'GET', '/api/v3/calibration')).toHaveLength(1));
    await expect(within(dialog).queryByText(/Your voice is/)).toBeNull();
    await expect(within(dialog).queryByRole('button', { name: /Apply suggested/ })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** A pitch the server refuses: the error is shown and described at the slider, announced, and the dialog stays. */
export const VoiceSettingsFieldError: Story = {
  loaders: [
    () =>
      load({
        voices: catalogue(),
        overrides: {
          'POST /api/v2/voices/settings': {
            status: 422,
            body: {
              detail: 'body/semitones_correction must be <= 24',
              field: 'body/semitones_correction',
            },
          },
        },
      }),
  ],
  render: (_args, { loaded }) => settingsTrigger(loaded),
  play: async ({ canvasElement }) => {
    const { dialog } = await openByKeyboard(canvasElement, 'Open voice settings', 'Settings for Ada');
    const inDialog = within(dialog);
    const slider = inDialog.getByRole('slider', { name: /Pitch shift in semitones/ });
    await tabTo(slider);
    await userEvent.keyboard('{End}');
    await expect(slider).toHaveAttribute('aria-valuetext', '+24');
    await tabTo(inDialog.getByRole('button', { name: 'Save settings' }));
    await userEvent.keyboard('{Enter}');

    const message = 'Choose a shift from −24 to +24 in half semitones.';
    await waitFor(() => expect(announced()).toContain(message));
    await expect(slider).toHaveAccessibleDescription(new RegExp(message.replace(/[.+]/g, '\\$&')));
    await waitFor(() => expect(body().getByRole('dialog', { name: 'Settings for Ada' })).toBeVisible());
    await expect(inDialog.getByRole('button', { name: 'Save settings' })).toHaveFocus();
  },
};

/** Text-to-speech in French: SPEC.md section 5 leaves the basic narration style only. */
export const VoiceSettingsNonEnglishTts: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) => settingsTrigger(loaded, { ttsLanguage: 'fr' }),
  play: async ({ canvasElement }) => {
    const { dialog } = await openByKeyboard(canvasElement, 'Open voice settings', 'Settings for Ada');
    const styles = within(within(dialog).getByRole('radiogroup', { name: 'Narration style' })).getAllByRole('radio');
    await expect(styles.map((r) => r.getAttribute('value'))).toEqual(['BASIC']);
    await waitFor(() => expect(within(dialog).getByText(/uses the basic narration style only/)).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** voicesFilters: female voices with a British accent, applied with Enter, kept in local storage. */
export const VoicesFilters: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) =>
    frame(loaded, <Trigger label="Open voice filters" id="voicesFilters" data={() => ({})} />),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'Open voice filters', 'Filter voices');
    const inDialog = within(dialog);
    const female = inDialog.getByRole('checkbox', { name: 'Female' });
    await tabTo(female);
    await userEvent.keyboard(' ');
    await expect(female).toBeChecked();
    const british = await inDialog.findByRole('checkbox', { name: /British English/ });
    // The accent's flag is a picture of the flag set beside the written name, hidden from the name.
    await expect(british).toHaveAccessibleName('British English');
    await expect(dialog.querySelector('[data-region="GB"] img')).toHaveAttribute('alt', '');
    await expect(dialog.textContent).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    await tabTo(british);
    await userEvent.keyboard(' ');
    await tabTo(inDialog.getByRole('button', { name: 'Apply' }));
    await userEvent.keyboard('{Enter}');

    await closedAndFocusBack(trigger);
    await expect(voiceFiltersStore.getSnapshot().context).toEqual({
      ...EMPTY_VOICE_FILTERS,
      gender: ['female'],
      locales: ['en-GB'],
    });
    await expect(JSON.parse(localStorage.getItem(VOICE_FILTERS_KEY) ?? '{}')).toMatchObject({
      gender: ['female'],
      locales: ['en-GB'],
    });
    await expect(announced()).toContain('2 filters applied.');
    await expect(callsTo(h, 'GET', '/api/v2/accent-infos')).toHaveLength(1);
    await expect(callsTo(h, 'GET', '/api/v2/narration-style-tags/groups')).toHaveLength(1);
  },
};

/** accentInfo: the accent's country, language and how many voices speak with it; closed with Enter. */
export const AccentInfo: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) =>
    frame(loaded, <Trigger label="About the accent" id="accentInfo" data={() => ({ locale: 'en-GB' })} />),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'About the accent', 'British English');
    const inDialog = within(dialog);
    await waitFor(() => expect(inDialog.getByRole('img', { name: 'Flag of United Kingdom' })).toBeVisible());
    await expect(inDialog.getByRole('img', { name: 'Flag of United Kingdom' }).getAttribute('src')).toMatch(
      /\/gb[^/]*\.svg/,
    );
    await expect(dialog).toHaveTextContent('CountryUnited Kingdom');
    await expect(dialog).toHaveTextContent('LanguageEnglish');
    const count = await inDialog.findByText('4 voices speak with the British English accent.');
    await waitFor(() => expect(count).toBeVisible());
    const countCall = callsTo(h, 'GET', '/api/v2/voices')[0]!;
    await expect(Object.fromEntries(countCall.query)).toEqual({ locales: 'en-GB', limit: '1' });
    await tabTo(inDialog.getByRole('button', { name: 'Got it' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger);
  },
};

const multipartField = (raw: unknown, name: string) =>
  new RegExp(`name="${name}"\\r?\\n\\r?\\n([^\\r\\n]*)`).exec(String(raw))?.[1];

/** howToRequestKidsVoices: the request is written and sent by keyboard, as a help request. */
export const HowToRequestKidsVoices: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) =>
    frame(loaded, <Trigger label="Kids voices" id="howToRequestKidsVoices" data={() => ({ voiceName: 'Dot' })} />),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'Kids voices', 'How to request kids voices');
    const inDialog = within(dialog);
    await expect(dialog).toHaveTextContent('Dot is a kids voice.');
    await tabTo(inDialog.getByRole('textbox', { name: /About your project/ }));
    await userEvent.keyboard('A bedtime story podcast for children aged 4 to 7.');
    await tabTo(inDialog.getByRole('button', { name: 'Send request' }));
    await userEvent.keyboard('{Enter}');

    await closedAndFocusBack(trigger);
    const sent = callsTo(h, 'POST', '/api/v3/feedback');
    await expect(sent).toHaveLength(1);
    await expect(multipartField(sent[0]!.body, 'type')).toBe('help');
    await expect(multipartField(sent[0]!.body, 'topic')).toBe('Kids voices');
    await expect(multipartField(sent[0]!.body, 'description')).toBe(
      'A bedtime story podcast for children aged 4 to 7.',
    );
    await expect(announced()).toContain('Feedback submitted successfully');
  },
};

/** A request that fails keeps the dialog open with SPEC.md's message, announced; nothing typed is lost. */
export const HowToRequestKidsVoicesFailure: Story = {
  loaders: [
    () =>
      load({
        voices: catalogue(),
        overrides: { 'POST /api/v3/feedback': { status: 500, body: { detail: 'Mail relay down' } } },
      }),
  ],
  render: (_args, { loaded }) => frame(loaded, <Trigger label="Kids voices" id="howToRequestKidsVoices" />),
  play: async ({ canvasElement }) => {
    const { dialog } = await openByKeyboard(canvasElement, 'Kids voices', 'How to request kids voices');
    const inDialog = within(dialog);
    const field = inDialog.getByRole('textbox', { name: /About your project/ });
    await tabTo(field);
    await userEvent.keyboard('School radio drama');
    await tabTo(inDialog.getByRole('button', { name: 'Send request' }));
    await userEvent.keyboard('{Enter}');
    const message = 'Something went wrong while trying to update feedback';
    await waitFor(() => expect(announced()).toContain(message));
    await waitFor(() => expect(inDialog.getByText(message)).toBeVisible());
    await expect(field).toHaveValue('School radio drama');
  },
};

/** customVoice: what a custom voice is, and the request for one sent by keyboard. */
export const CustomVoice: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) => frame(loaded, <Trigger label="Custom voice" id="customVoice" />),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'Custom voice', 'Request a custom voice');
    const inDialog = within(dialog);
    await tabTo(inDialog.getByRole('button', { name: 'Send request' }));
    await userEvent.keyboard('{Enter}');
    // Required: nothing is sent without a description, and the field says why.
    const field = inDialog.getByRole('textbox', { name: /About the voice you need/ });
    await waitFor(() => expect(field).toHaveFocus());
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(callsTo(h, 'POST', '/api/v3/feedback')).toHaveLength(0);
    await userEvent.keyboard('My own voice for audiobooks, English and French.');
    await tabTo(inDialog.getByRole('button', { name: 'Send request' }));
    await userEvent.keyboard('{Enter}');

    await closedAndFocusBack(trigger);
    const sent = callsTo(h, 'POST', '/api/v3/feedback');
    await expect(multipartField(sent[0]!.body, 'topic')).toBe('Custom voice');
    await expect(announced()).toContain('Feedback submitted successfully');
  },
};

/** voiceUpgradePlan for a voice: SPEC.md's "Unlock Extra Voice", and Upgrade plan leads to the plan page. */
export const VoiceUpgradePlan: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) =>
    frame(
      loaded,
      <Trigger label="Use Echo" id="voiceUpgradePlan" data={() => ({ reason: 'voice', voiceName: 'Echo' })} />,
    ),
  play: async ({ canvasElement, loaded }) => {
    const h = (loaded as unknown as Loaded).harness;
    const { dialog } = await openByKeyboard(canvasElement, 'Use Echo', 'Unlock Extra Voice');
    await expect(dialog).toHaveTextContent('Upgrade your plan to use Echo, a higher-tier voice, plus 100+ others.');
    const upgrade = within(dialog).getByRole('link', { name: 'Upgrade plan' });
    await expect(upgrade).toHaveAttribute('href', '/account/plan');
    await tabTo(upgrade);
    await userEvent.keyboard('{Enter}');
    await expect(await body().findByText('Now at /account/plan')).toBeVisible();
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    // Nothing was asked of the voices or orders (the session and the plan load as every signed-in page does).
    const own = (path: string) => !['/api/v3/auth', '/api/v3/subscriptions', '/api/v3/credits'].includes(path);
    await expect(h.calls.filter((c) => own(c.path))).toEqual([]);
  },
};

/** voiceUpgradePlan for an accent: "Discover New Accent!"; Not now closes it. */
export const VoiceUpgradePlanAccent: Story = {
  loaders: [() => load()],
  render: (_args, { loaded }) =>
    frame(
      loaded,
      <Trigger
        label="Use the accent"
        id="voiceUpgradePlan"
        data={() => ({ reason: 'accent', voiceName: 'Ada', accentName: 'British English' })}
      />,
    ),
  play: async ({ canvasElement }) => {
    const { trigger, dialog } = await openByKeyboard(canvasElement, 'Use the accent', 'Discover New Accent!');
    await expect(dialog).toHaveTextContent('Upgrade your plan to use Ada with the British English accent');
    await tabTo(within(dialog).getByRole('button', { name: 'Not now' }));
    await userEvent.keyboard('{Enter}');
    await closedAndFocusBack(trigger);
  },
};
