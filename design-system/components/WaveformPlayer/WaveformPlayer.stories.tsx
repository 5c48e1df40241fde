import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { audiowaveformFromSamples } from './peaks.ts';
import { synthesiseClip } from './story-audio.ts';
import { WaveformPlayer, type WaveformPlayerProps } from './WaveformPlayer.tsx';

// A real 12-second clip made here, and its audiowaveform peaks computed from the same samples, as the
// server computes them from an upload (64 samples per pixel, 8 bits).
const clip = synthesiseClip(12, 8000);
const audioUrl = URL.createObjectURL(clip.wav);
const peaks = audiowaveformFromSamples([clip.samples], clip.sampleRate, 64, 8);
const peaksUrl = URL.createObjectURL(new Blob([JSON.stringify(peaks)], { type: 'application/json' }));

const meta = {
  title: 'Components/WaveformPlayer',
  component: WaveformPlayer,
  args: {
    audioUrl,
    peaks,
    label: 'Original recording',
    // Headless browsers play muted media without an audio device; a real user hears it.
    muted: true,
    onPlayed: fn(),
    onPlay: fn(),
    onPause: fn(),
    onStop: fn(),
    onEnded: fn(),
    onError: fn(),
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof WaveformPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * storybook/test's userEvent dispatches synthetic events, which give the page no user activation, and
 * Chromium lets media play without one only when it is a muted <video>. So the interactive story plays
 * through a muted video element: real playback, whose time really advances.
 */
function WithMutedVideo(props: WaveformPlayerProps) {
  const [media] = useState(() => {
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    return video;
  });
  return <WaveformPlayer {...props} media={media} />;
}

/**
 * Worked by keyboard only: Tab to the seek slider, move it with End, Home, the arrows and Page keys,
 * Space to play, pause and continue; Stop by its button.
 */
export const Keyboard: Story = {
  // Ends after real playback, so where the cursor stops depends on the machine's speed: no screenshot (the other
  // stories show every state of the player).
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  render: (args) => <WithMutedVideo {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const player = canvas.getByRole('group', { name: 'Original recording' });
    const slider = within(player).getByRole('slider', { name: 'Seek' });
    const valueText = () => slider.getAttribute('aria-valuetext');
    await waitFor(() => expect(slider).toBeEnabled());

    await userEvent.tab();
    await expect(within(player).getByRole('button', { name: 'Play' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(player).getByRole('button', { name: 'Stop' })).toHaveFocus();
    await userEvent.tab();
    await expect(slider).toHaveFocus();
    await expect(valueText()).toBe('0:00 of 0:12');

    await userEvent.keyboard('{End}');
    await expect(valueText()).toBe('0:12 of 0:12');
    await userEvent.keyboard('{Home}');
    await expect(valueText()).toBe('0:00 of 0:12');
    await userEvent.keyboard('{ArrowRight}');
    await expect(valueText()).toBe('0:05 of 0:12');
    await userEvent.keyboard('{ArrowRight}');
    await expect(valueText()).toBe('0:10 of 0:12');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(valueText()).toBe('0:05 of 0:12');
    await userEvent.keyboard('{PageUp}');
    await expect(valueText()).toBe('0:12 of 0:12');
    await userEvent.keyboard('{PageDown}');
    await expect(valueText()).toBe('0:00 of 0:12');

    // Space on the slider plays; the toggle button is now "Pause".
    await userEvent.keyboard(' ');
    await within(player).findByRole('button', { name: 'Pause' });
    await expect(args.onPlayed).toHaveBeenCalledTimes(1);
    await expect(args.onPlay).toHaveBeenCalledTimes(1);
    await expect(slider).toHaveFocus();

    // Let it play past one second, then pause: the slider now reads where playback got to.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await userEvent.keyboard(' ');
    await within(player).findByRole('button', { name: 'Continue' });
    await expect(args.onPause).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(valueText()).toMatch(/^0:0[1-3] of 0:12$/));

    // Continue is not a new play-through.
    await userEvent.keyboard(' ');
    await within(player).findByRole('button', { name: 'Pause' });
    await expect(args.onPlayed).toHaveBeenCalledTimes(1);

    // Stop: back to the start, the toggle reads "Play" again.
    await userEvent.tab({ shift: true });
    await expect(within(player).getByRole('button', { name: 'Stop' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await within(player).findByRole('button', { name: 'Play' });
    await expect(args.onStop).toHaveBeenCalledTimes(1);
    await expect(valueText()).toBe('0:00 of 0:12');

    // Playing after a stop is a new play-through.
    await userEvent.tab({ shift: true });
    await userEvent.keyboard(' ');
    await within(player).findByRole('button', { name: 'Pause' });
    await expect(args.onPlayed).toHaveBeenCalledTimes(2);
    await userEvent.keyboard(' ');
    await within(player).findByRole('button', { name: 'Continue' });
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** Played to the end: onEnded fires and the player is back at the start, ready to play again. */
export const PlaysToTheEnd: Story = {
  render: (args) => <WithMutedVideo {...args} />,
  play: async ({ canvasElement, args }) => {
    const player = within(canvasElement).getByRole('group', { name: 'Original recording' });
    const slider = within(player).getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(slider).toBeEnabled());
    for (let i = 0; i < 3; i++) await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(slider).toHaveAttribute('aria-valuetext', '0:10 of 0:12');
    await userEvent.keyboard(' ');
    await within(player).findByRole('button', { name: 'Pause' });
    await waitFor(() => expect(args.onEnded).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await expect(within(player).getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:12');
    await expect(args.onPause).not.toHaveBeenCalled();
  },
};

/** Peaks fetched from `peaksUrl` (the recording's `waveform_url`); the length comes from them. */
export const FromPeaksUrl: Story = {
  args: { peaks: undefined, peaksUrl, label: 'Conversion, voice Ava' },
  play: async ({ canvasElement, args }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(slider).toBeEnabled());
    await expect(slider).toHaveAttribute('aria-valuetext', '0:00 of 0:12');
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** Without peaks the waveform is a flat line over the known duration; the audio is still not decoded. */
export const WithoutPeaks: Story = {
  args: { peaks: undefined, duration: 12, label: 'Recording without a waveform yet' },
  play: async ({ canvasElement }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(slider).toBeEnabled());
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    await expect(slider).toHaveAttribute('aria-valuetext', '0:12 of 0:12');
  },
};

/** Peaks that cannot be read: reported, and the player still plays over a flat line. */
export const UnreadablePeaks: Story = {
  args: {
    peaksUrl: URL.createObjectURL(new Blob(['{"version": 9}'], { type: 'application/json' })),
    peaks: undefined,
    duration: 12,
  },
  play: async ({ canvasElement, args }) => {
    const slider = within(canvasElement).getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(args.onError).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(slider).toBeEnabled());
  },
};
