import { describe, expect, it, vi } from 'vitest';
import { conversionTracksOf, createOriginalTracksStore, isPlaying } from './original-tracks.store.ts';

const ava = { id: 'c1', label: 'Ava', audioUrl: '/a.wav' };

describe('originalTracksStore', () => {
  it("keeps each original's completed conversions as tracks until its list goes", () => {
    const store = createOriginalTracksStore();
    expect(conversionTracksOf(store.getSnapshot().context, 'o1')).toEqual([]);
    store.trigger.conversionsShown({ originalId: 'o1', tracks: [ava] });
    expect(conversionTracksOf(store.getSnapshot().context, 'o1')).toEqual([ava]);
    expect(conversionTracksOf(store.getSnapshot().context, 'o2')).toEqual([]);
    store.trigger.conversionsHidden({ originalId: 'o1' });
    expect(conversionTracksOf(store.getSnapshot().context, 'o1')).toEqual([]);
  });

  it("passes a row's play request to the original's player, only while that player is shown", () => {
    const store = createOriginalTracksStore();
    const toggle = vi.fn();
    store.on('toggle', toggle);
    store.trigger.toggleRequested({ originalId: 'o1', trackId: 'c1' });
    expect(toggle).not.toHaveBeenCalled();

    store.trigger.playerShown({ originalId: 'o1' });
    store.trigger.toggleRequested({ originalId: 'o1', trackId: 'c1' });
    expect(toggle).toHaveBeenCalledWith(expect.objectContaining({ originalId: 'o1', trackId: 'c1' }));

    store.trigger.playerHidden({ originalId: 'o1' });
    store.trigger.toggleRequested({ originalId: 'o1', trackId: 'c1' });
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('says which track plays, for the rows’ Play / Pause', () => {
    const store = createOriginalTracksStore();
    store.trigger.playerChanged({ originalId: 'o1', active: 'c1', playback: 'playing' });
    // A player that is not shown has no state.
    expect(store.getSnapshot().context.players.o1).toBeUndefined();
    store.trigger.playerShown({ originalId: 'o1' });
    expect(isPlaying(store.getSnapshot().context.players.o1, 'o1')).toBe(false);
    store.trigger.playerChanged({ originalId: 'o1', active: 'c1', playback: 'playing' });
    const state = store.getSnapshot().context.players.o1;
    expect(isPlaying(state, 'c1')).toBe(true);
    expect(isPlaying(state, 'o1')).toBe(false);
    store.trigger.playerChanged({ originalId: 'o1', active: 'c1', playback: 'paused' });
    expect(isPlaying(store.getSnapshot().context.players.o1, 'c1')).toBe(false);
  });
});
