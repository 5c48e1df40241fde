import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, type ModalId } from '../../../../design-system/index.ts';
import type { LiveEvent } from '../../../api/index.ts';
import { makeRecording, testUser } from '../../../api/testing/index.ts';
import type { FakeRoutes } from '../../../api/testing/index.ts';
import { liveEventBus } from '../../../machines/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { useModal } from '../../../shared/modals/index.ts';
import { FeatureFlagsProvider } from '../../../shared/feature-flags/feature-flags.tsx';
import { staticFlags } from '../../../shared/feature-flags/flags.ts';
import { NpsSurveyPrompt } from '../nps-prompt.tsx';
import { NPS_ASKED_KEY } from '../nps-trigger-runtime.ts';
import { registerAccountModals } from './register.ts';
import { tabTo } from '../../../../design-system/testing/index.ts';

/**
 * The account modals on their own, each opened by id through the modal store from a button reached by Tab and
 * pressed with Enter, in the app's router with a signed-in user over a fake server typed from the contract.
 */

const body = () => within(document.body);

async function openByKeyboard(
  canvasElement: HTMLElement,
  label: string,
  role: 'dialog' | 'alertdialog',
  title: string,
) {
  await tabTo(within(canvasElement).getByRole('button', { name: label }));
  await userEvent.keyboard('{Enter}');
  return body().findByRole(role, { name: title });
}

function Opener({ id, label, data }: { id: ModalId; label: string; data?: unknown }) {
  const modal = useModal(id as 'getHelp');
  return (
    <>
      <h1>Account</h1>
      <Button onPress={() => modal.open(data as undefined)}>{label}</Button>
    </>
  );
}

interface Loaded {
  harness: Harness;
}

const user = testUser();

function scene(id: ModalId, label: string, routes: FakeRoutes, data?: unknown): Pick<Story, 'render' | 'loaders'> {
  return {
    loaders: [async (): Promise<Loaded> => ({ harness: await createHarness({ path: '/account', user, routes }) })],
    render: (_args, { loaded }) => (
      <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/account">
        <main>
          <Opener id={id} label={label} data={data} />
        </main>
      </HarnessRouter>
    ),
  };
}

