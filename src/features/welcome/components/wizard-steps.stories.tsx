import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { synthesiseClip } from '../../../../design-system/components/WaveformPlayer/story-audio.ts';
import type { LiveEvent } from '../../../api/index.ts';
import { liveEventBus, sessionStatus } from '../../../machines/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import {
  makeFolder,
  makePage,
  makeProject,
  makeRecording,
  makeVoice,
  testUser,
  uuid,
  type FakeRoutes,
} from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import type { Recording } from '../api/welcome-api.ts';
import { registerWelcomeModals } from '../modals/register.ts';
import { WelcomePage } from './welcome-page.tsx';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * The welcome wizard's conversion steps (create, proccesing, conversions) over a fake network, with live
 * events sent the way the socket's client does. Keyboard only; each play checks what a user notices: the
 * step, its items, the announcements and the requests the server got.
 */

const audioUrl = URL.createObjectURL(synthesiseClip(3, 8000).wav);
const ORIGINAL = uuid(1);

function rec(extra: Partial<Recording>): Recording {
  return makeRecording({
    id: ORIGINAL,
    project_id: uuid(50),
    parent_folder_id: uuid(60),
    url: audioUrl,
    file_name: 'welcome.wav',
    label: 'Welcome',
    duration: 3,
    ...extra,
  });
}
const conversion = (n: number, voice: string, state: Recording['state'] = 'queued', error: string | null = null) =>
  rec({ id: uuid(100 + n), type: 'conversion', original_id: ORIGINAL, voice_id: voice, state, error });

const voices = [
  makeVoice(1, 'Ava', { id: 'ava' }),
  makeVoice(2, 'Ben', { id: 'ben' }),
  makeVoice(3, 'Cleo', { id: 'cleo' }),
];

let eventId = 0;
const finished = (recording: Recording): LiveEvent =>
  ({
    id: ++eventId,
    type: 'conversion.finished',
    created_at: '2026-01-01T00:00:00Z',
    data: { recording, project_url: '/ada/welcome' },
  }) as LiveEvent;
const processing = (n: number, stage: string): LiveEvent =>
  ({
    id: ++eventId,
    type: 'conversion.processing',
    created_at: '2026-01-01T00:00:00Z',
    data: {
      recording_id: uuid(100 + n),
      original_id: ORIGINAL,
      project_id: uuid(50),
      folder_id: uuid(60),
      state: 'processing',
      process_stage: stage,
      eta_seconds: 4,
    },
  }) as LiveEvent;
const send = (events: LiveEvent[]) => liveEventBus.trigger.received({ events, gap: false });

async function press(element: HTMLElement) {
  await tabTo(element);
  await userEvent.keyboard('{Enter}');
}

const atCreate = testUser({ wizard: { ignoreWizard: false, completed: false, skipped: false, step: 'create' } });
const done = testUser({ wizard: { completed: true, ignoreWizard: true, step: 'conversions' } });

const onTrial = {
  ...atCreate,
  data: {
    ...atCreate.data,
    stripe: { ...atCreate.data.stripe, subscription_status: 'trialing' as const, trial: true, trial_used: true },
  },
};

const baseRoutes: FakeRoutes = {
  // A new user's wizard starts the free trial before converting.
  'POST /api/v3/start-trial': { status: 200, body: { user: onTrial, promo_status: 'none' } },
  'GET /api/projects': { status: 200, body: makePage([]) },
  'POST /api/projects': { status: 201, body: makeProject(50, 'Welcome') },
  'GET /api/folders': { status: 200, body: makePage([]) },
  'POST /api/folders': { status: 201, body: { ...makeFolder(1, uuid(50), 'Welcome'), id: uuid(60) } },
  'GET /api/v2/voices': { status: 200, body: makePage(voices) },
  'POST /api/v2/recordings/tts': { status: 202, body: rec({ state: 'queued' }), delay: 50 },
  'GET /api/recordings/{id}': (call) =>
    call.params.id === ORIGINAL ? { status: 200, body: rec({ state: 'queued' }) } : undefined,
  'POST /api/v2/orders': {
    status: 202,
    body: { order_id: uuid(9), conversions: voices.map((v, i) => conversion(i, v.id)) },
  },
  'PUT /api/v3/demo-wizard': { status: 200, body: done, delay: 50 },
};

