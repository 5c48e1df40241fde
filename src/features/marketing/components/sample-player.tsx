import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  formatDuration,
  Heading,
  Icon,
  Radio,
  RadioGroup,
  Skeleton,
  Text,
  registerExclusivePlayback,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';
import { fetchShowcase, type Showcase, type ShowcaseSample, type ShowcaseSlot } from '../api/showcase-api.ts';
import * as s from './marketing.css.ts';

/** How often a page waiting for its samples asks again (the engine renders one in a few seconds). */
export const SHOWCASE_POLL_MS = 3000;

/**
 * The marketing pages' samples (GET /api/v2/showcase), asked again every few seconds while the slots the page
 * plays are still being rendered. The server lists a sample once all its audio exists.
 */
export function useShowcase(slots: readonly ShowcaseSlot[]) {
  const api = useApi();
  const showcase = useResource(['showcase'], (signal) => fetchShowcase(api, signal), { keepValue: true });
  const value = showcase.value;
  const waiting = value ? slots.some((slot) => value.preparing.includes(slot)) : false;
  const { reload } = showcase;
  useEffect(() => {
    if (!waiting || showcase.status !== 'ready') return;
    const timer = setTimeout(reload, SHOWCASE_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, showcase.status, reload, value]);
  const sample = (slot: ShowcaseSlot): ShowcaseSample | undefined => value?.items.find((i) => i.slot === slot);
  return { status: showcase.status, sample, preparing: (slot: ShowcaseSlot) => isPreparing(value, slot) };
}

const isPreparing = (value: Showcase | undefined, slot: ShowcaseSlot) => value?.preparing.includes(slot) ?? false;

/** "Preparing the samples…": the polite status a page shows while the engine renders its audio. */
export function PreparingSamples() {
  return (
    <p role="status" className={s.samplePreparing}>
      <Icon name="waveform" />
      <FormattedMessage id="showcase.preparing" />
    </p>
  );
}

/**
 * The media element samples play through: audio, muted or not. Stories and tests, which cannot give the user
 * gesture Chromium asks for, play through a muted `<video>` (the only media it plays without one), as the
 * design system's ABPlayer does.
 */
export const SampleMediaContext = createContext<{ element: 'audio' | 'video'; muted: boolean }>({
  element: 'audio',
  muted: false,
});

/** Plays one source at a time through one media element; switching the source keeps the playhead. */
function useAudio() {
  const media = useContext(SampleMediaContext);
  const Media = media.element;
  const ref = useRef<HTMLAudioElement & HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const play = (src: string) => {
    const el = ref.current;
    if (!el) return;
    setFailed(false);
    if (el.getAttribute('src') !== src) el.src = src;
    el.play().catch((error: unknown) => {
      // A pause that came before playback started is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) setFailed(true);
    });
  };
  /** Another source at the same moment, playing on if it was playing. */
  const switchTo = (src: string) => {
    const el = ref.current;
    if (!el || el.getAttribute('src') === src) return;
    const at = el.currentTime;
    const wasPlaying = !el.paused;
    el.src = src;
    // Before the new source's metadata this is its start position (HTMLMediaElement's default start position).
    el.currentTime = at;
    if (wasPlaying) play(src);
  };
  const pause = () => ref.current?.pause();
  // Two samples (or a sample and any other player on the page) never talk at once.
  useEffect(() => {
    const el = ref.current;
    return el ? registerExclusivePlayback(el) : undefined;
  }, []);
  const element = (
    // Audio only, with its text beside it as the alternative (WCAG 1.2.1): there is no video to caption.
    <Media
      ref={ref}
      hidden
      muted={media.muted}
      preload="none"
      onPlay={() => setPlaying(true)}
      onPause={() => setPlaying(false)}
      onEnded={() => setPlaying(false)}
      onError={() => {
        setPlaying(false);
        setFailed(true);
      }}
    />
  );
  return { element, playing, failed, play, pause, switchTo, ref };
}

function PlayFailed() {
  return (
    <Text tone="critical" size="sm" role="alert">
      <FormattedMessage id="showcase.failed" />
    </Text>
  );
}

const ORIGINAL = 'original';

/**
 * The landing page's before/after: one recording and its conversions into three voices. One click plays the
 * original; the voice choice (a radio group) switches what plays at the same moment of the take.
 */
function HeroSample({ sample }: { sample: ShowcaseSample }) {
  const intl = useIntl();
  const audio = useAudio();
  const [track, setTrack] = useState(ORIGINAL);
  const srcOf = (value: string) =>
    value === ORIGINAL
      ? sample.original_url
      : (sample.voices.find((v) => v.voice_id === value)?.url ?? sample.original_url);
  const nameOf = (value: string) =>
    value === ORIGINAL
      ? intl.formatMessage({ id: 'showcase.original' })
      : (sample.voices.find((v) => v.voice_id === value)?.name ?? '');
  return (
    <>
      <div className={s.sampleTop}>
        <Button
          variant="primary"
          onPress={() => (audio.playing ? audio.pause() : audio.play(srcOf(track)))}
          aria-label={intl.formatMessage(
            { id: audio.playing ? 'showcase.pauseNamed' : 'showcase.playNamed' },
            { name: nameOf(track) },
          )}
        >
          <Icon name={audio.playing ? 'pause' : 'play'} />
          <FormattedMessage id={audio.playing ? 'showcase.pause' : 'showcase.play'} />
        </Button>
        <Text tone="muted" size="sm" numeric>
          {formatDuration(sample.duration)}
        </Text>
      </div>
      <RadioGroup
        label={intl.formatMessage({ id: 'showcase.voice' })}
        orientation="horizontal"
        value={track}
        onChange={(value) => {
          setTrack(value);
          audio.switchTo(srcOf(value));
        }}
      >
        <Radio value={ORIGINAL}>
          <FormattedMessage id="showcase.original" />
        </Radio>
        {sample.voices.map((voice) => (
          <Radio key={voice.voice_id} value={voice.voice_id}>
            {voice.name}
          </Radio>
        ))}
      </RadioGroup>
      <SampleText text={sample.text} />
      {audio.failed && <PlayFailed />}
      {audio.element}
    </>
  );
}

/** The words a sample speaks, quoted under its controls. */
function SampleText({ text }: { text: string }) {
  return (
    <blockquote className={s.sampleQuote}>
      <Text tone="muted" size="sm">
        “{text}”
      </Text>
    </blockquote>
  );
}

/**
 * The landing's "hear it" panel: the before/after once the engine has rendered it, a polite "preparing"
 * status until then, and nothing at all when this server renders no samples (or the list failed: the page
 * still says everything else).
 */
export function LandingSample() {
  const showcase = useShowcase(HERO_SLOTS);
  const sample = showcase.sample('hero');
  const preparing = showcase.preparing('hero');
  if (showcase.status === 'error' || (showcase.status === 'ready' && !sample && !preparing)) return null;
  return (
    <section className={s.sampleCard} aria-labelledby="landing-sample">
      <Heading level={2} size="lg" id="landing-sample">
        <FormattedMessage id="showcase.hero.title" />
      </Heading>
      {sample ? (
        <HeroSample sample={sample} />
      ) : (
        <div className={s.samplePlaceholder}>{preparing ? <PreparingSamples /> : <Skeleton height="15rem" />}</div>
      )}
    </section>
  );
}
const HERO_SLOTS = ['hero'] as const;

/** A use case's sample: one button that plays (and pauses) its voice. */
export function UseCaseSample({ sample, label }: { sample: ShowcaseSample; label: ReactNode }) {
  const intl = useIntl();
  const audio = useAudio();
  const voice = sample.voices[0]!;
  const values = { name: voice.name, duration: formatDuration(voice.duration) };
  return (
    <div className={s.useCaseSample}>
      <Button
        variant="secondary"
        size="sm"
        onPress={() => (audio.playing ? audio.pause() : audio.play(voice.url))}
        aria-label={intl.formatMessage({ id: audio.playing ? 'showcase.pauseSample' : 'showcase.playSample' }, values)}
      >
        <Icon name={audio.playing ? 'pause' : 'play'} />
        {label}
      </Button>
      <Text tone="muted" size="sm">
        <FormattedMessage id="showcase.sampleVoice" values={values} />
      </Text>
      <SampleText text={sample.text} />
      {audio.failed && <PlayFailed />}
      {audio.element}
    </div>
  );
}