const meta = {
  title: 'Modals/Account',
  beforeEach: () => registerAccountModals(),
  render: () => <></>,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const harnessOf = (loaded: unknown) => (loaded as Loaded).harness;

/** deleteAccount: a wrong address is refused under the field; the right one deletes and goes to /. */
export const DeleteAccount: Story = {
  ...scene('deleteAccount', 'Delete account', { 'DELETE /api/v3/profile': { status: 204 } }, { email: user.email }),
  play: async ({ canvasElement, loaded }) => {
    const dialog = await openByKeyboard(canvasElement, 'Delete account', 'alertdialog', 'Delete your account?');
    await expect(dialog).toHaveTextContent('audio files are deleted');
    await expect(dialog).toHaveTextContent('cancelled with the payment provider');
    const field = within(dialog).getByRole('textbox', { name: /Type your e-mail address \(ada@example.com\)/ });
    await tabTo(field);
    await userEvent.keyboard('ada@example.org');
    await tabTo(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    const harness = harnessOf(loaded);
    await expect(harness.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.clear(field);
    await tabTo(field);
    await userEvent.keyboard('ada@example.com');
    await tabTo(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(harness.calls.some((c) => c.method === 'DELETE' && c.path === '/api/v3/profile')).toBe(true),
    );
    await expect(await within(canvasElement).findByText('Now at /')).toBeVisible();
    await waitFor(() => expect(harness.actor.getSnapshot().matches('guest')).toBe(true));
  },
};

/** deleteAccount when the server fails: the dialog stays open with its words. */
export const DeleteAccountFails: Story = {
  ...scene(
    'deleteAccount',
    'Delete account',
    { 'DELETE /api/v3/profile': { status: 503, body: { detail: 'The service is busy. Try again later.' } } },
    { email: user.email },
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openByKeyboard(canvasElement, 'Delete account', 'alertdialog', 'Delete your account?');
    await tabTo(within(dialog).getByRole('textbox', { name: /Type your e-mail address/ }));
    await userEvent.keyboard('ada@example.com');
    await tabTo(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await userEvent.keyboard('{Enter}');
    await expect(await within(dialog).findByText('The service is busy. Try again later.')).toBeVisible();
    await expect(body().getByRole('alertdialog')).toBeInTheDocument();
  },
};

/** provideFeedback: the description typed and sent; SPEC.md's success words; the modal closes. */
export const ProvideFeedback: Story = {
  ...scene('provideFeedback', 'Send feedback', {
    'POST /api/v3/feedback': { status: 200, body: { detail: 'Feedback submitted successfully' } },
  }),
  play: async ({ canvasElement, loaded }) => {
    const dialog = await openByKeyboard(canvasElement, 'Send feedback', 'dialog', 'Send feedback');
    await expect(within(dialog).getByRole('textbox', { name: 'Where we answer' })).toHaveValue('ada@example.com');
    await tabTo(within(dialog).getByRole('textbox', { name: /Your feedback/ }));
    await userEvent.keyboard('Love the voices.');
    await tabTo(within(dialog).getByRole('button', { name: 'Send' }));
    await userEvent.keyboard('{Enter}');
    await expect(await body().findByText('Feedback submitted successfully')).toBeInTheDocument();
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(harnessOf(loaded).calls.some((c) => c.path === '/api/v3/feedback')).toBe(true);
  },
};

/** provideFeedback when sending fails: SPEC.md section 8's words, and the form stays. */
export const ProvideFeedbackFails: Story = {
  ...scene('provideFeedback', 'Send feedback', {
    'POST /api/v3/feedback': { status: 500, body: { detail: 'Storage is unavailable.' } },
  }),
  play: async ({ canvasElement }) => {
    const dialog = await openByKeyboard(canvasElement, 'Send feedback', 'dialog', 'Send feedback');
    await tabTo(within(dialog).getByRole('textbox', { name: /Your feedback/ }));
    await userEvent.keyboard('Love the voices.');
    await tabTo(within(dialog).getByRole('button', { name: 'Send' }));
    await userEvent.keyboard('{Enter}');
    await expect(await body().findByText('Something went wrong while trying to update feedback')).toBeInTheDocument();
    await expect(await within(dialog).findByText('Storage is unavailable.')).toBeVisible();
    await expect(within(dialog).getByRole('textbox', { name: /Your feedback/ })).toHaveValue('Love the voices.');
  },
};

/** getHelp: the FAQ, the help video and a call, and a question sent as a help request. */
export const GetHelp: Story = {
  ...scene('getHelp', 'Get help', {
    'POST /api/v3/feedback': { status: 200, body: { detail: 'Feedback submitted successfully' } },
  }),
  play: async ({ canvasElement }) => {
    const dialog = await openByKeyboard(canvasElement, 'Get help', 'dialog', 'Get help');
    await expect(within(dialog).getByRole('link', { name: 'Read the FAQ' })).toHaveAttribute('href', '/faq');
    await expect(within(dialog).getByRole('link', { name: 'Watch the help video' })).toHaveAttribute(
      'href',
      '/help-video',
    );
    await tabTo(within(dialog).getByRole('textbox', { name: /Your question/ }));
    await userEvent.keyboard('How do I change the pitch?');
    await tabTo(within(dialog).getByRole('button', { name: 'Send' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** information: the title and text it was opened with, and OK. */
export const Information: Story = {
  ...scene(
    'information',
    'What happened?',
    {},
    { title: 'Upload finished', body: 'Your three files are in the folder.' },
  ),
  play: async ({ canvasElement }) => {
    const dialog = await openByKeyboard(canvasElement, 'What happened?', 'dialog', 'Upload finished');
    await expect(dialog).toHaveTextContent('Your three files are in the folder.');
    await tabTo(within(dialog).getByRole('button', { name: 'OK' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
  },
};

/** whatIs: a term of the product explained. */
export const WhatIs: Story = {
  ...scene('whatIs', 'What is STS?', {}, { topic: 'sts' }),
  play: async ({ canvasElement }) => {
    const dialog = await openByKeyboard(canvasElement, 'What is STS?', 'dialog', 'What is speech to speech?');
    await expect(dialog).toHaveTextContent('only the voice changes');
  },
};

/** ttsLanguageTooltip: SPEC.md section 5's rule for languages other than English. */
export const TtsLanguageTooltip: Story = {
  ...scene('ttsLanguageTooltip', 'About languages', {}),
  play: async ({ canvasElement }) => {
    const dialog = await openByKeyboard(canvasElement, 'About languages', 'dialog', 'Languages other than English');
    await expect(dialog).toHaveTextContent('basic narration style only');
  },
};

/** acceptableUsePolicy: accepting records it with POST /api/v3/tou and closes. */
export const AcceptableUsePolicy: Story = {
  ...scene('acceptableUsePolicy', 'Convert', {
    'POST /api/v3/tou': {
      status: 200,
      body: { ...user, data: { ...user.data, tou_accepted_at: '2026-01-05T10:00:00Z' } },
    },
  }),
  play: async ({ canvasElement, loaded }) => {
    const dialog = await openByKeyboard(canvasElement, 'Convert', 'alertdialog', 'Acceptable Use Policy');
    await expect(within(dialog).getByRole('link', { name: /Read the whole Acceptable Use Policy/ })).toHaveAttribute(
      'href',
      '/aup',
    );
    await tabTo(within(dialog).getByRole('button', { name: 'I accept' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('alertdialog')).toBeNull());
    const harness = harnessOf(loaded);
    await expect(harness.calls.some((c) => c.method === 'POST' && c.path === '/api/v3/tou')).toBe(true);
    await expect(harness.actor.getSnapshot().context.user?.data.tou_accepted_at).toBe('2026-01-05T10:00:00Z');
  },
};

// The server's count of the user's finished conversions, as the story moves it on.
let finishedConversions = 0;
let eventId = 0;

/** A conversion of the user's finished, as the live events say it. */
function conversionFinished() {
  const recording = makeRecording({
    id: `00000000-0000-4000-8000-${String(900 + ++eventId).padStart(12, '0')}`,
    type: 'conversion',
    state: 'done',
  });
  const event = {
    id: eventId,
    type: 'conversion.finished',
    created_at: new Date().toISOString(),
    data: { recording, project_url: '/ada/podcast' },
  } as LiveEvent;
  liveEventBus.trigger.received({ events: [event], gap: false });
}

const surveyOn = staticFlags({ 'nps-survey': true });
const surveyOff = staticFlags({ 'nps-survey': false });

function NpsWatcher({ flags = surveyOn }: { flags?: ReturnType<typeof staticFlags> }) {
  return (
    <FeatureFlagsProvider source={flags}>
      <h1>Projects</h1>
      <NpsSurveyPrompt />
    </FeatureFlagsProvider>
  );
}

/** GET /api/stats answering the story's count of finished conversions. */
const statsRoute: FakeRoutes = {
  'GET /api/stats': () => ({
    status: 200,
    body: {
      projects: 1,
      folders: 1,
      originals: 2,
      conversions: finishedConversions,
      finished_conversions: finishedConversions,
      seconds_converted: finishedConversions * 4,
      tts_characters: 0,
      voices: [],
    },
  }),
  'POST /api/v3/surveys/nps': { status: 204 },
};

/**
 * With the `nps-survey` feature flag off (issue 19), the survey is never offered: the fifth and sixth finished
 * conversions neither read the count nor open it.
 */
export const NpsSurveyOffByFlag: Story = {
  loaders: [
    async (): Promise<Loaded> => {
      finishedConversions = 0;
      return { harness: await createHarness({ path: '/projects', user, routes: statsRoute }) };
    },
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/projects">
      <main>
        <NpsWatcher flags={surveyOff} />
      </main>
    </HarnessRouter>
  ),
  play: async ({ canvasElement, loaded }) => {
    const harness = harnessOf(loaded);
    await within(canvasElement).findByRole('heading', { name: 'Projects' });
    await import('../nps-trigger-runtime.ts');
    await new Promise((r) => setTimeout(r, 100));
    for (const count of [5, 6]) {
      finishedConversions = count;
      conversionFinished();
      await new Promise((r) => setTimeout(r, 300));
    }
    await expect(body().queryByRole('dialog')).toBeNull();
    await expect(harness.calls.filter((c) => c.path === '/api/stats')).toHaveLength(0);
    await expect(localStorage.getItem(NPS_ASKED_KEY)).toBeNull();
  },
};

/**
 * The NPS survey, as the app asks it: not after the fourth finished conversion; after the fifth (the server's
 * count, GET /api/stats) the survey opens, is answered by keyboard (POST /api/v3/surveys/nps) and closes; the
 * sixth does not ask again (asked within 90 days, remembered with the synced preferences).
 */
export const NpsSurveyAfterTheFifthConversion: Story = {
  loaders: [
    async (): Promise<Loaded> => {
      finishedConversions = 0;
      return { harness: await createHarness({ path: '/projects', user, routes: statsRoute }) };
    },
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/projects">
      <main>
        <NpsWatcher />
      </main>
    </HarnessRouter>
  ),
  play: async ({ canvasElement, loaded }) => {
    const harness = harnessOf(loaded);
    const statsCalls = () => harness.calls.filter((c) => c.path === '/api/stats').length;
    await within(canvasElement).findByRole('heading', { name: 'Projects' });
    // The trigger's code loads once the user is signed in; then it listens.
    await import('../nps-trigger-runtime.ts');
    await new Promise((r) => setTimeout(r, 100));

    finishedConversions = 4;
    conversionFinished();
    await waitFor(() => expect(statsCalls()).toBe(1));
    await new Promise((r) => setTimeout(r, 200));
    await expect(body().queryByRole('dialog')).toBeNull();
    await expect(localStorage.getItem(NPS_ASKED_KEY)).toBeNull();

    finishedConversions = 5;
    conversionFinished();
    const dialog = await body().findByRole('dialog', { name: 'How are we doing?' });
    await expect(Number(localStorage.getItem(NPS_ASKED_KEY))).toBeGreaterThan(Date.now() - 60_000);
    await tabTo(within(dialog).getByRole('radio', { name: '0' }));
    for (let i = 0; i < 9; i++) await userEvent.keyboard('{ArrowRight}');
    await expect(within(dialog).getByRole('radio', { name: '9' })).toBeChecked();
    await tabTo(within(dialog).getByRole('button', { name: 'Send answer' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    const sent = harness.calls.find((c) => c.path === '/api/v3/surveys/nps');
    await expect(sent?.body).toEqual({ score: 9 });
    await expect(await body().findByText('Thank you for your answer.')).toBeVisible();

    finishedConversions = 6;
    conversionFinished();
    await waitFor(() => expect(statsCalls()).toBe(3));
    await new Promise((r) => setTimeout(r, 200));
    await expect(body().queryByRole('dialog')).toBeNull();
  },
};
