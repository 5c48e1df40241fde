import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog } from '../../../../design-system/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { MICROPHONE_KEY, NEW_ORIGINAL_KEY } from '../../../machines/index.ts';
import { makeFolder, makeProject, makeRecording, testUser, type FakeAnswer } from '../../../api/testing/index.ts';
import { RouteGuard } from '../../../routes/route-guard.tsx';
import { registerRecorderModals } from '../modals/register.ts';
import { RecorderPage, type RecorderPageProps } from './recorder-page.tsx';
import { StoryRequest, type ReceivedUpload } from './story-upload.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/** Everything announced from now on (the log itself keeps only the latest few). */
function listen(): { heard: string[]; stop: () => void } {
  const heard: string[] = [];
  let last = announcementLog.getSnapshot().context.seq;
  const subscription = announcementLog.subscribe(({ context }) => {
    for (const entry of context.entries) if (entry.id > last) heard.push(entry.message);
    last = context.seq;
  });
  return { heard, stop: () => subscription.unsubscribe() };
}
const PROJECT = makeProject(3, 'Podcast');
const FOLDER = makeFolder(1, PROJECT.id, 'Intro');

function original(id: string, label: string) {
  return makeRecording({ id, label, project_id: PROJECT.id, parent_folder_id: FOLDER.id });
}

interface Loaded {
  harness: Harness;
  received: ReceivedUpload[];
  props: RecorderPageProps;
}

async function load(
  answer: (file: File) => FakeAnswer<'POST /api/recordings'> | 'hold' = (file) => ({
    status: 200,
    body: { items: [original(`id-${file.name}`, file.name)] },
  }),
  props: Partial<RecorderPageProps> = {},
  user = testUser(),
): Promise<Loaded> {
  const harness = await createHarness({
    path: '/new',
    user,
    routes: {
      'GET /api/projects': { status: 200, body: { items: [PROJECT], total: 1, offset: 0, limit: 100 } },
      'GET /api/folders': { status: 200, body: { items: [FOLDER], total: 1, offset: 0, limit: 100 } },
    },
  });
  const received: ReceivedUpload[] = [];
  return { harness, received, props: { createRequest: () => new StoryRequest(received, answer), ...props } };
}

const meta = {
  title: 'Features/Recorder/Recorder page',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => registerRecorderModals(),
  render: (_args, { loaded }) => {
    const { harness, props } = loaded as unknown as Loaded;
    return (
      <HarnessRouter harness={harness} pattern="/new" layout={<RouteGuard kind="guarded" />}>
        <main>
          <RecorderPage {...props} />
        </main>
      </HarnessRouter>
    );
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Chromium's fake microphone, by keyboard: allow it, record about two seconds with the level and the
 * countdown, stop, review, save. What is sent is a 48 kHz mono 16-bit WAV with the microphone's name.
 */
export const RecordAndSave: Story = {
  loaders: [() => load()],
  play: async ({ canvasElement, loaded }) => {
    const { received } = loaded as unknown as Loaded;
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: /Folder/ })).toHaveTextContent('Intro'));
    await expect(canvas.getByText('Recordings can be up to 30 seconds long on your plan.')).toBeVisible();
    await tabTo(canvas.getByRole('button', { name: 'Allow the microphone' }));
    await userEvent.keyboard('{Enter}');
    const start = await canvas.findByRole('button', { name: 'Start recording' }, { timeout: 5000 });
    const microphone = canvas.getByRole('button', { name: /Microphone/ });
    await expect(microphone.textContent).not.toBe('');
    await tabTo(start);
    await userEvent.keyboard('{Enter}');
    const stop = await canvas.findByRole('button', { name: 'Stop recording' });
    await expect(canvas.getByRole('meter', { name: 'Input level' })).toBeVisible();
    await waitFor(() => expect(canvas.getByText(/^2[89] seconds left$/)).toBeVisible(), { timeout: 4000 });
    await tabTo(stop);
    await userEvent.keyboard('{Enter}');

    const player = await canvas.findByRole('group', { name: 'Your recording' }, { timeout: 5000 });
    await expect(player).toBeVisible();
    await tabTo(canvas.getByRole('button', { name: 'Save recording' }));
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByText('Saved to Intro in Podcast.')).toBeVisible();

    const [sent] = received;
    await expect(sent?.form.get('project_id')).toBe(PROJECT.id);
    await expect(sent?.form.get('parent_folder_id')).toBe(FOLDER.id);
    await expect(sent?.form.get('microphone')).toBe(
      JSON.parse(localStorage.getItem(MICROPHONE_KEY) ?? 'null')?.name ?? microphone.textContent,
    );
    await expect(sent?.headers['X-CSRF-Token']).toBe('story-csrf');
    const wav = new DataView(await (sent!.form.get('data') as File).arrayBuffer());
    await expect(wav.getUint16(22, true)).toBe(1); // mono
    await expect(wav.getUint32(24, true)).toBe(48_000);
    await expect(wav.getUint16(34, true)).toBe(16);
    const seconds = wav.getUint32(40, true) / 2 / 48_000;
    await expect(seconds).toBeGreaterThan(0.5);
    await expect(seconds).toBeLessThan(5);
    await expect(JSON.parse(localStorage.getItem(NEW_ORIGINAL_KEY) ?? '{}')).toMatchObject({
      projectId: PROJECT.id,
      folderId: FOLDER.id,
      type: 'record',
      uploaded: [`id-${(sent!.form.get('data') as File).name}`],
    });
    await expect(announced()).toContain('Recording saved.');
    await expect(canvas.getByRole('link', { name: 'Choose voices for 1 original' })).toBeVisible();
  },
};

