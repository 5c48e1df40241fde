import {
  useEffect,
  useEffectEvent,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Button, Group, Radio, RadioGroup, Slider, SliderThumb, SliderTrack, useLocale } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type WaveSurfer from 'wavesurfer.js';
import { announce } from '../../announcer/announcer.ts';
import { formatClock } from '../../format/duration.ts';
import { registerExclusivePlayback } from '../../playback/exclusive-playback.ts';
import { vars } from '../../theme/vars.css.ts';
import { Icon } from '../Icon/Icon.tsx';
import { Tooltip, TooltipTrigger } from '../Tooltip/Tooltip.tsx';
import { seekKeyAction, swapIndex, switchPosition, trackKeyAction } from './keyboard.ts';
import { peaksFromAudiowaveform, type AudiowaveformData, type WaveformPeaks } from './peaks.ts';
import * as styles from './WaveformPlayer.css.ts';

const messages = defineMessages({
  play: { id: 'ds.waveformPlayer.play', defaultMessage: 'Play' },
  pause: { id: 'ds.waveformPlayer.pause', defaultMessage: 'Pause' },
  continue: { id: 'ds.waveformPlayer.continue', defaultMessage: 'Continue' },
  stop: { id: 'ds.waveformPlayer.stop', defaultMessage: 'Stop' },
  seek: { id: 'ds.waveformPlayer.seek', defaultMessage: 'Seek' },
  loadError: { id: 'ds.waveformPlayer.loadError', defaultMessage: 'This recording cannot be played.' },
  listenTo: { id: 'ds.waveformPlayer.listenTo', defaultMessage: 'Listen to' },
  keys: { id: 'ds.waveformPlayer.keys', defaultMessage: 'Keys' },
  keysHint: { id: 'ds.waveformPlayer.keysHint', defaultMessage: 'Keys 1–9 choose a track, X switches back' },
});

// Typed apart: react-intl 12 types the messages of defineMessages() as taking no values.
const positionMessage = defineMessage<{ current: string; total: string }>({
  id: 'ds.waveformPlayer.position',
  defaultMessage: '{current} of {total}',
});
const switchedMessage = defineMessage<{ track: string; time: string }>({
  id: 'ds.waveformPlayer.switched',
  defaultMessage: '{track} at {time}',
});
const trackErrorMessage = defineMessage<{ track: string }>({
  id: 'ds.waveformPlayer.trackError',
  defaultMessage: '“{track}” cannot be played.',
});

/** Where playback is: never started or stopped (at the start), playing, or paused part-way. */
export type PlaybackState = 'stopped' | 'playing' | 'paused';

/** One recording the player can switch to (the original, a conversion). */
export interface WaveformTrack {
  /** Stable id, given back by `onTrackChange`. */
  id: string;
  /** What the listener hears it as, e.g. "Original" or "Ava, +2 st": the switcher's label for it. */
  label: string;
  /** The audio file. */
  audioUrl: string;
  /** Where its server-computed peaks are (audiowaveform JSON). Ignored when `peaks` is given. */
  peaksUrl?: string;
  /** Its peaks, already fetched. Keep the object stable: a new one redraws the waveform. */
  peaks?: AudiowaveformData;
  /** Its length in seconds, when known. */
  duration?: number;
}

/** What the page can ask of a player (a row's play button elsewhere on the page). */
export interface WaveformPlayerHandle {
  /**
   * Plays `trackId` (switching to it at the shared position), or pauses it when it is the one playing.
   * A switch is announced when playback goes on from where it was.
   */
  toggleTrack: (trackId: string) => void;
}

interface CommonProps {
  /** What is playing, e.g. the recording's label: the name of the player's group. */
  label: string;
  /** Options of the peaks requests, e.g. credentials. */
  peaksRequest?: RequestInit;
  /**
   * Start muted (browsers allow muted playback without a gesture; tests use it).
   * @default false
   */
  muted?: boolean;
  /**
   * Height of the waveform in pixels.
   * @default 56
   */
  height?: number;
  /** The played counter: once per play-through, when playback starts from the start or after a stop. */
  onPlayed?: (trackId: string) => void;
  /** Playback started or continued. */
  onPlay?: (trackId: string) => void;
  /** Playback paused part-way. */
  onPause?: (trackId: string) => void;
  /** Stopped by the user, back at the start. */
  onStop?: (trackId: string) => void;
  /** Played to the end (the player then goes back to the start). */
  onEnded?: (trackId: string) => void;
  /** The audio could not be loaded or played, or the peaks could not be read. */
  onError?: (error: Error) => void;
  /** The page's handle on the player (see `WaveformPlayerHandle`). */
  ref?: Ref<WaveformPlayerHandle>;
}

