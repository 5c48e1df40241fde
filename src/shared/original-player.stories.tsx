import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { synthesiseClip } from '../../design-system/components/WaveformPlayer/story-audio.ts';
import { OriginalPlayer } from './original-player.tsx';
import { isPlaying, originalTracksStore } from './original-tracks.store.ts';

const clip = (frequency: number) => URL.createObjectURL(synthesiseClip(8, 8000, frequency).wav);
const original = { id: 'take', url: clip(180), waveform_url: null, duration: 8 };
const conversions = [
  { id: 'ava', label: 'Ava, +2 st', audioUrl: clip(240), duration: 8 },
  { id: 'ben', label: 'Ben', audioUrl: clip(130), duration: 8 },
];

/** What the conversions list does: publishes its completed conversions, and a play button for each. */
function Rows() {
  useEffect(() => {
    originalTracksStore.trigger.conversionsShown({ originalId: original.id, tracks: conversions });
    return () => originalTracksStore.trigger.conversionsHidden({ originalId: original.id });
  }, []);
  const player = useSelector(originalTracksStore, (s) => s.context.players[original.id]);
  return (
    <ul aria-label="Conversions">
      {conversions.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => originalTracksStore.trigger.toggleRequested({ originalId: original.id, trackId: c.id })}
          >
            {isPlaying(player, c.id) ? `Pause ${c.label}` : `Play ${c.label}`}
          </button>
        </li>
      ))}
    </ul>
  );
}

const meta = {
  title: 'Shared/Original player',
  component: OriginalPlayer,
  args: {
    original,
    label: 'Player: Welcome take',
    muted: true,
    // Muted videos play without a user gesture (storybook/test gives none); the app uses <audio>.
    mediaElement: 'video',
    onPlayed: fn(),
    onStop: fn(),
  },
  render: (args) => (
    <>
      <OriginalPlayer {...args} />
      <Rows />
    </>
  ),
  parameters: { layout: 'padded' },
} satisfies Meta<typeof OriginalPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * One transport for the original and its conversions: the switcher holds the three; a row's button plays
 * its conversion there with one press (a play-through, reported with the track), and pauses it with another.
 */
export const OneTransport: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const player = canvas.getByRole('group', { name: 'Player: Welcome take' });
    const radios = await within(player).findAllByRole('radio');
    await expect(radios.map((r) => r.closest('label')?.textContent)).toEqual(['Original', 'Ava, +2 st', 'Ben']);
    await expect(within(player).getAllByRole('slider', { name: 'Seek' })).toHaveLength(1);

    await userEvent.click(canvas.getByRole('button', { name: 'Play Ben' }));
    await waitFor(() => expect(radios[2]).toBeChecked());
    const ben = player.querySelector<HTMLMediaElement>('[data-track="ben"]')!;
    await waitFor(() => expect(ben.paused).toBe(false), { timeout: 5000 });
    await expect(args.onPlayed).toHaveBeenCalledWith(expect.objectContaining({ id: 'ben', label: 'Ben' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Pause Ben' }));
    await waitFor(() => expect(ben.paused).toBe(true));
    await canvas.findByRole('button', { name: 'Play Ben' });
  },
};

/** An original alone: no switcher, just its transport. */
export const OriginalOnly: Story = {
  render: (args) => <OriginalPlayer {...args} />,
  play: async ({ canvasElement }) => {
    const player = within(canvasElement).getByRole('group', { name: 'Player: Welcome take' });
    await waitFor(() => expect(within(player).getByRole('button', { name: 'Play' })).toBeEnabled());
    await expect(within(player).queryByRole('radiogroup')).toBeNull();
  },
};
