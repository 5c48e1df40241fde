import { createStore } from '@xstate/store';
import type { PlaybackState, WaveformTrack } from '../../design-system/index.ts';

/**
 * One transport per original (issue 13): the original's player (projects) plays the original and its
 * completed conversions, whose rows (conversions) each have a play button. The two features share this
 * store instead of importing each other:
 * - the conversions list publishes the completed conversions as tracks (`conversionsShown`),
 * - the player registers itself (`playerShown`) and says what it plays (`playerChanged`),
 * - a row's play button asks the player to play or pause its track (`toggleRequested` → emitted `toggle`,
 *   handled by the player synchronously, inside the click, so browsers let the audio start).
 */
export interface OriginalPlayerState {
  /** The track heard: the original's id or a conversion's. */
  active: string;
  playback: PlaybackState;
}

interface Context {
  /** The completed conversions of each original shown, as tracks, in the list's order. */
  conversions: Record<string, readonly WaveformTrack[]>;
  /** The players on the page, by original id. */
  players: Record<string, OriginalPlayerState>;
}

type Events = {
  conversionsShown: { originalId: string; tracks: readonly WaveformTrack[] };
  conversionsHidden: { originalId: string };
  playerShown: { originalId: string };
  playerHidden: { originalId: string };
  playerChanged: { originalId: string; active: string; playback: PlaybackState };
  toggleRequested: { originalId: string; trackId: string };
};

type Emitted = {
  toggle: { originalId: string; trackId: string };
};

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

export function createOriginalTracksStore() {
  return createStore<Context, Events, Emitted>({
    context: { conversions: {}, players: {} },
    on: {
      conversionsShown: (context, { originalId, tracks }) => ({
        ...context,
        conversions: { ...context.conversions, [originalId]: tracks },
      }),
      conversionsHidden: (context, { originalId }) => ({
        ...context,
        conversions: without(context.conversions, originalId),
      }),
      playerShown: (context, { originalId }) => ({
        ...context,
        players: { ...context.players, [originalId]: { active: originalId, playback: 'stopped' } },
      }),
      playerHidden: (context, { originalId }) => ({ ...context, players: without(context.players, originalId) }),
      playerChanged: (context, { originalId, active, playback }) =>
        context.players[originalId]
          ? { ...context, players: { ...context.players, [originalId]: { active, playback } } }
          : context,
      toggleRequested: (context, { originalId, trackId }, enqueue) => {
        if (context.players[originalId]) enqueue.emit.toggle({ originalId, trackId });
        return context;
      },
    },
  });
}

export type OriginalTracksStore = ReturnType<typeof createOriginalTracksStore>;

export const originalTracksStore: OriginalTracksStore = createOriginalTracksStore();

/** Whether `trackId` is what the original's player is playing now. */
export function isPlaying(state: OriginalPlayerState | undefined, trackId: string): boolean {
  return state?.active === trackId && state.playback === 'playing';
}

const NO_TRACKS: readonly WaveformTrack[] = [];

/** The completed conversions of an original as tracks (none until its list has shown them). */
export function conversionTracksOf(context: Context, originalId: string): readonly WaveformTrack[] {
  return context.conversions[originalId] ?? NO_TRACKS;
}