interface SingleSourceProps {
  /** The audio file. */
  audioUrl: string;
  /**
   * Where the server-computed peaks are (audiowaveform JSON, the recording's `waveform_url` with its
   * token). Ignored when `peaks` is given. Without either the waveform is a flat line; the audio itself
   * is never decoded in the browser.
   */
  peaksUrl?: string;
  /** The peaks themselves, already fetched. Keep the object stable: a new one redraws the waveform. */
  peaks?: AudiowaveformData;
  /**
   * Length in seconds (the recording's `duration`). Without it the length comes from the peaks, then
   * from the audio's metadata.
   */
  duration?: number;
  /**
   * Play through this media element instead of one wavesurfer creates: an element shared with other
   * parts of the page, or a muted `<video>`, which browsers let play without a user gesture.
   */
  media?: HTMLMediaElement;
  tracks?: undefined;
  track?: undefined;
  defaultTrack?: undefined;
  onTrackChange?: undefined;
  mediaElement?: undefined;
}

interface TracksProps {
  /**
   * The recordings on one shared timeline, the original first. With two or more, a "Listen to" switcher
   * shows them; the keys 1–9 pick one and X switches back to the one before.
   */
  tracks: readonly WaveformTrack[];
  /** The track heard (controlled). */
  track?: string;
  /**
   * The track heard first (uncontrolled).
   * @default the first track
   */
  defaultTrack?: string;
  /** Another track became the one heard (the switcher, a key, or `toggleTrack`). */
  onTrackChange?: (trackId: string) => void;
  /**
   * The element each track plays through, hidden. Chromium lets media play without a user gesture only
   * when it is a muted `<video>`, so stories, which cannot give a gesture, use 'video'.
   * @default 'audio'
   */
  mediaElement?: 'audio' | 'video';
  audioUrl?: undefined;
  peaksUrl?: undefined;
  peaks?: undefined;
  duration?: undefined;
  media?: undefined;
}

export type WaveformPlayerProps = CommonProps & (SingleSourceProps | TracksProps);

type PeaksState = { status: 'loading' } | { status: 'done'; value: WaveformPeaks | null };

const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
type WaveSurferClass = typeof WaveSurfer;
let loadedWaveSurfer: WaveSurferClass | undefined;
let loadingWaveSurfer: Promise<WaveSurferClass> | undefined;

/**
 * wavesurfer.js loads with the first player drawn, not with the page's code: pages without a player never
 * fetch it, and a page with one paints its transport at once (disabled, as while the peaks load) and its
 * waveform when both have arrived. Every later player has it at once.
 */
function useWaveSurfer(): WaveSurferClass | undefined {
  const [engine, setEngine] = useState(() => loadedWaveSurfer);
  useEffect(() => {
    if (engine) return;
    let live = true;
    loadingWaveSurfer ??= import('wavesurfer.js').then((module) => (loadedWaveSurfer = module.default));
    loadingWaveSurfer.then(
      (loaded) => live && setEngine(() => loaded),
      // A failed fetch (a stale chunk after a deploy) is tried again by the next player.
      () => (loadingWaveSurfer = undefined),
    );
    return () => {
      live = false;
    };
  }, [engine]);
  return engine;
}

/** The absolute URL: a media element reports its source absolute, and wavesurfer reloads one that differs. */
const absolute = (url: string) => (url ? new URL(url, document.baseURI).href : url);

/**
 * The peaks of every track: converted from the given objects, or fetched from their URLs (all of them at
 * once, so a switch redraws at once). null when there are none or they are unreadable.
 */
