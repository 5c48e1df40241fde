import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import type { LiveEvent } from '../../../api/index.ts';
import { applyLiveBatch, liveEventBus } from '../../../machines/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { testUser } from '../../../api/testing/index.ts';
import type { Recording } from '../api/conversions-api.ts';
import { registerConversionsModals } from '../modals/register.ts';
import { OriginalPlayer } from '../../../shared/original-player.tsx';
import { OriginalConversions } from './original-conversions.tsx';
import {
  completedNotification,
  conversionsRoutes,
  finished,
  makeConversion,
  makeOriginal,
  makeVoice,
  processing,
  type ConversionsState,
} from './story-server.ts';
import { announced, tabTo } from '../../../../design-system/testing/index.ts';

/**
 * An original's conversions as the project page shows them, in every state, over a fake marketplace and
 * fake live events (the plays send batches the way the socket's client does). Keyboard only; what a user
 * notices: the state, the progress and its step, the time left, the buttons, the original's player and its
 * tracks, the announcements and the requests the server got.
 */

async function pressEnterOn(element: HTMLElement) {
  await tabTo(element);
  await userEvent.keyboard('{Enter}');
}

const send = (events: LiveEvent[], gap = false) => liveEventBus.trigger.received({ events, gap });

/** A user whose plan includes downloads (the signed link is then offered as the download). */
function payingUser() {
  const user = testUser({ stripe: { subscription_status: 'active' } });
  return { ...user, data: { ...user.data, permissions: { ...user.data.permissions, download: true } } };
}

interface Loaded {
  harness: Harness;
  state: ConversionsState;
  original: Recording;
}

async function load(
  conversions: (original: Recording) => Recording[],
  options: {
    user?: ReturnType<typeof testUser>;
    overrides?: ConversionsState['overrides'];
    voiceDetails?: ConversionsState['voiceDetails'];
  } = {},
): Promise<Loaded> {
  const made = conversions(makeOriginal());
  const original = makeOriginal({ conversions_count: made.length });
  const state: ConversionsState = {
    originals: [original],
    conversions: made,
    overrides: options.overrides,
    voiceDetails: options.voiceDetails,
  };
  const harness = await createHarness({
    path: '/studio',
    user: options.user ?? payingUser(),
    routes: conversionsRoutes(state),
  });
  return { harness, state, original };
}

const meta = {
  title: 'Features/Conversions/Original conversions',
  parameters: { layout: 'padded' },
  beforeEach: () => registerConversionsModals(),
  render: (_args, { loaded }) => {
    const l = loaded as unknown as Loaded;
    return (
      <HarnessRouter harness={l.harness} pattern="/studio">
        <main>
          <h1>Podcast</h1>
          <h2>Intro</h2>
          <h3>{l.original.label}</h3>
          {/* The original's one transport, as the project page shows it above the conversions. */}
          <OriginalPlayer original={l.original} label={`Player: ${l.original.label}`} muted mediaElement="video" />
          <OriginalConversions original={l.original} />
        </main>
      </HarnessRouter>
    );
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const loadedOf = (loaded: unknown) => loaded as Loaded;
const callsTo = (h: Harness, method: string, path: string) =>
  h.calls.filter((c) => c.method === method && c.path === path);
/** The original's player's tracks, by the names its radios are read with. */
const trackNames = (player: HTMLElement) =>
  within(player)
    .getAllByRole('radio')
    .map((radio) =>
      ['Original', 'Ada, +2 st', 'Bruno, -1.5 st'].find(
        (n) => within(player).queryByRole('radio', { name: n }) === radio,
      ),
    );
const item = (canvas: HTMLElement, name: string) =>
  within(within(canvas).getByRole('list', { name: /^Conversions of/ })).getByRole('listitem', { name });

/**
 * Queued, then live: started, step by step with the time left, the quartiles announced (not every
 * step), and the local state follows each batch of conversion.processing events.
 */
export const QueuedThenProcessing: Story = {
  loaders: [() => load((o) => [makeConversion(1, o, 'Ada', 'queued')])],
  play: async ({ canvasElement, loaded }) => {
    const { state } = loadedOf(loaded);
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Conversions (1)' })).toBeVisible();
    const ada = item(canvasElement, 'Ada');
    await expect(within(ada).getByText('In progress')).toBeVisible();
    await expect(within(ada).getByText('American English · Basic · +2 st')).toBeVisible();
    await expect(within(ada).getByText('Waiting to start')).toBeVisible();
    const bar = within(ada).getByRole('progressbar', { name: 'Ada' });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect(within(ada).getByRole('button', { name: 'Cancel the conversion to Ada, +2 st' })).toBeVisible();

    const conversion = state.conversions[0]!;
    send([processing(conversion, 'processing', '0')]);
    await waitFor(() => expect(within(ada).getByText('Converting')).toBeVisible());
    send([processing(conversion, 'processing', '1/10', 40), processing(conversion, 'processing', '3/10', 12)]);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '27% · Step 3 of 11'));
    await expect(within(ada).getByText('27% · Step 3 of 11')).toBeVisible();
    await expect(within(ada).getByText('Converting · about 12 s left')).toBeVisible();
    send([processing(conversion, 'processing', '6/10', 70)]);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '55% · Step 6 of 11'));
    await expect(within(ada).getByText('Converting · about 2 min left')).toBeVisible();
    await expect(announced()).toEqual(['Ada: conversion started', 'Ada: 25% converted', 'Ada: 50% converted']);
  },
};

