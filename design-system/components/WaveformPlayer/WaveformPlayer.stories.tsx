import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog, clearAnnouncements } from '../../announcer/announcer.ts';
import { registerExclusivePlayback } from '../../playback/exclusive-playback.ts';
import { audiowaveformFromSamples } from './peaks.ts';
import { synthesiseClip } from './story-audio.ts';
import {
  WaveformPlayer,
  type WaveformPlayerHandle,
  type WaveformPlayerProps,
  type WaveformTrack,
} from './WaveformPlayer.tsx';

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
function WithMutedVideo(props: WaveformPlayerProps & { audioUrl: string }) {
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
  render: (args) => <WithMutedVideo {...(args as WaveformPlayerProps & { audioUrl: string })} />,
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

/**
 * One sound at a time: another player on the page (here a voice's demo, a muted video registered for exclusive
 * playback as the catalogue's demo is) pauses when this player starts, and starting it again pauses this one.
 */
function WithDemo(props: WaveformPlayerProps & { audioUrl: string }) {
  const [demo, setDemo] = useState<HTMLVideoElement | null>(null);
  const [demoPlaying, setDemoPlaying] = useState(false);
  useEffect(() => (demo ? registerExclusivePlayback(demo) : undefined), [demo]);
  return (
    <div>
      <WithMutedVideo {...props} />
      <video
        ref={setDemo}
        src={props.audioUrl}
        muted
        playsInline
        hidden
        onPlay={() => setDemoPlaying(true)}
        onPause={() => setDemoPlaying(false)}
      />
      <button type="button" onClick={() => void demo?.play().catch(() => undefined)}>
        Play demo
      </button>
      <p role="status">{demoPlaying ? 'Demo playing' : 'Demo paused'}</p>
    </div>
  );
}

export const OneSoundAtATime: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  render: (args) => <WithDemo {...(args as WaveformPlayerProps & { audioUrl: string })} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const player = canvas.getByRole('group', { name: 'Original recording' });
    await waitFor(() => expect(within(player).getByRole('slider', { name: 'Seek' })).toBeEnabled());

    await userEvent.click(canvas.getByRole('button', { name: 'Play demo' }));
    await canvas.findByText('Demo playing');

    // Starting the player pauses the demo.
    await userEvent.click(within(player).getByRole('button', { name: 'Play' }));
    await within(player).findByRole('button', { name: 'Pause' });
    await canvas.findByText('Demo paused');

    // Starting the demo pauses the player part-way: it offers to continue.
    await userEvent.click(canvas.getByRole('button', { name: 'Play demo' }));
    await canvas.findByText('Demo playing');
    await within(player).findByRole('button', { name: 'Continue' });
  },
};

