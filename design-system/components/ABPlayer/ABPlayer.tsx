import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Button, Group, Slider, SliderFill, SliderThumb, SliderTrack, useLocale } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl, type MessageTag } from 'react-intl';
import { announce } from '../../announcer/announcer.ts';
import { formatClock } from '../../format/duration.ts';
import { Icon } from '../Icon/Icon.tsx';
import { Radio, RadioGroup } from '../RadioGroup/RadioGroup.tsx';
import { seekKeyAction } from '../WaveformPlayer/keyboard.ts';
import * as styles from './ABPlayer.css.ts';
import { MAX_TRACK_KEYS, swapIndex, switchPosition, trackKeyAction } from './keyboard.ts';

const messages = defineMessages({
  play: { id: 'ds.abPlayer.play', defaultMessage: 'Play' },
  pause: { id: 'ds.abPlayer.pause', defaultMessage: 'Pause' },
  continue: { id: 'ds.abPlayer.continue', defaultMessage: 'Continue' },
  stop: { id: 'ds.abPlayer.stop', defaultMessage: 'Stop' },
  position: { id: 'ds.abPlayer.position', defaultMessage: 'Position' },
  listenTo: { id: 'ds.abPlayer.listenTo', defaultMessage: 'Listen to' },
});

// Typed apart: react-intl 12 types the messages of defineMessages() as taking no values.
const positionValueMessage = defineMessage<{ current: string; total: string }>({
  id: 'ds.abPlayer.positionValue',
  defaultMessage: '{current} of {total}',
});
const keysMessage = defineMessage<{ last: number; kbd: MessageTag }>({
  id: 'ds.abPlayer.keys',
  defaultMessage:
    'Keys: <kbd>1</kbd> to <kbd>{last}</kbd> choose a version, <kbd>X</kbd> switches back to the previous one.',
});
const switchedMessage = defineMessage<{ track: string; time: string }>({
  id: 'ds.abPlayer.switched',
  defaultMessage: '{track} at {time}',
});
const loadErrorMessage = defineMessage<{ track: string }>({
  id: 'ds.abPlayer.loadError',
  defaultMessage: '“{track}” cannot be played.',
});

/** One recording of the comparison. */
export interface ABTrack {
  /** Stable id, given back by `onSwitch`. */
  id: string;
  /** What the listener hears it as, e.g. "Original" or "Voice Ava, +2 st": the radio's label. */
  label: string;
  /** The audio file. */
  audioUrl: string;
}

type Playback = 'stopped' | 'playing' | 'paused';

export interface ABPlayerProps {
  /** What is being compared, e.g. the project's name: the name of the player's group. */
  label: string;
  /**
   * The recordings on the shared timeline, the original first and then its conversions. Number keys 1–9
   * pick the first nine.
   */
  tracks: ABTrack[];
  /**
   * Start muted (browsers allow muted playback without a gesture; tests use it).
   * @default false
   */
  muted?: boolean;
  /**
   * The element each track plays through, always hidden. Chromium lets media play without a user gesture
   * only when it is a muted `<video>`, so stories and tests, which cannot give a gesture, use 'video'.
   * @default 'audio'
   */
  mediaElement?: 'audio' | 'video';
  /**
   * Another track became the one heard (a radio, a number key or X), with its id.
   * @default undefined
   */
  onSwitch?: (id: string) => void;
  /**
   * A track could not be loaded or played. Its radio is disabled; the others still play.
   * @default undefined
   */
  onError?: (error: Error) => void;
}

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
const tenths = (seconds: number) => Math.floor(seconds * 10) / 10;

/**
 * An A/B player for comparing voices: the original and its conversions on one synchronised timeline.
 * Only the chosen track sounds; switching keeps the position (the new track takes over where the old one
 * was, still playing if it was), so the same words are heard in another voice.
 *
 * One transport serves every track: Play/Pause, Stop and a position slider (a native range input
 * underneath) whose value text reads "0:30 of 2:00". Slider keys: Left/Right 5 s, Page Down/Page Up
 * 30 s, Home/End, Space play/pause. The track is chosen in a "Listen to" radio group (arrow keys), or
 * from anywhere inside the player with 1–9 (track N) and X (back to the previous track, the A/B key).
 * A switch is announced politely: "Voice Ava at 0:31".
 */