/**
 * Postprocessing is still in progress ("Finishing"); conversion.finished completes it: the download (named
 * as the exports name it) and its track on the original's player appear, and it is announced once. The
 * server's "Conversion complete." that comes with it (through the app's live-event handling) is shown as a
 * toast but not spoken again: the row said it, with the voice's name.
 */
export const PostprocessingToDone: Story = {
  loaders: [() => load((o) => [makeConversion(1, o, 'Ada', 'processing', { process_stage: '8/10' })])],
  play: async ({ canvasElement, loaded }) => {
    const { state } = loadedOf(loaded);
    const canvas = within(canvasElement);
    const ada = await waitFor(() => item(canvasElement, 'Ada'));
    const conversion = state.conversions[0]!;
    send([processing(conversion, 'postprocessing', '10/10', 2)]);
    await waitFor(() => expect(within(ada).getByText('Finishing · about 2 s left')).toBeVisible());
    await expect(within(ada).getByText('In progress')).toBeVisible();
    await expect(within(ada).getByText('91% · Step 10 of 11')).toBeVisible();
    await expect(canvas.queryByRole('radiogroup', { name: 'Listen to' })).toBeNull();

    const done = { ...conversion, state: 'done' as const, process_stage: null, url: makeOriginal().url };
    applyLiveBatch([finished(done), completedNotification(done)], { gap: false }, { send: () => {}, pastWizard: true });
    await waitFor(() => expect(within(ada).getByText('Completed')).toBeVisible());
    await expect(within(ada).queryByRole('progressbar')).toBeNull();
    const notifications = within(document.body).getByRole('region', { name: 'Notifications' });
    const toast = await within(notifications).findByRole('alertdialog', { name: 'Conversion complete.' });
    await expect(within(toast).queryByRole('alert')).toBeNull();
    const download = within(ada).getByRole('link', { name: 'Download Ada, +2 st' });
    await expect(download).toHaveAttribute('download', 'take_Ada_+2st.wav');
    const player = canvas.getByRole('group', { name: 'Player: Welcome take' });
    await waitFor(() => expect(trackNames(player)).toEqual(['Original', 'Ada, +2 st']));
    await expect(announced().filter((m) => m === 'Ada: conversion complete')).toHaveLength(1);
    await expect(announced().filter((m) => m.includes('Conversion complete'))).toEqual([]);
  },
};

/**
 * Completed conversions: the original's one player has the original and each conversion as tracks
 * (switched by keyboard, the switch announced); each row plays its conversion there with one press (and
 * pauses it with another), and has its download link. Already completed when the page opened, they are
 * not announced.
 */