/** Played to the end: onEnded fires and the player is back at the start, ready to play again. */
export const PlaysToTheEnd: Story = {
  render: (args) => <WithMutedVideo {...(args as WaveformPlayerProps & { audioUrl: string })} />,
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

// Tracks told apart by pitch: the original at 180 Hz, two "conversions" at 240 Hz and 130 Hz; the second
// conversion is a little shorter, as a conversion can be. Each has its own peaks.
function track(id: string, label: string, seconds: number, frequency: number): WaveformTrack {
  const made = synthesiseClip(seconds, 8000, frequency);
  return {
    id,
    label,
    audioUrl: URL.createObjectURL(made.wav),
    peaks: audiowaveformFromSamples([made.samples], made.sampleRate, 64, 8),
  };
}
const tracks = [
  track('original', 'Original', 12, 180),
  track('ava', 'Ava, +2 st', 12, 240),
  track('ben', 'Ben', 11, 130),
];
const onTrackChange = fn();
const onTracksError = fn();
const lastAnnouncement = () => announcementLog.getSnapshot().context.entries.at(-1)?.message;

/** The original and its conversions on one transport, through muted videos (see `WithMutedVideo`). */
function TracksPlayer({
  list = tracks,
  handle,
}: {
  list?: WaveformTrack[];
  handle?: (h: WaveformPlayerHandle) => void;
}) {
  return (
    <WaveformPlayer
      ref={(h) => {
        if (h) handle?.(h);
      }}
      label="Compare voices"
      tracks={list}
      muted
      mediaElement="video"
      onTrackChange={onTrackChange}
      onError={onTracksError}
    />
  );
}

/** The player with its track switcher, its parts and its hidden media elements (one per track, in order). */
async function parts(canvasElement: HTMLElement) {
  const player = within(canvasElement).getByRole('group', { name: 'Compare voices' });
  const ui = within(player);
  const slider = ui.getByRole('slider', { name: 'Seek' });
  await waitFor(() => expect(slider).toBeEnabled());
  const media = [...player.querySelectorAll<HTMLMediaElement>('video, audio')];
  return {
    player,
    ui,
    slider,
    media,
    radio: (name: string) => ui.getByRole('radio', { name }),
    valueText: () => slider.getAttribute('aria-valuetext'),
  };
}

const resetTracks = () => {
  clearAnnouncements();
  onTrackChange.mockClear();
  onTracksError.mockClear();
};

/**
 * The track switcher by keyboard: Tab enters "Listen to" on the original; 2 picks the second track, the
 * arrows move on, X goes back to the track before. Every switch is announced with the position. The
 * keys are told in a tooltip on the "Keys" button (and as the switcher's description).
 */
export const TrackSwitcher: Story = {
  beforeEach: resetTracks,
  render: () => <TracksPlayer />,
  play: async ({ canvasElement }) => {
    const { ui, radio, media } = await parts(canvasElement);
    const group = ui.getByRole('radiogroup', { name: 'Listen to' });
    await expect(group).toHaveAccessibleDescription('Keys 1–9 choose a track, X switches back');
    await expect(media).toHaveLength(3);
    // One transport for the three tracks.
    await expect(ui.getAllByRole('slider')).toHaveLength(1);
    await expect(ui.getAllByRole('button', { name: 'Play' })).toHaveLength(1);

    await userEvent.tab();
    await expect(radio('Original')).toHaveFocus();
    await expect(radio('Original')).toBeChecked();

    await userEvent.keyboard('2');
    await expect(radio('Ava, +2 st')).toBeChecked();
    await expect(lastAnnouncement()).toBe('Ava, +2 st at 0:00');
    await expect(onTrackChange).toHaveBeenLastCalledWith('ava');

    await userEvent.keyboard('{ArrowRight}');
    await expect(radio('Ben')).toBeChecked();
    await expect(radio('Ben')).toHaveFocus();
    await expect(lastAnnouncement()).toBe('Ben at 0:00');

    // X: back to the track before, and again to swap back.
    await userEvent.keyboard('x');
    await expect(radio('Ava, +2 st')).toBeChecked();
    await userEvent.keyboard('X');
    await expect(radio('Ben')).toBeChecked();

    // 1 is the original; a number without a track does nothing.
    await userEvent.keyboard('1');
    await expect(radio('Original')).toBeChecked();
    await userEvent.keyboard('7');
    await expect(radio('Original')).toBeChecked();
    await expect(onTrackChange).toHaveBeenCalledTimes(5);

    // The keys' tooltip, on the button after the switcher.
    await userEvent.tab();
    const keys = ui.getByRole('button', { name: 'Keys' });
    await expect(keys).toHaveFocus();
    await expect(await within(document.body).findByRole('tooltip')).toHaveTextContent(
      'Keys 1–9 choose a track, X switches back',
    );
    await expect(onTracksError).not.toHaveBeenCalled();
  },
};

/**
 * X while playing: the track switched to takes over where the other one was, still playing; the other is
 * paused, and the transport still says it is playing.
 */
export const SwitchWhilePlaying: Story = {
  // Ends after real playback, so where the position stops depends on the machine's speed: no screenshot.
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  beforeEach: resetTracks,
  render: () => <TracksPlayer />,
  play: async ({ canvasElement }) => {
    const { ui, slider, media, radio, valueText } = await parts(canvasElement);
    const [original, ava] = media as [HTMLMediaElement, HTMLMediaElement, HTMLMediaElement];

    await userEvent.tab();
    await userEvent.keyboard('2');
    await expect(radio('Ava, +2 st')).toBeChecked();
    await waitFor(() => expect(slider).toBeEnabled());

    // Tab on to the slider (Keys, Play, Stop, then the slider); Space plays.
    for (let i = 0; i < 4 && document.activeElement !== slider; i++) await userEvent.tab();
    await expect(slider).toHaveFocus();
    await userEvent.keyboard(' ');
    await ui.findByRole('button', { name: 'Pause' });
    await waitFor(() => expect(ava.currentTime).toBeGreaterThan(1), { timeout: 5000 });
    await expect(ava.paused).toBe(false);
    await expect(original.paused).toBe(true);

    // Every name the play/pause button takes while X switches tracks, as a screen reader would hear it.
    const toggle = ui.getByRole('button', { name: 'Pause' });
    const names: (string | null)[] = [];
    const observer = new MutationObserver(() => names.push(toggle.getAttribute('aria-label')));
    observer.observe(toggle, { attributes: true, attributeFilter: ['aria-label'] });

    await userEvent.keyboard('x');
    await expect(radio('Original')).toBeChecked();
    // The second track stopped where it was; the first goes on from there.
    await waitFor(() => expect(original.paused).toBe(false));
    await expect(ava.paused).toBe(true);
    await expect(Math.abs(original.currentTime - ava.currentTime)).toBeLessThan(0.5);
    await expect(original.currentTime).toBeGreaterThan(1);
    await expect(lastAnnouncement()).toMatch(/^Original at 0:0[1-9]$/);
    // Pausing the other track is not a pause of the player: the button never turns to "Continue".
    await new Promise((resolve) => setTimeout(resolve, 300));
    observer.disconnect();
    await expect(names.filter((n) => n !== 'Pause')).toEqual([]);
    await expect(ui.getByRole('button', { name: 'Pause' })).toBeInTheDocument();

    // Space pauses; the slider reads where playback got to.
    ui.getByRole('slider', { name: 'Seek' }).focus();
    await userEvent.keyboard(' ');
    await ui.findByRole('button', { name: 'Continue' });
    await expect(original.paused).toBe(true);
    await waitFor(() => expect(valueText()).toMatch(/^0:0\d of 0:12$/));
    await expect(onTracksError).not.toHaveBeenCalled();
  },
};

/**
 * A switch while paused keeps the position, clamped to a shorter track, and redraws the waveform with that
 * track's peaks (its length shows); Stop goes back to the start of the track heard.
 */
export const SeekAndSwitch: Story = {
  beforeEach: resetTracks,
  render: () => <TracksPlayer />,
  play: async ({ canvasElement }) => {
    const { ui, slider, media, radio, valueText } = await parts(canvasElement);
    const [, , ben] = media as [HTMLMediaElement, HTMLMediaElement, HTMLMediaElement];
    for (let i = 0; i < 6 && document.activeElement !== slider; i++) await userEvent.tab();
    await expect(slider).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(valueText()).toBe('0:10 of 0:12');

    // Paused at 0:10, 3 picks the third track at 0:10, with its own length.
    await userEvent.keyboard('3');
    await expect(radio('Ben')).toBeChecked();
    await expect(lastAnnouncement()).toBe('Ben at 0:10');
    await waitFor(() =>
      expect(ui.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '0:10 of 0:11'),
    );
    await expect(ben.currentTime).toBe(10);
    await expect(ben.paused).toBe(true);

    // From the end of the original, the shorter track starts at its own end.
    await userEvent.keyboard('1');
    await waitFor(() =>
      expect(ui.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '0:10 of 0:12'),
    );
    ui.getByRole('slider', { name: 'Seek' }).focus();
    await userEvent.keyboard('{End}');
    await expect(ui.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '0:12 of 0:12');
    await userEvent.keyboard('x');
    await expect(lastAnnouncement()).toBe('Ben at 0:11');
    await waitFor(() =>
      expect(ui.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '0:11 of 0:11'),
    );

    // Stop: back to the start of the same track.
    await userEvent.click(ui.getByRole('button', { name: 'Stop' }));
    await waitFor(() =>
      expect(ui.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '0:00 of 0:11'),
    );
    await expect(radio('Ben')).toBeChecked();
    await expect(onTracksError).not.toHaveBeenCalled();
  },
};

/**
 * What a conversion row's play button does: `toggleTrack` switches to that track and plays it; again, it
 * pauses.
 */
export const ToggleTrackFromOutside: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  beforeEach: resetTracks,
  render: () => {
    let handle: WaveformPlayerHandle | null = null;
    return (
      <>
        <TracksPlayer handle={(h) => (handle = h)} />
        <button type="button" onClick={() => handle?.toggleTrack('ava')}>
          Play Ava
        </button>
      </>
    );
  },
  play: async ({ canvasElement }) => {
    const { ui, media, radio } = await parts(canvasElement);
    const [original, ava] = media as [HTMLMediaElement, HTMLMediaElement, HTMLMediaElement];
    const outside = within(canvasElement).getByRole('button', { name: 'Play Ava' });
    await userEvent.click(outside);
    await expect(radio('Ava, +2 st')).toBeChecked();
    await waitFor(() => expect(ava.paused).toBe(false), { timeout: 5000 });
    await expect(original.paused).toBe(true);
    await ui.findByRole('button', { name: 'Pause' });
    await userEvent.click(outside);
    await waitFor(() => expect(ava.paused).toBe(true));
    await ui.findByRole('button', { name: 'Continue' });
    await expect(onTracksError).not.toHaveBeenCalled();
  },
};

