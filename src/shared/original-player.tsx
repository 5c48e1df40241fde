import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import {
  WaveformPlayer,
  type PlaybackState,
  type WaveformPlayerHandle,
  type WaveformTrack,
} from '../../design-system/index.ts';
import { conversionTracksOf, originalTracksStore } from './original-tracks.store.ts';

export interface OriginalPlayerProps {
  /** The original: its id, its label, its audio and peaks, its length. */
  original: {
    id: string;
    url: string | null;
    waveform_url?: string | null;
    duration?: number | null;
  };
  /** The name of the player's group, e.g. "Player: narration". */
  label: string;
  /**
   * Height of the waveform in pixels (as tall as the transport's buttons, so the card stays compact).
   * @default 44
   */
  height?: number;
  /**
   * Start muted (stories and tests).
   * @default false
   */
  muted?: boolean;
  /**
   * The elements the tracks play through (stories use a muted 'video', see WaveformPlayer).
   * @default 'audio'
   */
  mediaElement?: 'audio' | 'video';
  /** A play-through of a track started (from the start, or after a stop). */
  onPlayed?: (track: WaveformTrack) => void;
  /** The user stopped a track. */
  onStop?: (track: WaveformTrack) => void;
}

/**
 * The one transport of an original: its waveform player, whose "Listen to" switcher holds the original
 * and the completed conversions its list shows (through `originalTracksStore`), and which plays a
 * conversion when its row's play button asks for it.
 */
export function OriginalPlayer({
  original,
  label,
  height = 44,
  muted,
  mediaElement,
  onPlayed,
  onStop,
}: OriginalPlayerProps) {
  const intl = useIntl();
  const player = useRef<WaveformPlayerHandle>(null);
  const conversions = useSelector(originalTracksStore, (s) => conversionTracksOf(s.context, original.id));
  const state = useSelector(originalTracksStore, (s) => s.context.players[original.id]);
  const originalTrack: WaveformTrack | null = original.url
    ? {
        id: original.id,
        label: intl.formatMessage({ id: 'originalPlayer.original' }),
        audioUrl: original.url,
        peaksUrl: original.waveform_url ?? undefined,
        duration: original.duration || undefined,
      }
    : null;
  const tracks = originalTrack ? [originalTrack, ...conversions] : [];

  useEffect(() => {
    originalTracksStore.trigger.playerShown({ originalId: original.id });
    // The row's click reaches the player at once, still inside the user's gesture.
    const subscription = originalTracksStore.on('toggle', ({ originalId, trackId }) => {
      if (originalId === original.id) player.current?.toggleTrack(trackId);
    });
    return () => {
      subscription.unsubscribe();
      originalTracksStore.trigger.playerHidden({ originalId: original.id });
    };
  }, [original.id]);

  if (!originalTrack) return null;
  const active = state?.active ?? original.id;
  const trackOf = (id: string) => tracks.find((t) => t.id === id) ?? originalTrack;
  const changed = (playback: PlaybackState, id = active) =>
    originalTracksStore.trigger.playerChanged({ originalId: original.id, active: id, playback });

  return (
    <WaveformPlayer
      ref={player}
      label={label}
      tracks={tracks}
      track={active}
      height={height}
      muted={muted}
      mediaElement={mediaElement}
      onTrackChange={(id) => changed(state?.playback ?? 'stopped', id)}
      onPlayed={(id) => onPlayed?.(trackOf(id))}
      onPlay={(id) => changed('playing', id)}
      onPause={(id) => changed('paused', id)}
      onStop={(id) => {
        changed('stopped', id);
        onStop?.(trackOf(id));
      }}
      onEnded={(id) => changed('stopped', id)}
    />
  );
}