const meta = {
  title: 'Features/Welcome/Wizard conversion steps',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerWelcomeModals(),
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/welcome" layout={<RouteGuard kind="wizard" />}>
      <main>
        <WelcomePage conversionsLive pollMs={60_000} mediaElement="video" />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Create → proccesing → conversions → finish: a user without a project gets "Welcome" and a folder, types a
 * text, watches three conversions make progress live, hears them on one player (a track each) and finishes; the wizard
 * is marked completed and the dashboard opens.
 */
export const CreateToFinish: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/welcome', user: atCreate, routes: baseRoutes }) })],
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { level: 2, name: 'Create your original' });
    await waitFor(() => expect(heading).toHaveFocus());
    const text = await canvas.findByRole('textbox', { name: /Text to speak/ });
    await tabTo(text);
    await userEvent.keyboard('Hello from Timbre');
    await press(canvas.getByRole('button', { name: 'Convert this text' }));

    await canvas.findByRole('heading', { level: 2, name: 'Converting your original' });
    await expect(canvas.getByText('Step 4 of 5')).toBeVisible();
    expect(
      h.calls.filter((c) => c.method === 'POST' && c.path !== '/api/v3/auth').map((c) => [c.path, c.body]),
    ).toEqual([
      // A new user without a plan: the free trial starts, so the conversions can be ordered.
      ['/api/v3/start-trial', {}],
      ['/api/projects', { name: 'Welcome' }],
      ['/api/folders', { project_id: uuid(50), name: 'Welcome' }],
      [
        '/api/v2/recordings/tts',
        {
          project_id: uuid(50),
          parent_folder_id: uuid(60),
          text: 'Hello from Timbre',
          text_language: 'en-US',
          voice_id: 'ava',
        },
      ],
    ]);
    // The TTS original gets done; the conversions are ordered.
    send([finished(rec({ state: 'done' }))]);
    const list = await canvas.findByRole('list', { name: 'Conversions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    send([processing(0, '5/9'), processing(1, '2/9')]);
    await waitFor(() =>
      expect(within(list).getByRole('progressbar', { name: 'Ava progress' })).toHaveAttribute('aria-valuenow', '50'),
    );
    send([finished(conversion(0, 'ava', 'done')), finished(conversion(1, 'ben', 'done'))]);
    await waitFor(() => expect(within(list).getAllByText('Done')).toHaveLength(2));
    await expect(announced()).toEqual(expect.arrayContaining(['Converting into 3 voices.', 'Ava is ready.']));
    send([finished(conversion(2, 'cleo', 'done'))]);

    const conversionsHeading = await canvas.findByRole('heading', { level: 2, name: 'Your conversions' });
    await waitFor(() => expect(conversionsHeading).toHaveFocus());
    const player = canvas.getByRole('group', { name: 'Your original and its conversions' });
    for (const name of ['Original', 'Ava', 'Ben', 'Cleo'])
      await expect(within(player).getByRole('radio', { name })).toBeInTheDocument();
    await press(canvas.getByRole('button', { name: 'Finish' }));
    await expect(await canvas.findByText('Now at /')).toBeVisible();
    expect(h.calls.find((c) => c.path === '/api/v3/demo-wizard')?.body).toEqual({
      completed: true,
      ignoreWizard: true,
      step: 'conversions',
    });
    await expect(sessionStatus(h.actor.getSnapshot())).toBe('verified');
  },
};

/** A conversion that fails shows its item as failed with Retry and Skip; skipping it goes on without it. */
export const ItemFailsThenSkipped: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/welcome',
        user: atCreate,
        routes: {
          ...baseRoutes,
          'POST /api/v2/recordings/tts': { status: 202, body: rec({ state: 'done' }) },
          'POST /api/v2/orders/retry/{id}': (call) =>
            call.params.id === uuid(101) ? { status: 202, body: conversion(1, 'ben') } : undefined,
        },
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('textbox', { name: /Text to speak/ }));
    await userEvent.keyboard('Hi');
    await press(canvas.getByRole('button', { name: 'Convert this text' }));
    const list = await canvas.findByRole('list', { name: 'Conversions' });
    send([
      finished(conversion(0, 'ava', 'done')),
      finished(conversion(1, 'ben', 'error', 'The engine stopped')),
      finished(conversion(2, 'cleo', 'done')),
    ]);
    await expect(await within(list).findByText('Failed')).toBeVisible();
    await expect(within(list).getByText('The engine stopped')).toBeVisible();
    await expect(announced()).toContain('Ben failed.');
    // Retry orders it again; it fails again and is skipped.
    await press(within(list).getByRole('button', { name: 'Retry Ben' }));
    await waitFor(() => expect(within(list).getAllByText('Processing')).toHaveLength(1));
    send([finished(conversion(1, 'ben', 'error', 'The engine stopped'))]);
    await press(await within(list).findByRole('button', { name: 'Skip Ben' }));
    await canvas.findByRole('heading', { level: 2, name: 'Your conversions' });
    const player = canvas.getByRole('group', { name: 'Your original and its conversions' });
    await expect(within(player).queryByRole('radio', { name: 'Ben' })).toBeNull();
    await expect(announced()).toContain('Ben skipped.');
  },
};

