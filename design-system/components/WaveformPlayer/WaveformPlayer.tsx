import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Slider, SliderThumb, SliderTrack, useLocale } from 'react-aria-components';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import WaveSurfer from 'wavesurfer.js';
import { formatClock } from '../../format/duration.ts';
import { vars } from '../../theme/vars.css.ts';
import { Icon } from '../Icon/Icon.tsx';
import { seekKeyAction } from './keyboard.ts';
import { peaksFromAudiowaveform, type AudiowaveformData, type WaveformPeaks } from './peaks.ts';
import * as styles from './WaveformPlayer.css.ts';

const messages = defineMessages({
  play: { id: 'ds.waveformPlayer.play', defaultMessage: 'Play' },
  pause: { id: 'ds.waveformPlayer.pause', defaultMessage: 'Pause' },
  continue: { id: 'ds.waveformPlayer.continue', defaultMessage: 'Continue' },
  stop: { id: 'ds.waveformPlayer.stop', defaultMessage: 'Stop' },
  seek: { id: 'ds.waveformPlayer.seek', defaultMessage: 'Seek' },
  loadError: { id: 'ds.waveformPlayer.loadError', defaultMessage: 'This recording cannot be played.' },
});

// Typed apart: react-intl 12 types the messages of defineMessages() as taking no values.
const positionMessage = defineMessage<{ current: string; total: string }>({
  id: 'ds.waveformPlayer.position',
  defaultMessage: '{current} of {total}',
});

/** Where playback is: never started or stopped (at the start), playing, or paused part-way. */
export type PlaybackState = 'stopped' | 'playing' | 'paused';

export interface WaveformPlayerProps {
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
  /** Options of the peaks request, e.g. credentials. */
  peaksRequest?: RequestInit;
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
  /** What is playing, e.g. the recording's label: the name of the player's group. */
  label: string;
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
  onPlayed?: () => void;
  /** Playback started or continued. */
  onPlay?: () => void;
  /** Playback paused part-way. */
  onPause?: () => void;
  /** Stopped by the user, back at the start. */
  onStop?: () => void;
  /** Played to the end (the player then goes back to the start). */
  onEnded?: () => void;
  /** The audio could not be loaded or played, or the peaks could not be read. */
  onError?: (error: Error) => void;
}

type PeaksState = { status: 'loading' } | { status: 'done'; value: WaveformPeaks | null };