export function ABPlayer({ label, tracks, muted = false, mediaElement = 'audio', onSwitch, onError }: ABPlayerProps) {
  const intl = useIntl();
  const { direction } = useLocale();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const mediaRefs = useRef(new Map<string, HTMLMediaElement>());
  // Media events arrive after the switch that caused them: the ref says which track is the player's now.
  const activeRef = useRef<string | null>(null);
  const stoppingRef = useRef(false);

  const [activeId, setActiveId] = useState(() => tracks[0]?.id ?? '');
  const [previousId, setPreviousId] = useState<string | null>(null);
  const [playback, setPlayback] = useState<Playback>('stopped');
  const [time, setTime] = useState(0);
  const [sliderTime, setSliderTime] = useState(0);
  const [sliderFocused, setSliderFocused] = useState(false);
  const [durations, setDurations] = useState<Record<string, number>>({});
  // The URL of each track that failed to load, so a new URL for the track is tried again.
  const [failed, setFailed] = useState<Record<string, string>>({});
  const isFailed = (track: ABTrack) => failed[track.id] === track.audioUrl;

  // The active track was taken out of `tracks`: start again on the original.
  const active = tracks.find((track) => track.id === activeId) ?? tracks[0];
  if (active && active.id !== activeId) {
    setActiveId(active.id);
    setPreviousId(null);
    setPlayback('stopped');
    setTime(0);
    setSliderTime(0);
  }
  useLayoutEffect(() => {
    activeRef.current = active?.id ?? null;
  });

  const total = (active && durations[active.id]) || 0;
  const media = (id: string | undefined) => (id ? mediaRefs.current.get(id) : undefined);
  const isActive = (id: string) => activeRef.current === id;

  const report = (error: unknown) => onError?.(toError(error));

  const play = (element: HTMLMediaElement, id: string) => {
    element.play().catch((error: unknown) => {
      // A pause or a switch before playback started interrupts play(): that is no failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (isActive(id)) report(error);
    });
  };

  const toggle = () => {
    const element = media(active?.id);
    if (!element || !active) return;
    if (element.paused) play(element, active.id);
    else element.pause();
  };

  const stop = () => {
    const element = media(active?.id);
    if (!element) return;
    stoppingRef.current = !element.paused;
    element.pause();
    element.currentTime = 0;
    setPlayback('stopped');
    setTime(0);
    setSliderTime(0);
  };

  const seek = (seconds: number) => {
    const element = media(active?.id);
    if (!element || !total) return;
    const t = Math.min(total, Math.max(0, seconds));
    element.currentTime = t;
    setTime(t);
    setSliderTime(t);
  };

  /** Makes `id` the track heard, at the shared position; false when it cannot be. */
  const select = (id: string): boolean => {
    const fromId = activeRef.current;
    const target = tracks.find((track) => track.id === id);
    const to = media(id);
    if (!target || !to || id === fromId || isFailed(target)) return false;
    const from = media(fromId ?? undefined);
    const wasPlaying = !!from && !from.paused;
    const t = switchPosition(from ? from.currentTime : time, to.duration);
    // Switch first: the old track's pause event that follows is not the player pausing.
    activeRef.current = id;
    from?.pause();
    to.currentTime = t;
    if (wasPlaying) play(to, id);
    setActiveId(id);
    setPreviousId(fromId);
    setTime(tenths(t));
    setSliderTime(tenths(t));
    announce(
      intl.formatMessage(switchedMessage, {
        track: target.label,
        time: formatClock(t, { total: durations[id] ?? total }),
      }),
    );
    onSwitch?.(id);
    return true;
  };

  // Handlers of every track's media events; only the active track's move the transport.
  const mediaHandlers = (id: string) => ({
    onPlay: () => {
      if (isActive(id)) setPlayback('playing');
    },
    onPause: (event: SyntheticEvent<HTMLMediaElement>) => {
      // Also ignored: a pause from before a quick switch back, when this track already plays again.
      if (!isActive(id) || !event.currentTarget.paused) return;
      // A stop pauses first, and so does the end of the media: neither is a pause part-way.
      if (stoppingRef.current || event.currentTarget.ended) {
        stoppingRef.current = false;
        return;
      }
      setPlayback('paused');
      setSliderTime(tenths(event.currentTarget.currentTime));
    },
    onEnded: (event: SyntheticEvent<HTMLMediaElement>) => {
      // Chromium also ends a paused element moved to its end (End key): that is no play-through.
      if (!isActive(id) || playback !== 'playing') return;
      event.currentTarget.currentTime = 0;
      setPlayback('stopped');
      setTime(0);
      setSliderTime(0);
    },
    onTimeUpdate: (event: SyntheticEvent<HTMLMediaElement>) => {
      if (!isActive(id)) return;
      const t = tenths(event.currentTarget.currentTime);
      setTime(t);
      // While playing, a focused slider keeps quiet, so the screen reader is not made to read a new time
      // every second; it catches up on the next key, and when playback pauses or stops.
      if (!(sliderFocused && playback === 'playing')) setSliderTime(t);
    },
    onEmptied: () => {
      // A new file for the track heard (its audioUrl changed): back to the start, stopped.
      if (!isActive(id)) return;
      setPlayback('stopped');
      setTime(0);
      setSliderTime(0);
    },
    onDurationChange: (event: SyntheticEvent<HTMLMediaElement>) => {
      const seconds = event.currentTarget.duration;
      if (Number.isFinite(seconds)) setDurations((known) => ({ ...known, [id]: seconds }));
    },
    onError: (event: SyntheticEvent<HTMLMediaElement>) => {
      const track = tracks.find((t) => t.id === id);
      if (!track) return;
      const reason = event.currentTarget.error?.message || 'the media could not be loaded';
      setFailed((known) => ({ ...known, [id]: track.audioUrl }));
      report(new Error(`${track.label}: ${reason}`));
    },
  });

  const keyCount = Math.min(tracks.length, MAX_TRACK_KEYS);
  // The keys are worth telling only when there is something to switch between.
  const hasKeys = tracks.length > 1;
  const onKeyDown = (event: KeyboardEvent) => {
    const action = trackKeyAction(event.key, tracks.length, event);
    if (!action || !active) return;
    const activeIndex = tracks.indexOf(active);
    const index =
      action.type === 'select'
        ? action.index
        : swapIndex(
            activeIndex,
            previousId === null ? null : tracks.findIndex((track) => track.id === previousId),
            tracks.length,
          );
    const target = index === null ? undefined : tracks[index];
    if (!target || index === null) return;
    event.preventDefault();
    if (!select(target.id)) return;
    // From a radio, focus follows the check, so the arrow keys go on from the track now heard.
    const focused = document.activeElement;
    if (focused instanceof HTMLInputElement && focused.type === 'radio' && event.currentTarget.contains(focused)) {
      event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="radio"]')[index]?.focus();
    }
  };

  const totalText = formatClock(total);
  const valueText = intl.formatMessage(positionValueMessage, {
    current: formatClock(sliderTime, { total }),
    total: totalText,
  });
  // React Aria formats a slider's value as a number; the time reads better. Its attribute is rewritten
  // after every render of the player, which is every time the value can change.
  useLayoutEffect(() => {
    inputRef.current?.setAttribute('aria-valuetext', valueText);
  });

  const disabled = !active || !total || isFailed(active);
  const toggleLabel =
    playback === 'playing' ? messages.pause : playback === 'paused' ? messages.continue : messages.play;
  const Media = mediaElement;

  return (
    <Group
      aria-label={label}
      aria-describedby={hasKeys ? hintId : undefined}
      className={styles.player}
      onKeyDown={onKeyDown}
    >
      <RadioGroup
        label={intl.formatMessage(messages.listenTo)}
        orientation="horizontal"
        value={active?.id ?? null}
        onChange={(id) => void select(id)}
        description={
          hasKeys ? (
            <span id={hintId} className={styles.hint}>
              {intl.formatMessage(keysMessage, {
                last: keyCount,
                kbd: (chunks: ReactNode[]) => <kbd>{chunks}</kbd>,
              })}
            </span>
          ) : undefined
        }
      >
        {tracks.map((track) => (
          <Radio key={track.id} value={track.id} isDisabled={isFailed(track)}>
            {track.label}
          </Radio>
        ))}
      </RadioGroup>
      <div className={styles.transport}>
        <div className={styles.controls}>
          <Button
            className={styles.control({ kind: 'primary' })}
            aria-label={intl.formatMessage(toggleLabel)}
            isDisabled={disabled}
            onPress={toggle}
          >
            <Icon name={playback === 'playing' ? 'pause' : 'play'} />
          </Button>
          <Button
            className={styles.control({ kind: 'secondary' })}
            aria-label={intl.formatMessage(messages.stop)}
            isDisabled={disabled}
            onPress={stop}
          >
            <Icon name="stop" />
          </Button>
        </div>
        <Slider
          className={styles.slider}
          aria-label={intl.formatMessage(messages.position)}
          minValue={0}
          maxValue={Math.max(total, 1)}
          step={1}
          value={sliderTime}
          onChange={seek}
          isDisabled={disabled}
        >
          <SliderTrack className={styles.track}>
            <SliderFill className={styles.fill} />
            <SliderThumb
              className={styles.thumb}
              inputRef={inputRef}
              onFocusChange={(focused) => {
                setSliderFocused(focused);
                if (!focused) setSliderTime(time);
              }}
              onKeyDown={(event) => {
                const action = seekKeyAction(
                  event.key,
                  media(active?.id)?.currentTime ?? time,
                  total,
                  direction === 'rtl',
                );
                if (!action) {
                  // Number keys and X go on to the player.
                  event.continuePropagation();
                  return;
                }
                event.preventDefault();
                if (action.type === 'toggle') toggle();
                else seek(action.time);
              }}
            />
          </SliderTrack>
        </Slider>
        <span className={styles.time}>
          {formatClock(time, { total })} / {totalText}
        </span>
      </div>
      {tracks.filter(isFailed).map((track) => (
        <p key={track.id} className={styles.error}>
          {intl.formatMessage(loadErrorMessage, { track: track.label })}
        </p>
      ))}
      {tracks.map((track) => (
        <Media
          key={track.id}
          ref={(element: HTMLMediaElement | null) => {
            if (element) mediaRefs.current.set(track.id, element);
            else mediaRefs.current.delete(track.id);
          }}
          src={track.audioUrl}
          preload="auto"
          muted={muted}
          hidden
          {...(mediaElement === 'video' ? { playsInline: true } : {})}
          {...mediaHandlers(track.id)}
        />
      ))}
    </Group>
  );
}