/** A track that cannot be loaded: reported, its choice disabled, the others still play. */
export const UnplayableTrack: Story = {
  beforeEach: resetTracks,
  render: () => (
    <TracksPlayer
      list={[
        ...tracks.slice(0, 2),
        {
          id: 'broken',
          label: 'Cleo',
          audioUrl: URL.createObjectURL(new Blob(['not audio'], { type: 'audio/wav' })),
          duration: 12,
        },
      ]}
    />
  ),
  play: async ({ canvasElement }) => {
    const { ui, radio } = await parts(canvasElement);
    await waitFor(() => expect(onTracksError).toHaveBeenCalledTimes(1));
    await expect(await ui.findByText('“Cleo” cannot be played.')).toBeInTheDocument();
    await expect(radio('Cleo')).toBeDisabled();

    await userEvent.tab();
    await userEvent.keyboard('3');
    await expect(radio('Original')).toBeChecked();
    await userEvent.keyboard('2');
    await expect(radio('Ava, +2 st')).toBeChecked();
    await expect(onTrackChange).toHaveBeenCalledTimes(1);
  },
};

/**
 * Tracks with neither peaks nor a length: each length comes from its audio's metadata, also when a track
 * is switched back to (its element then has the metadata already).
 */
export const TracksWithoutPeaks: Story = {
  beforeEach: resetTracks,
  render: () => <TracksPlayer list={tracks.map(({ peaks: _peaks, ...rest }) => rest)} />,
  play: async ({ canvasElement }) => {
    const { ui, radio } = await parts(canvasElement);
    const slider = () => ui.getByRole('slider', { name: 'Seek' });
    await waitFor(() => expect(slider()).toHaveAttribute('aria-valuetext', '0:00 of 0:12'));
    await userEvent.tab();
    await userEvent.keyboard('3');
    await expect(radio('Ben')).toBeChecked();
    await waitFor(() => expect(slider()).toHaveAttribute('aria-valuetext', '0:00 of 0:11'));
    await userEvent.keyboard('1');
    await waitFor(() => expect(slider()).toHaveAttribute('aria-valuetext', '0:00 of 0:12'));
    await waitFor(() => expect(slider()).toBeEnabled());
    await expect(onTracksError).not.toHaveBeenCalled();
  },
};