function usePeaksOf(
  tracks: readonly WaveformTrack[],
  request: RequestInit | undefined,
  onError: (error: Error) => void,
): (track: WaveformTrack) => PeaksState {
  const converted = useRef(new WeakMap<AudiowaveformData, { value: WaveformPeaks | null; error: Error | null }>());
  const reported = useRef(new WeakSet<AudiowaveformData>());
  const [fetched, setFetched] = useState<Record<string, PeaksState>>({});
  const started = useRef(new Set<string>());
  const reportError = useEffectEvent(onError);
  // The request options are read when the URLs change, not watched: an inline object must not refetch.
  const requestOptions = useEffectEvent(() => request);

  const convert = (data: AudiowaveformData) => {
    let known = converted.current.get(data);
    if (!known) {
      try {
        known = { value: peaksFromAudiowaveform(data), error: null };
      } catch (error) {
        known = { value: null, error: toError(error) };
      }
      converted.current.set(data, known);
    }
    return known;
  };

  // Peaks given that cannot be read are reported once each.
  useEffect(() => {
    for (const track of tracks) {
      if (!track.peaks || reported.current.has(track.peaks)) continue;
      reported.current.add(track.peaks);
      const { error } = convert(track.peaks);
      if (error) reportError(error);
    }
  });

  const urls = [...new Set(tracks.flatMap((t) => (!t.peaks && t.peaksUrl ? [t.peaksUrl] : [])))];
  const key = urls.join('\n');
  useEffect(() => {
    const controller = new AbortController();
    const startedUrls = started.current;
    const mine = new Set<string>();
    for (const url of key ? key.split('\n') : []) {
      if (startedUrls.has(url)) continue;
      startedUrls.add(url);
      mine.add(url);
      fetch(url, { ...requestOptions(), signal: controller.signal })
        .then((response) => {
          if (!response.ok) throw new Error(`Peaks request failed with ${response.status}`);
          return response.json() as Promise<unknown>;
        })
        .then((json) => {
          // Read here, not in the state update: unreadable peaks are an error of the request.
          const value = peaksFromAudiowaveform(json);
          setFetched((known) => ({ ...known, [url]: { status: 'done', value } }));
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          reportError(toError(error));
          setFetched((known) => ({ ...known, [url]: { status: 'done', value: null } }));
        })
        .finally(() => mine.delete(url));
    }
    return () => {
      controller.abort();
      // Aborted before they landed: the next run asks for them again.
      mine.forEach((url) => startedUrls.delete(url));
    };
  }, [key]);

  return (track) => {
    if (track.peaks) return { status: 'done', value: convert(track.peaks).value };
    if (!track.peaksUrl) return { status: 'done', value: null };
    return fetched[track.peaksUrl] ?? { status: 'loading' };
  };
}

/** The computed value of a theme colour (a canvas cannot read CSS variables). */
function themeColor(element: Element, cssVar: string): string {
  const name = /var\((--[^,)]+)/.exec(cssVar)?.[1];
  return (name && getComputedStyle(element).getPropertyValue(name).trim()) || 'currentColor';
}

/**
 * An audio player over wavesurfer.js that draws server-computed peaks: play, pause, continue, stop, and a
 * seek slider laid over the waveform.
 *
 * The seek bar is React Aria's slider (a native range input underneath, so touch screen readers can
 * adjust it too): its value text reads "0:30 of 2:00". Keys: Left/Right 5 s back/on, Page Down/Page Up
 * 30 s, Home/End the start/end, Space play/pause. While playing with focus on the slider its value
 * does not follow playback, so the screen reader is not made to read a new time every second; it jumps
 * to the true position on the next key and when playback pauses or stops.
 *
 * With `tracks` (an original and its conversions) one transport serves them all: a "Listen to" switcher
 * picks the track heard, and a switch keeps the playhead (still playing if it was) and redraws the
 * waveform with that track's peaks, so the same words are heard in another voice. From anywhere inside
 * the player 1–9 pick track N and X goes back to the track before (a tooltip on the switcher says so).
 */
