import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { announcementLog, clearAnnouncements } from '../../announcer/announcer.ts';
import { synthesiseClip } from '../WaveformPlayer/story-audio.ts';
import { ABPlayer } from './ABPlayer.tsx';

// Real clips made here, told apart by pitch: the original at 180 Hz, two "conversions" at 240 Hz and
// 130 Hz. The second conversion is a little shorter, as a conversion can be.
const clipUrl = (seconds: number, frequency: number) =>
  URL.createObjectURL(synthesiseClip(seconds, 8000, frequency).wav);
const tracks = [
  { id: 'original', label: 'Original', audioUrl: clipUrl(12, 180) },
  { id: 'ava', label: 'Voice Ava', audioUrl: clipUrl(12, 240) },
  { id: 'ben', label: 'Voice Ben', audioUrl: clipUrl(11, 130) },
];

const meta = {
  title: 'Components/ABPlayer',
  component: ABPlayer,
  args: {
    label: 'Compare voices',
    tracks,
    // Headless browsers play muted media without an audio device; a real user hears it.
    muted: true,
    // storybook/test's userEvent dispatches synthetic events, which give the page no user activation, and
    // Chromium lets media play without one only when it is a muted <video>: real playback, whose time
    // really advances. The app uses the default, hidden <audio> elements.
    mediaElement: 'video',
    onSwitch: fn(),
    onError: fn(),
  },
  beforeEach: () => {
    clearAnnouncements();
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ABPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

const lastAnnouncement = () => announcementLog.getSnapshot().context.entries.at(-1)?.message;

/** The player, its parts and its hidden media elements (one per track, in the order of the tracks). */
async function parts(canvasElement: HTMLElement) {
  const player = within(canvasElement).getByRole('group', { name: 'Compare voices' });
  const ui = within(player);
  const slider = ui.getByRole('slider', { name: 'Position' });
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

/**
 * Track choice by keyboard: Tab enters the "Listen to" group on the original; 2 picks the second track,
 * the arrows move on, X goes back to the track before. Every switch is announced with the position.
 */
export const ChooseTrack: Story = {
  play: async ({ canvasElement, args }) => {
    const { player, ui, radio, media } = await parts(canvasElement);
    const group = ui.getByRole('radiogroup', { name: 'Listen to' });
    const hint = 'Keys: 1 to 3 choose a version, X switches back to the previous one.';
    await expect(ui.getByText(/^Keys:/)).toHaveTextContent(hint);
    await expect(group).toHaveAccessibleDescription(hint);
    await expect(player).toHaveAccessibleDescription(hint);
    await expect(media).toHaveLength(3);

    await userEvent.tab();
    await expect(radio('Original')).toHaveFocus();
    await expect(radio('Original')).toBeChecked();

    await userEvent.keyboard('2');
    await expect(radio('Voice Ava')).toBeChecked();
    await expect(lastAnnouncement()).toBe('Voice Ava at 0:00');
    await expect(args.onSwitch).toHaveBeenLastCalledWith('ava');

    await userEvent.keyboard('{ArrowRight}');
    await expect(radio('Voice Ben')).toBeChecked();
    await expect(radio('Voice Ben')).toHaveFocus();
    await expect(lastAnnouncement()).toBe('Voice Ben at 0:00');

    // X: back to the track before, and again to swap back.
    await userEvent.keyboard('x');
    await expect(radio('Voice Ava')).toBeChecked();
    await expect(lastAnnouncement()).toBe('Voice Ava at 0:00');
    await userEvent.keyboard('X');
    await expect(radio('Voice Ben')).toBeChecked();

    // 1 is the original; a number without a track does nothing.
    await userEvent.keyboard('1');
    await expect(radio('Original')).toBeChecked();
    await userEvent.keyboard('7');
    await expect(radio('Original')).toBeChecked();
    await expect(args.onSwitch).toHaveBeenCalledTimes(5);
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/**
 * The A/B key while playing: the track switched to takes over where the other one was, still playing;
 * the other is paused, and the transport still says it is playing.
 */
export const SwitchWhilePlaying: Story = {
  // Ends after real playback, so where the position stops depends on the machine's speed: no screenshot.
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  play: async ({ canvasElement, args }) => {
    const { ui, slider, media, radio, valueText } = await parts(canvasElement);
    const [original, ava] = media as [HTMLMediaElement, HTMLMediaElement, HTMLMediaElement];

    await userEvent.tab();
    await userEvent.keyboard('2');
    await expect(radio('Voice Ava')).toBeChecked();

    // Tab on to the slider (Play, Stop, then the slider); Space plays.
    await userEvent.tab();
    await expect(ui.getByRole('button', { name: 'Play' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
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
    await expect(ava.paused).toBe(true);
    await expect(original.paused).toBe(false);
    await expect(Math.abs(original.currentTime - ava.currentTime)).toBeLessThan(0.3);
    await expect(original.currentTime).toBeGreaterThan(1);
    await expect(lastAnnouncement()).toMatch(/^Original at 0:0[1-9]$/);
    // Pausing the other track is not a pause of the player: the button never turns to "Continue".
    await new Promise((resolve) => setTimeout(resolve, 300));
    observer.disconnect();
    await expect(names).toEqual([]);
    await expect(toggle).toHaveAccessibleName('Pause');
    await expect(slider).toHaveFocus();

    // Home: back to the start, still playing.
    await userEvent.keyboard('{Home}');
    await expect(valueText()).toBe('0:00 of 0:12');
    await expect(original.currentTime).toBeLessThan(0.5);
    await expect(original.paused).toBe(false);

    // Space pauses; the slider reads where playback got to.
    await userEvent.keyboard(' ');
    await ui.findByRole('button', { name: 'Continue' });
    await expect(original.paused).toBe(true);
    await waitFor(() => expect(valueText()).toMatch(/^0:0\d of 0:12$/));
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/**
 * The slider's keys, and a switch while paused: the position is kept, clamped to a shorter track; Stop
 * goes back to the start.
 */
export const SeekAndSwitch: Story = {
  play: async ({ canvasElement, args }) => {
    const { ui, slider, media, radio, valueText } = await parts(canvasElement);
    const [, , ben] = media as [HTMLMediaElement, HTMLMediaElement, HTMLMediaElement];
    for (let i = 0; i < 4; i++) await userEvent.tab();
    await expect(slider).toHaveFocus();
    await expect(valueText()).toBe('0:00 of 0:12');

    await userEvent.keyboard('{End}');
    await expect(valueText()).toBe('0:12 of 0:12');
    await userEvent.keyboard('{Home}');
    await expect(valueText()).toBe('0:00 of 0:12');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(valueText()).toBe('0:10 of 0:12');
    await userEvent.keyboard('{ArrowLeft}');
    await expect(valueText()).toBe('0:05 of 0:12');
    await userEvent.keyboard('{PageUp}');
    await expect(valueText()).toBe('0:12 of 0:12');
    await userEvent.keyboard('{PageDown}');
    await expect(valueText()).toBe('0:00 of 0:12');

    // Paused at 0:10, 3 picks the third track at 0:10.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await userEvent.keyboard('3');
    await expect(radio('Voice Ben')).toBeChecked();
    await expect(lastAnnouncement()).toBe('Voice Ben at 0:10');
    await expect(valueText()).toBe('0:10 of 0:11');
    await expect(ben.currentTime).toBe(10);
    await expect(ben.paused).toBe(true);

    // From the end of the original, the shorter track starts at its own end.
    await userEvent.keyboard('1');
    await userEvent.keyboard('{End}');
    await expect(valueText()).toBe('0:12 of 0:12');
    await userEvent.keyboard('x');
    await expect(lastAnnouncement()).toBe('Voice Ben at 0:11');
    await expect(valueText()).toBe('0:11 of 0:11');

    // Stop: back to the start of the same track.
    await userEvent.tab({ shift: true });
    await expect(ui.getByRole('button', { name: 'Stop' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(valueText()).toBe('0:00 of 0:11');
    await expect(ben.currentTime).toBe(0);
    await expect(radio('Voice Ben')).toBeChecked();
    await expect(ui.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** Played to the end: back at the start, stopped, ready to play again. */
export const PlaysToTheEnd: Story = {
  play: async ({ canvasElement }) => {
    const { ui, slider, media, valueText } = await parts(canvasElement);
    const [original] = media as [HTMLMediaElement];
    for (let i = 0; i < 4; i++) await userEvent.tab();
    await expect(slider).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expect(valueText()).toBe('0:10 of 0:12');
    await userEvent.keyboard(' ');
    await ui.findByRole('button', { name: 'Pause' });
    await ui.findByRole('button', { name: 'Play' }, { timeout: 6000 });
    await expect(valueText()).toBe('0:00 of 0:12');
    await expect(original.currentTime).toBe(0);
    await expect(original.paused).toBe(true);
  },
};

/** A track that cannot be loaded: reported, its radio disabled, the others still play. */
export const UnplayableTrack: Story = {
  args: {
    tracks: [
      ...tracks.slice(0, 2),
      {
        id: 'broken',
        label: 'Voice Cleo',
        audioUrl: URL.createObjectURL(new Blob(['not audio'], { type: 'audio/wav' })),
      },
    ],
  },
  play: async ({ canvasElement, args }) => {
    const { ui, radio } = await parts(canvasElement);
    await waitFor(() => expect(args.onError).toHaveBeenCalledTimes(1));
    await expect(await ui.findByText('“Voice Cleo” cannot be played.')).toBeInTheDocument();
    await expect(radio('Voice Cleo')).toBeDisabled();

    await userEvent.tab();
    await userEvent.keyboard('3');
    await expect(radio('Original')).toBeChecked();
    await userEvent.keyboard('2');
    await expect(radio('Voice Ava')).toBeChecked();
    await expect(args.onSwitch).toHaveBeenCalledTimes(1);
  },
};