export const DoneWithCompareAndDownload: Story = {
  loaders: [
    () =>
      load((o) => [
        makeConversion(1, o, 'Ada', 'done'),
        makeConversion(2, o, 'Bruno', 'done', { semitones_correction: -1.5, accent_name: 'British English' }),
      ]),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const player = await canvas.findByRole('group', { name: 'Player: Welcome take' });
    await waitFor(() => expect(trackNames(player)).toEqual(['Original', 'Bruno, -1.5 st', 'Ada, +2 st']));
    await expect(within(player).getAllByRole('slider')).toHaveLength(1);
    const radios = within(player).getAllByRole('radio');
    await expect(radios[0]).toBeChecked();
    await waitFor(() => expect(within(player).getByRole('button', { name: 'Play' })).toBeEnabled());
    await tabTo(radios[0]!);
    await userEvent.keyboard('2');
    await waitFor(() => expect(radios[1]).toBeChecked());
    await expect(announced()).toContain('Bruno, -1.5 st at 0:00');

    const bruno = item(canvasElement, 'Bruno');
    await expect(within(bruno).getByText('Completed')).toBeVisible();
    await expect(within(bruno).getByText('British English · Basic · -1.5 st')).toBeVisible();
    await expect(within(bruno).getByRole('link', { name: 'Download Bruno, -1.5 st' })).toHaveAttribute(
      'download',
      'take_Bruno_-1.5st.wav',
    );
    await expect(announced().some((m) => m.includes('conversion complete'))).toBe(false);

    // One press on Ada's row plays Ada on the original's player; another pauses it.
    const ada = item(canvasElement, 'Ada');
    await pressEnterOn(within(ada).getByRole('button', { name: 'Play Ada, +2 st' }));
    await waitFor(() => expect(radios[2]).toBeChecked());
    const media = player.querySelector<HTMLMediaElement>(`[data-track="${radios[2]!.getAttribute('value')}"]`)!;
    await waitFor(() => expect(media.paused).toBe(false), { timeout: 5000 });
    const pause = await within(ada).findByRole('button', { name: 'Pause Ada, +2 st' });
    await expect(within(player).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(media.paused).toBe(true));
    await expect(pause).toHaveAccessibleName('Play Ada, +2 st');
  },
};