/** The peaks from the prop, or fetched from the URL; null when there are none or they are unreadable. */
function usePeaks(
  peaks: AudiowaveformData | undefined,
  peaksUrl: string | undefined,
  request: RequestInit | undefined,
  onError: (error: Error) => void,
): PeaksState {
  const fromProp = useMemo(() => {
    if (!peaks) return null;
    try {
      return { state: { status: 'done', value: peaksFromAudiowaveform(peaks) } as PeaksState, error: null };
    } catch (error) {
      return { state: { status: 'done', value: null } as PeaksState, error: error as Error };
    }
  }, [peaks]);
  const [fetched, setFetched] = useState<{ url: string; state: PeaksState } | null>(null);
  const reportError = useEffectEvent(onError);
  // The request options are read when the URL changes, not watched: an inline object must not refetch.
  const requestOptions = useEffectEvent(() => request);

  useEffect(() => {
    if (fromProp?.error) reportError(fromProp.error);
  }, [fromProp]);

  useEffect(() => {
    if (peaks || !peaksUrl) return;
    const controller = new AbortController();
    fetch(peaksUrl, { ...requestOptions(), signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`Peaks request failed with ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then((json) => setFetched({ url: peaksUrl, state: { status: 'done', value: peaksFromAudiowaveform(json) } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error instanceof Error ? error : new Error(String(error)));
        setFetched({ url: peaksUrl, state: { status: 'done', value: null } });
      });
    return () => controller.abort();
  }, [peaks, peaksUrl]);

  if (fromProp) return fromProp.state;
  if (!peaksUrl) return { status: 'done', value: null };
  return fetched?.url === peaksUrl ? fetched.state : { status: 'loading' };
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
 */
export function WaveformPlayer({
  audioUrl,
  peaksUrl,
  peaks: peaksData,
  peaksRequest,
  duration,
  media,
  label,
  muted = false,
  height = 56,
  onPlayed,
  onPlay,
  onPause,
  onStop,
  onEnded,
  onError,
}: WaveformPlayerProps) {
  const intl = useIntl();
  const { direction } = useLocale();
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const startedRef = useRef(false);
  const stoppingRef = useRef(false);

  const [playback, setPlayback] = useState<PlaybackState>('stopped');
  const [time, setTime] = useState(0);
  const [sliderTime, setSliderTime] = useState(0);
  const [sliderFocused, setSliderFocused] = useState(false);
  const [mediaDuration, setMediaDuration] = useState(0);
  const [failed, setFailed] = useState(false);

  const report = (error: Error) => onError?.(error);
  const peaks = usePeaks(peaksData, peaksUrl, peaksRequest, report);
  const total = duration ?? (peaks.status === 'done' && peaks.value ? peaks.value.duration : mediaDuration);

  // Latest-value handlers for wavesurfer's events, registered once per instance.
  const handlePlay = useEffectEvent(() => {
    setPlayback('playing');
    const ws = wsRef.current;
    if (!startedRef.current || (ws && ws.getCurrentTime() === 0)) {
      startedRef.current = true;
      onPlayed?.();
    }
    onPlay?.();
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
    onPause?.();
  });
  const handleFinish = useEffectEvent(() => {
    // Chromium also ends a paused media element moved to its end (End key): that is no play-through.
    if (playback !== 'playing') return;
    startedRef.current = false;
    setPlayback('stopped');
    wsRef.current?.setTime(0);
    setTime(0);
    setSliderTime(0);
    onEnded?.();
  });
  const handleTime = useEffectEvent((seconds: number) => {
    const t = Math.floor(seconds * 10) / 10;
    setTime(t);
    // Keep a focused slider quiet during playback (see the component's description).
    if (!(sliderFocused && playback === 'playing')) setSliderTime(t);
  });
  const handleReady = useEffectEvent((seconds: number) => setMediaDuration(seconds));
  const handleError = useEffectEvent((error: Error) => {
    setFailed(true);
    onError?.(error);
  });
  const applyMuted = useEffectEvent((ws: WaveSurfer) => ws.setMuted(muted));

  const peaksReady = peaks.status === 'done';
  const channelPeaks = peaks.status === 'done' ? peaks.value : null;
  useEffect(() => {
    const container = containerRef.current;
    if (!container || !peaksReady) return;
    const colors = () => ({
      waveColor: themeColor(container, vars.color.border),
      progressColor: themeColor(container, vars.color.accent),
      cursorColor: themeColor(container, vars.color.text),
    });
    // Never decode the audio: without peaks, a flat line over the known length.
    const knownDuration = duration ?? channelPeaks?.duration;
    const ws = WaveSurfer.create({
      container,
      height,
      url: audioUrl,
      ...(media ? { media } : {}),
      peaks: channelPeaks?.peaks ?? [new Float32Array(2)],
      ...(knownDuration ? { duration: knownDuration } : {}),
      interact: false,
      normalize: true,
      cursorWidth: 2,
      barWidth: 2,
      barGap: 1,
      barRadius: 1,
      ...colors(),
    });
    wsRef.current = ws;
    applyMuted(ws);
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
      observer.disconnect();
      scheme.removeEventListener('change', recolor);
      ws.destroy();
      wsRef.current = null;
      startedRef.current = false;
      setPlayback('stopped');
      setTime(0);
      setSliderTime(0);
      setFailed(false);
    };
  }, [audioUrl, media, channelPeaks, peaksReady, duration, height]);

  useEffect(() => {
    wsRef.current?.setMuted(muted);
  }, [muted]);

  const toggle = () => {
    const ws = wsRef.current;
    if (!ws) return;
    if (ws.isPlaying()) ws.pause();
    else ws.play().catch((error: unknown) => report(error instanceof Error ? error : new Error(String(error))));
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
    onStop?.();
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

  const disabled = !peaksReady || failed;
  const toggleLabel =
    playback === 'playing' ? messages.pause : playback === 'paused' ? messages.continue : messages.play;

  return (
    <div role="group" aria-label={label} className={styles.player}>
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
      {failed ? <p className={styles.error}>{intl.formatMessage(messages.loadError)}</p> : null}
    </div>
  );
}