export function WaveformPlayer(props: WaveformPlayerProps) {
  const {
    label,
    peaksRequest,
    muted = false,
    height = 56,
    onPlayed,
    onPlay,
    onPause,
    onStop,
    onEnded,
    onError,
    ref,
  } = props;
  const intl = useIntl();
  const { direction } = useLocale();
  const hintId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const startedRef = useRef(false);
  const stoppingRef = useRef(false);
  const mediaRefs = useRef(new Map<string, HTMLMediaElement>());
  // Where a switch takes over: the position and whether to go on playing, applied by the new wavesurfer.
  // `track`: the track it is for. A switch made before wavesurfer has loaded must not be taken over by the
  // instance of the track left, which the loaded engine may draw first.
  const resumeRef = useRef<{ time: number; play: boolean; track: string } | null>(null);

  const multi = props.tracks !== undefined;
  const tracks: readonly WaveformTrack[] = props.tracks ?? [
    {
      id: '',
      label,
      audioUrl: props.audioUrl,
      peaksUrl: props.peaksUrl,
      peaks: props.peaks,
      duration: props.duration,
    },
  ];
  const [ownTrack, setOwnTrack] = useState(() => props.defaultTrack ?? tracks[0]?.id ?? '');
  const [previousId, setPreviousId] = useState<string | null>(null);
  const wantedId = props.track ?? ownTrack;
  const active: WaveformTrack | undefined = tracks.find((t) => t.id === wantedId) ?? tracks[0];
  const activeId = active?.id ?? '';

  const [playback, setPlayback] = useState<PlaybackState>('stopped');
  const [time, setTime] = useState(0);
  const [sliderTime, setSliderTime] = useState(0);
  const [sliderFocused, setSliderFocused] = useState(false);
  const [mediaDuration, setMediaDuration] = useState(0);
  // The URL of each track that failed to load, so a new URL for the track is tried again.
  const [failed, setFailed] = useState<Record<string, string>>({});
  const isFailed = (track: WaveformTrack | undefined) => !!track && failed[track.id] === track.audioUrl;

  const report = (error: Error) => onError?.(error);
  const peaksOf = usePeaksOf(tracks, peaksRequest, report);
  const peaks: PeaksState = active ? peaksOf(active) : { status: 'done', value: null };
  const total = active?.duration ?? (peaks.status === 'done' && peaks.value ? peaks.value.duration : mediaDuration);

  // Latest-value handlers for wavesurfer's events, registered once per instance.
  const handlePlay = useEffectEvent(() => {
    setPlayback('playing');
    const ws = wsRef.current;
    if (!startedRef.current || (ws && ws.getCurrentTime() === 0 && !resumeRef.current)) {
      startedRef.current = true;
      onPlayed?.(activeId);
    }
    onPlay?.(activeId);
  });
  const handlePause = useEffectEvent(() => {
    const ws = wsRef.current;
    // A stop pauses first, and so does the end of the media: neither is a pause part-way.
    if (stoppingRef.current || ws?.getMediaElement()?.ended) {
      stoppingRef.current = false;
      return;
    }
    setPlayback('paused');
    if (ws) setSliderTime(ws.getCurrentTime());
    onPause?.(activeId);
  });
  const handleFinish = useEffectEvent(() => {
    // Chromium also ends a paused media element moved to its end (End key): that is no play-through.
    if (playback !== 'playing') return;
    startedRef.current = false;
    setPlayback('stopped');
    wsRef.current?.setTime(0);
    setTime(0);
    setSliderTime(0);
    onEnded?.(activeId);
  });
  const handleTime = useEffectEvent((seconds: number) => {
    const t = Math.floor(seconds * 10) / 10;
    setTime(t);
    // Keep a focused slider quiet during playback (see the component's description).
    if (!(sliderFocused && playback === 'playing')) setSliderTime(t);
  });
  const handleReady = useEffectEvent((seconds: number) => setMediaDuration(seconds));
  const handleError = useEffectEvent((error: Error) => {
    if (active) setFailed((known) => ({ ...known, [active.id]: active.audioUrl }));
    onError?.(multi && active ? new Error(`${active.label}: ${error.message}`) : error);
  });
  const applyMuted = useEffectEvent((ws: WaveSurfer) => ws.setMuted(muted));
  /** A switch's position and playing state, taken over by the new instance. */
  const resume = useEffectEvent((ws: WaveSurfer, track: string) => {
    const wanted = resumeRef.current;
    if (!wanted || wanted.track !== track) return;
    const t = switchPosition(wanted.time, ws.getDuration() || total);
    const element = ws.getMediaElement();
    if (element) element.currentTime = t;
    ws.setTime(t);
    setTime(Math.floor(t * 10) / 10);
    setSliderTime(Math.floor(t * 10) / 10);
    if (wanted.play) {
      ws.play()
        .catch((error: unknown) => report(toError(error)))
        .finally(() => {
          resumeRef.current = null;
        });
    } else {
      resumeRef.current = null;
      setPlayback(t > 0 ? 'paused' : 'stopped');
    }
  });

  const audioUrl = active ? (multi ? absolute(active.audioUrl) : active.audioUrl) : '';
  const externalMedia = props.media;
  const engine = useWaveSurfer();
  const peaksReady = peaks.status === 'done' && engine !== undefined;
  const channelPeaks = peaks.status === 'done' ? peaks.value : null;
  const knownDuration = active?.duration;
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !peaksReady || !engine || !audioUrl) return;
    const colors = () => ({
      waveColor: themeColor(container, vars.color.border),
      progressColor: themeColor(container, vars.color.accent),
      cursorColor: themeColor(container, vars.color.text),
    });
    // Never decode the audio: without peaks, a flat line over the known length.
    // Each track plays through its own hidden element (rendered below, so it exists by now).
    const media = multi ? mediaRefs.current.get(activeId) : externalMedia;
    const length = knownDuration ?? channelPeaks?.duration;
    const ws = engine.create({
      container,
      height,
      url: audioUrl,
      ...(media ? { media } : {}),
      peaks: channelPeaks?.peaks ?? [new Float32Array(2)],
      ...(length ? { duration: length } : {}),
      interact: false,
      normalize: true,
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 1,
      ...colors(),
    });
    wsRef.current = ws;
    // One sound at a time: this player pauses any other that plays, and is paused by it.
    const element = ws.getMediaElement();
    const leaveExclusive = element ? registerExclusivePlayback(element) : () => {};
    applyMuted(ws);
    resume(ws, activeId);
    const unsubscribe = [
      ws.on('play', () => handlePlay()),
      ws.on('pause', () => handlePause()),
      ws.on('finish', () => handleFinish()),
      ws.on('timeupdate', (t) => handleTime(t)),
      ws.on('ready', (d) => handleReady(d)),
      ws.on('error', (e) => handleError(e)),
    ];
    // Follow the theme: the user's switch (data-theme on <html>) and the system's preference.
    const recolor = () => ws.setOptions(colors());
    const observer = new MutationObserver(recolor);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', recolor);
    return () => {
      unsubscribe.forEach((off) => off());
      leaveExclusive();
      observer.disconnect();
      scheme.removeEventListener('change', recolor);
      // A switch pauses the track left (quietly: the player goes on) and keeps the transport's state.
      if (media) media.pause();
      ws.destroy();
      wsRef.current = null;
      if (resumeRef.current) return;
      startedRef.current = false;
      setPlayback('stopped');
      setTime(0);
      setSliderTime(0);
    };
  }, [audioUrl, multi, activeId, externalMedia, channelPeaks, peaksReady, engine, knownDuration, height]);

  useEffect(() => {
    wsRef.current?.setMuted(muted);
  }, [muted]);

  const toggle = () => {
    const ws = wsRef.current;
    if (!ws) return;
    if (ws.isPlaying()) ws.pause();
    else ws.play().catch((error: unknown) => report(toError(error)));
  };

  const stop = () => {
    const ws = wsRef.current;
    if (!ws) return;
    stoppingRef.current = ws.isPlaying();
    ws.stop();
    startedRef.current = false;
    setPlayback('stopped');
    setTime(0);
    setSliderTime(0);
    onStop?.(activeId);
  };

  const seek = (seconds: number) => {
    const ws = wsRef.current;
    if (!ws || !total) return;
    const t = Math.min(total, Math.max(0, seconds));
    // Seek the media element first: wavesurfer defers a seek made while an earlier one is still loading
    // data, and the earlier seek's 'seeking' event then drops the deferred one (quick key presses).
    const element = ws.getMediaElement();
    if (element) element.currentTime = t;
    ws.setTime(t);
    setTime(t);
    setSliderTime(t);
  };

  /**
   * Makes `id` the track heard at the shared position, playing if `play` (or if playback was going on);
   * false when it cannot be. Announced unless a new play-through follows (its start is the news).
   */
  const select = (id: string, options: { play?: boolean } = {}): boolean => {
    const target = tracks.find((t) => t.id === id);
    if (!target || id === activeId || isFailed(target)) return false;
    const ws = wsRef.current;
    const wasPlaying = !!ws?.isPlaying();
    const t = ws ? ws.getCurrentTime() : time;
    const play = options.play ?? wasPlaying;
    resumeRef.current = { time: t, play, track: id };
    setPreviousId(activeId);
    if (props.track === undefined) setOwnTrack(id);
    props.onTrackChange?.(id);
    if (!play || startedRef.current) {
      const known = target.duration ?? mediaRefs.current.get(id)?.duration;
      const at = switchPosition(t, known ?? Number.NaN);
      announce(
        intl.formatMessage(switchedMessage, {
          track: target.label,
          time: formatClock(at, { total: known && Number.isFinite(known) ? known : total }),
        }),
      );
    }
    return true;
  };

  useImperativeHandle(ref, () => ({
    toggleTrack: (id: string) => {
      if (id !== activeId) {
        select(id, { play: true });
        return;
      }
      toggle();
    },
  }));

  const onKeyDown = (event: KeyboardEvent) => {
    if (!multi || tracks.length < 2) return;
    const action = trackKeyAction(event.key, tracks.length, event);
    if (!action || !active) return;
    const activeIndex = tracks.indexOf(active);
    const index =
      action.type === 'select'
        ? action.index
        : swapIndex(
            activeIndex,
            previousId === null ? null : tracks.findIndex((t) => t.id === previousId),
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
  const valueText = intl.formatMessage(positionMessage, {
    current: formatClock(sliderTime, { total }),
    total: totalText,
  });
  // React Aria formats a slider's value as a number; the time reads better. Its attribute is rewritten
  // after every render of the player, which is every time the value can change.
  useLayoutEffect(() => {
    inputRef.current?.setAttribute('aria-valuetext', valueText);
  });

  const disabled = !peaksReady || isFailed(active);
  const toggleLabel =
    playback === 'playing' ? messages.pause : playback === 'paused' ? messages.continue : messages.play;
  const switcher = multi && tracks.length > 1;
  const Media = props.mediaElement ?? 'audio';

  return (
    <Group aria-label={label} className={styles.player} onKeyDown={onKeyDown}>
      {switcher ? (
        <div className={styles.switcher}>
          <RadioGroup
            aria-label={intl.formatMessage(messages.listenTo)}
            aria-describedby={hintId}
            orientation="horizontal"
            value={activeId}
            onChange={(id) => void select(id)}
            className={styles.segments}
          >
            {tracks.map((track) => (
              <Radio key={track.id} value={track.id} isDisabled={isFailed(track)} className={styles.segment}>
                {track.label}
              </Radio>
            ))}
          </RadioGroup>
          <TooltipTrigger delay={300}>
            <Button className={styles.keysButton} aria-label={intl.formatMessage(messages.keys)}>
              <Icon name="key" size="sm" />
            </Button>
            <Tooltip size="md">{intl.formatMessage(messages.keysHint)}</Tooltip>
          </TooltipTrigger>
          <span id={hintId} hidden>
            {intl.formatMessage(messages.keysHint)}
          </span>
        </div>
      ) : null}
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
      <div className={styles.wave} style={{ height }} data-loading={peaksReady ? undefined : true}>
        <div ref={containerRef} className={styles.canvas} aria-hidden="true" />
        <Slider
          className={styles.slider}
          aria-label={intl.formatMessage(messages.seek)}
          minValue={0}
          maxValue={Math.max(total, 1)}
          step={1}
          value={sliderTime}
          onChange={seek}
          isDisabled={disabled || !total}
        >
          <SliderTrack className={styles.track}>
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
                  wsRef.current?.getCurrentTime() ?? time,
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
      </div>
      <span className={styles.time}>
        {formatClock(time, { total })} / {totalText}
      </span>
      {multi
        ? tracks.filter(isFailed).map((track) => (
            <p key={track.id} className={styles.error}>
              {intl.formatMessage(trackErrorMessage, { track: track.label })}
            </p>
          ))
        : null}
      {!multi && isFailed(active) ? <p className={styles.error}>{intl.formatMessage(messages.loadError)}</p> : null}
      {multi
        ? tracks.map((track) => (
            <Media
              key={track.id}
              ref={(element: HTMLMediaElement | null) => {
                if (element) mediaRefs.current.set(track.id, element);
                else mediaRefs.current.delete(track.id);
              }}
              src={absolute(track.audioUrl)}
              preload="metadata"
              muted={muted}
              hidden
              data-track={track.id}
              {...(Media === 'video' ? { playsInline: true } : {})}
              onError={(event) => {
                if (track.id === activeId) return; // wavesurfer reports the track heard
                const reason = event.currentTarget.error?.message || 'the media could not be loaded';
                setFailed((known) => ({ ...known, [track.id]: track.audioUrl }));
                report(new Error(`${track.label}: ${reason}`));
              }}
            />
          ))
        : null}
    </Group>
  );
}