/** A voice's artwork, as GET /voice-art/<slug>/thumbnail.svg serves it (a square of the voice's colour). */
const ADA_ART = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#7b3fa0"/></svg>',
)}`;

/**
 * Each row shows its voice's artwork, found for the whole list in one lookup of the voices; a voice that is gone
 * (Bruno's) keeps its initials. Both thumbnails take the same fixed box.
 */
export const VoiceArtwork: Story = {
  loaders: [
    () =>
      load(
        (o) => [
          makeConversion(1, o, 'Ada', 'done'),
          makeConversion(2, o, 'Bruno', 'done', { semitones_correction: -1.5 }),
          makeConversion(3, o, 'Ada', 'error', { voice_id: makeVoice(1, 'Ada').id }),
        ],
        { voiceDetails: [{ ...makeVoice(1, 'Ada'), thumbnail_url: ADA_ART }] },
      ),
  ],
  play: async ({ canvasElement, loaded }) => {
    const { harness } = loadedOf(loaded);
    const list = await within(canvasElement).findByRole('list', { name: /^Conversions of/ });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows).toHaveLength(3);
    const ada = rows.filter((row) => within(row).queryByRole('heading', { name: /^Ada/ }));
    await expect(ada).toHaveLength(2);
    for (const row of ada) {
      await waitFor(() => expect(row.querySelector('img')).toHaveAttribute('src', ADA_ART));
    }
    const bruno = item(canvasElement, 'Bruno');
    await expect(bruno.querySelector('img')).toBeNull();
    await expect(within(bruno).getByText('B', { exact: true })).toBeVisible();
    // The artwork takes the initials' box: no row moves when it arrives.
    const box = (row: HTMLElement) => row.querySelector('img')?.parentElement ?? row.querySelector('[aria-hidden]')!;
    for (const row of rows) {
      const { width, height } = box(row).getBoundingClientRect();
      await expect([width, height]).toEqual([40, 40]);
    }
    // One lookup for the list (not one per row), each voice asked once.
    const lookups = callsTo(harness, 'POST', '/api/v2/voices/by-ids');
    await expect(lookups).toHaveLength(1);
    await expect([...(lookups[0]!.body as { voice_ids: string[] }).voice_ids].sort()).toEqual(
      [makeVoice(1, 'Ada').id, makeVoice(2, 'Bruno').id].sort(),
    );
  },
};

/** Failed, with the reason; Retry shows it in progress at once (a local redo), and the retried one goes on live. */
export const FailedThenRetry: Story = {
  loaders: [() => load((o) => [makeConversion(1, o, 'Ada', 'error', { error: 'The original could not be decoded.' })])],
  play: async ({ canvasElement, loaded }) => {
    const { harness, state } = loadedOf(loaded);
    const ada = await waitFor(() => item(canvasElement, 'Ada'));
    await expect(within(ada).getByText('Failed')).toBeVisible();
    await expect(within(ada).getByText('Failed: The original could not be decoded.')).toBeVisible();
    const retry = within(ada).getByRole('button', { name: 'Retry the conversion to Ada, +2 st' });
    await expect(retry).toHaveAccessibleDescription('Failed: The original could not be decoded.');

    await pressEnterOn(retry);
    await waitFor(() => expect(within(ada).getByText('In progress')).toBeVisible());
    await waitFor(() =>
      expect(callsTo(harness, 'POST', `/api/v2/orders/retry/${state.conversions[0]!.id}`)).toHaveLength(1),
    );
    send([processing(state.conversions[0]!, 'processing', '5/10', 6)]);
    await waitFor(() =>
      expect(within(ada).getByRole('progressbar', { name: 'Ada' })).toHaveAttribute(
        'aria-valuetext',
        '45% · Step 5 of 11',
      ),
    );
    await expect(within(ada).getByText('Converting · about 6 s left')).toBeVisible();
  },
};

/**
 * Cancel while it converts (the server deletes and so stops it): cancelled, said, and Retry orders it again
 * with the same voice and settings, followed live under its new id.
 */
export const CancelledThenRetry: Story = {
  loaders: [() => load((o) => [makeConversion(1, o, 'Ada', 'processing')])],
  play: async ({ canvasElement, loaded }) => {
    const { harness, state, original } = loadedOf(loaded);
    const ada = await waitFor(() => item(canvasElement, 'Ada'));
    const id = state.conversions[0]!.id;
    await pressEnterOn(within(ada).getByRole('button', { name: 'Cancel the conversion to Ada, +2 st' }));
    await waitFor(() => expect(within(ada).getByText('Cancelled')).toBeVisible());
    await expect(callsTo(harness, 'DELETE', `/api/recordings/${id}`)[0]?.query.get('hard_delete')).toBe('false');
    await expect(announced()).toContain('Ada: conversion cancelled');
    const retry = within(ada).getByRole('button', { name: 'Retry the conversion to Ada, +2 st' });
    await waitFor(() => expect(retry).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(ada).getByText('In progress')).toBeVisible());
    await waitFor(() => expect(callsTo(harness, 'POST', '/api/v2/orders')).toHaveLength(1));
    await expect(callsTo(harness, 'POST', '/api/v2/orders')[0]?.body).toEqual({
      original_id: original.id,
      conversions: [
        {
          voice_id: state.conversions[0]!.voice_id,
          accent_id: 'en-US',
          narration_style_id: 'BASIC',
          semitones_correction: 2,
        },
      ],
      use_calibration: false,
    });
    const again = state.conversions.at(-1)!;
    await waitFor(() => expect(within(ada).getByText('Waiting to start')).toBeVisible());
    send([processing(again, 'processing', '2/3', 3)]);
    await waitFor(() =>
      expect(within(ada).getByRole('progressbar', { name: 'Ada' })).toHaveAttribute(
        'aria-valuetext',
        '50% · Step 2 of 4',
      ),
    );
  },
};

/** A gap in the live events (or news of a conversion not shown) fetches the list again: the new one shows. */
export const GapRefetches: Story = {
  loaders: [() => load((o) => [makeConversion(1, o, 'Ada', 'processing')])],
  play: async ({ canvasElement, loaded }) => {
    const { harness, state, original } = loadedOf(loaded);
    const canvas = within(canvasElement);
    await waitFor(() => item(canvasElement, 'Ada'));
    state.conversions[0]!.state = 'done';
    state.conversions[0]!.url = original.url;
    state.conversions[0]!.process_stage = null;
    state.conversions.push(makeConversion(2, original, 'Bruno', 'queued'));
    send([], true);
    await expect(await canvas.findByRole('heading', { name: 'Conversions (2)' })).toBeVisible();
    await expect(within(item(canvasElement, 'Bruno')).getByText('Waiting to start')).toBeVisible();
    await waitFor(() => expect(within(item(canvasElement, 'Ada')).getByText('Completed')).toBeVisible());
    await expect(callsTo(harness, 'GET', '/api/recordings/conversions')).toHaveLength(2);
    // Caught up after a gap, the finished conversion is still news.
    await expect(announced()).toContain('Ada: conversion complete');
  },
};

/** Report an issue and Delete from a conversion's menu, by keyboard: the report is sent, the conversion goes. */
export const ReportAndDelete: Story = {
  loaders: [() => load((o) => [makeConversion(1, o, 'Ada', 'done'), makeConversion(2, o, 'Bruno', 'error')])],
  play: async ({ canvasElement, loaded }) => {
    const { harness, state } = loadedOf(loaded);
    const canvas = within(canvasElement);
    const ada = await waitFor(() => item(canvasElement, 'Ada'));
    const menu = within(ada).getByRole('button', { name: 'More actions for Ada, +2 st' });
    await pressEnterOn(menu);
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Report an issue' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report an issue with Ada, +2 st' });
    await tabTo(within(dialog).getByRole('textbox', { name: /What is wrong/ }));
    await userEvent.keyboard('The end is cut off.');
    await pressEnterOn(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(
      callsTo(harness, 'POST', `/api/recordings/${state.conversions[0]!.id}/conversion-issue`)[0]?.body,
    ).toEqual({
      description: 'The end is cut off.',
    });
    await expect(announced()).toContain('Thank you: your report about Ada, +2 st was sent.');

    const bruno = item(canvasElement, 'Bruno');
    await pressEnterOn(within(bruno).getByRole('button', { name: 'More actions for Bruno, +2 st' }));
    await screen.findByRole('menu');
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the conversion Bruno, +2 st?' });
    await pressEnterOn(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.queryByRole('listitem', { name: 'Bruno' })).toBeNull());
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Conversions (1)' })).toHaveFocus());
    await expect(
      callsTo(harness, 'DELETE', `/api/recordings/${state.conversions[1]!.id}`)[0]?.query.get('hard_delete'),
    ).toBe('false');
    await expect(announced()).toContain('The conversion Bruno, +2 st was deleted.');
  },
};

/**
 * A failed conversion's menu: What went wrong? explains the error and retries it, and the row follows;
 * Rename shows the new label in the row; Regenerate with other settings starts with its intro.
 */
export const MenuErrorInfoRenameRegenerate: Story = {
  loaders: [() => load((o) => [makeConversion(1, o, 'Ada', 'error', { error: 'Worker timed out' })])],
  play: async ({ canvasElement, loaded }) => {
    const { harness, state } = loadedOf(loaded);
    const id = state.conversions[0]!.id;
    const ada = await waitFor(() => item(canvasElement, 'Ada'));
    const menu = within(ada).getByRole('button', { name: 'More actions for Ada, +2 st' });
    await pressEnterOn(menu);
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'What went wrong?' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const info = await screen.findByRole('dialog', { name: 'Why Ada, +2 st failed' });
    await pressEnterOn(within(info).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(info).not.toBeInTheDocument());
    await waitFor(() => expect(within(ada).getByText('In progress')).toBeVisible());
    await expect(callsTo(harness, 'POST', `/api/v2/orders/retry/${id}`)).toHaveLength(1);
    await expect(announced()).toContain('Ada, +2 st is converting again.');

    await pressEnterOn(menu);
    await screen.findByRole('menu');
    // In progress now: Report an issue is disabled, so Rename comes first.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const rename = await screen.findByRole('dialog', { name: 'Rename conversion' });
    await waitFor(() => expect(within(rename).getByRole('textbox', { name: 'Conversion name' })).toHaveFocus());
    await userEvent.keyboard('Ada warm{Enter}');
    await waitFor(() => expect(rename).not.toBeInTheDocument());
    await expect(within(ada).getByText('Ada warm')).toBeVisible();
    await expect(callsTo(harness, 'PATCH', `/api/recordings/${id}`)[0]?.body).toEqual({ label: 'Ada warm' });

    await pressEnterOn(menu);
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Regenerate with other settings' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    // The dialog is in the document before its opening transition has made it visible.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Regenerate with other settings' })).toBeVisible());
    await userEvent.keyboard('{Escape}');
  },
};