/** Getting the project ready fails: the step says why and Retry tries again. */
export const CreateFailsThenRetries: Story = {
  loaders: [
    async () => {
      let calls = 0;
      return {
        harness: await createHarness({
          path: '/welcome',
          user: atCreate,
          routes: {
            ...baseRoutes,
            'GET /api/projects': () =>
              ++calls === 1
                ? { status: 500, body: { detail: 'Database unavailable' } }
                : { status: 200, body: makePage([]) },
          },
        }),
      };
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Database unavailable');
    await press(canvas.getByRole('button', { name: 'Retry' }));
    await expect(await canvas.findByRole('textbox', { name: /Text to speak/ })).toBeVisible();
    await waitFor(() => expect(canvas.queryByRole('alert')).toBeNull());
  },
};

/** Ordering the conversions is refused: the proccesing step says why, with Retry (and Skip Tour). */
export const OrderFails: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/welcome',
        user: atCreate,
        routes: {
          ...baseRoutes,
          'POST /api/v2/recordings/tts': { status: 202, body: rec({ state: 'done' }) },
          'POST /api/v2/orders': { status: 402, body: { detail: 'You are out of minutes.', reason: 'out_of_minutes' } },
        },
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(await canvas.findByRole('textbox', { name: /Text to speak/ }));
    await userEvent.keyboard('Hi');
    await press(canvas.getByRole('button', { name: 'Convert this text' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('You are out of minutes.');
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Skip Tour' })).toBeVisible();
  },
};

/** A synthesised microphone: a tone through Web Audio, as a MediaStream the recorder can take. */
function toneStream(): Promise<MediaStream> {
  const context = new AudioContext();
  const oscillator = context.createOscillator();
  const destination = context.createMediaStreamDestination();
  oscillator.connect(destination);
  oscillator.start();
  return Promise.resolve(destination.stream);
}

/** Record with the microphone: the take runs with its elapsed time, Stop uploads it and the conversions start. */
export const RecordFromMicrophone: Story = {
  loaders: [
    async () => ({
      harness: await createHarness({
        path: '/welcome',
        user: atCreate,
        routes: { ...baseRoutes, 'POST /api/recordings': { status: 200, body: { items: [rec({ state: 'done' })] } } },
      }),
    }),
  ],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/welcome" layout={<RouteGuard kind="wizard" />}>
      <main>
        <WelcomePage conversionsLive pollMs={60_000} mediaElement="video" getStream={toneStream} />
      </main>
    </HarnessRouter>
  ),
  play: async ({ canvasElement, loaded }) => {
    const h = loaded.harness as Harness;
    const canvas = within(canvasElement);
    await press(await canvas.findByRole('button', { name: 'Record (up to 60 s)' }));
    await expect(await canvas.findByRole('progressbar', { name: 'Recording' })).toBeVisible();
    await expect(announced()).toContain('Recording. It stops by itself at 60 seconds.');
    await waitFor(
      () => expect(canvas.getByRole('progressbar', { name: 'Recording' })).toHaveAttribute('aria-valuenow', '1'),
      {
        timeout: 3000,
      },
    );
    await press(canvas.getByRole('button', { name: 'Stop recording' }));
    await canvas.findByRole('heading', { level: 2, name: 'Converting your original' });
    const upload = h.calls.find((c) => c.path === '/api/recordings' && c.method === 'POST');
    await expect(String(upload?.body)).toContain('Welcome recording.webm');
    await waitFor(() => expect(h.calls.some((c) => c.path === '/api/v2/orders')).toBe(true));
  },
};

/** The microphone is refused: the step says so and the text and upload stay on offer. */
export const MicrophoneDenied: Story = {
  loaders: [async () => ({ harness: await createHarness({ path: '/welcome', user: atCreate, routes: baseRoutes }) })],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={loaded.harness as Harness} pattern="/welcome" layout={<RouteGuard kind="wizard" />}>
      <main>
        <WelcomePage
          conversionsLive
          getStream={() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))}
        />
      </main>
    </HarnessRouter>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await press(await canvas.findByRole('button', { name: 'Record (up to 60 s)' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The microphone is not available.');
    await expect(canvas.getByRole('textbox', { name: /Text to speak/ })).toBeEnabled();
  },
};