/** A refused permission opens the disabledMicrophone modal; its button asks again. */
export const MicrophoneBlocked: Story = {
  loaders: [
    () => {
      let calls = 0;
      return load(undefined, {
        listMicrophones: () => {
          calls += 1;
          return calls === 1
            ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
            : Promise.resolve([{ id: 'usb', name: 'USB studio' }]);
        },
      });
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await tabTo(canvas.getByRole('button', { name: 'Allow the microphone' }));
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('dialog', { name: 'Microphone blocked' });
    await expect(dialog).toHaveTextContent('access to it is blocked');
    await tabTo(within(dialog).getByRole('button', { name: 'Try again' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(await canvas.findByRole('button', { name: 'Start recording' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Microphone/ })).toHaveTextContent('USB studio');
  },
};

const wav = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'audio/wav' });

/**
 * Several files at once through the file picker (reached by keyboard): a progress bar each, one refused as too
 * large (413), one as not audio (422, the server's words), one cancelled while it uploads. Progress is said at
 * its quartiles, once each, between the start and the end.
 */
export const UploadMany: Story = {
  loaders: [
    () =>
      load((file) => {
        if (file.name === 'huge.wav') return { status: 413, body: { detail: 'File is too large' } };
        if (file.name === 'notes.wav')
          return { status: 422, body: { detail: 'The file is not an audio file we can read.', field: 'body/data' } };
        if (file.name === 'slow.wav') return 'hold';
        return { status: 200, body: { items: [original(`id-${file.name}`, file.name)] } };
      }),
  ],
  play: async ({ canvasElement, loaded }) => {
    const { received } = loaded as unknown as Loaded;
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('button', { name: /Folder/ })).toHaveTextContent('Intro'));
    const { heard, stop } = listen();
    const choose = canvas.getByRole('button', { name: 'Choose files' });
    await tabTo(choose);
    // The picker itself is the system's; the files it returns arrive at the input.
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, [wav('slow.wav'), wav('take-1.wav'), wav('huge.wav'), wav('notes.wav')]);

    const list = await canvas.findByRole('list', { name: 'Uploads' });
    await waitFor(() =>
      expect(within(list).getByRole('progressbar', { name: /take-1\.wav .*: Uploaded/ })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
    await waitFor(() => expect(within(list).getByText('File is too large')).toBeVisible());
    await waitFor(() => expect(within(list).getByText('The file is not an audio file we can read.')).toBeVisible());
    const cancel = within(list).getByRole('button', { name: 'Cancel upload of slow.wav' });
    await tabTo(cancel);
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(list).getByRole('progressbar', { name: /slow\.wav .*: Cancelled/ })).toBeVisible(),
    );
    await expect(received.map((r) => (r.form.get('data') as File).name).sort()).toEqual([
      'huge.wav',
      'notes.wav',
      'slow.wav',
      'take-1.wav',
    ]);
    stop();
    await expect(heard).toContain('huge.wav was not uploaded: File is too large');
    await expect(heard).toContain('Upload of slow.wav cancelled.');
    // The stand-in reports half, then all: the start, 50 % once, then the end.
    const take = heard.filter((m) => m.startsWith('Uploading 4 files') || m.startsWith('take-1.wav'));
    await expect(take).toEqual(['Uploading 4 files.', 'take-1.wav: 50% uploaded', 'take-1.wav uploaded.']);
    // The next step: the voices for the one original that arrived.
    const next = canvas.getByRole('region', { name: 'Next step' });
    await expect(within(next).getByRole('link', { name: 'Choose voices for 1 original' })).toHaveAttribute(
      'href',
      '/choose-voices',
    );
  },
};

/** Paid plans may record for an hour. */
export const PaidLimit: Story = {
  loaders: [() => load(undefined, {}, testUser({ stripe: { subscription_status: 'active' } }))],
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Recordings can be up to 3,600 seconds long on your plan.'),
    ).toBeVisible();
  },
};
