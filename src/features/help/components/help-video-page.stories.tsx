import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { testUser } from '../../../api/testing/index.ts';
import { createHarness, HarnessRouter, type Harness } from '../../../machines/story-harness.tsx';
import { HELP_VIDEO } from '../help-video-files.ts';
import recorded from '../help-video-transcript.json';
import { HelpVideoPage } from './help-video-page.tsx';
import { tabTo } from '../../../../design-system/testing/index.ts';

/**
 * /help-video with the walkthrough `npm run help-video` recorded (public/help/, served by Storybook as by the
 * app): the video and its captions load, and the transcript plays it from a line, by keyboard.
 */

interface Loaded {
  harness: Harness;
}

const meta = {
  title: 'Pages/Help video',
  loaders: [async (): Promise<Loaded> => ({ harness: await createHarness({ path: '/help-video', user: testUser() }) })],
  render: (_args, { loaded }) => (
    <HarnessRouter harness={(loaded as unknown as Loaded).harness} pattern="/help-video">
      <main>
        <HelpVideoPage />
      </main>
    </HarnessRouter>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The files are there with their types; the video's length and the captions' cues are the recorded ones. */
export const VideoAndCaptionsLoad: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Help video: your first conversion' }),
    ).toBeVisible();

    const video = canvas.getByTestId<HTMLVideoElement>('help-video');
    const served = await fetch(`/${HELP_VIDEO.video}`);
    await expect(served.ok).toBe(true);
    await expect(served.headers.get('content-type')).toMatch(/^video\/webm/);
    const captions = await fetch(`/${HELP_VIDEO.captions}`);
    await expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    await expect((await captions.text()).startsWith('WEBVTT')).toBe(true);

    // The browser reads the video's header: its length is what the script measured.
    await waitFor(() => expect(video.readyState).toBeGreaterThanOrEqual(HTMLMediaElement.HAVE_METADATA), {
      timeout: 10_000,
    });
    await expect(Math.abs(video.duration - recorded.duration)).toBeLessThan(1.5);
    // The captions track is parsed, one cue a step, the same text as the transcript.
    const track = video.querySelector('track')!;
    await waitFor(() => expect(track.readyState).toBe(HTMLTrackElement.LOADED), { timeout: 10_000 });
    await expect(track.kind).toBe('captions');
    await expect([...track.track.cues!].map((cue) => (cue as VTTCue).text)).toEqual(recorded.cues.map((c) => c.text));
    await expect(canvas.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      recorded.cues.map((c) => expect.stringContaining(c.text)),
    );
  },
};

/** A line of the transcript, pressed by keyboard, moves the video to where the line is shown. */
export const TranscriptSeeks: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const video = canvas.getByTestId<HTMLVideoElement>('help-video');
    await waitFor(() => expect(video.readyState).toBeGreaterThanOrEqual(HTMLMediaElement.HAVE_METADATA), {
      timeout: 10_000,
    });
    const cue = recorded.cues[3]!;
    const line = canvas.getByRole('button', { name: new RegExp(`^Play from \\d+:\\d\\d: ${cue.text.slice(0, 20)}`) });
    await tabTo(line);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(Math.abs(video.currentTime - cue.start)).toBeLessThan(1));
    video.pause();
  },
};
