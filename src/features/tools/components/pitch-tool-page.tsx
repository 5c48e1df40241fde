import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addToast,
  Avatar,
  Button,
  ButtonLink,
  Card,
  Heading,
  Icon,
  Inline,
  Meter,
  PageBlock,
  PageHeader,
  registerExclusivePlayback,
  Stack,
  Text,
  useClearStaleAnnouncementsOnUnmount,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useSession } from '../../../machines/index.ts';
import { nearestVoices, type NearestVoice } from '../api/tools-api.ts';
import { createPitchToolMachine, TAKE_SECONDS, type PitchToolDeps } from '../machines/pitch-tool.machine.ts';
import * as styles from './tools.css.ts';

export interface PitchToolPageProps {
  /** The microphone capture; stories give a synthetic one. The recorder's by default. */
  capture?: PitchToolDeps['capture'];
}

/**
 * The free "find your voice's pitch" tool (the tools route, no guard): a guest records a few seconds, sees the
 * median pitch measured in the browser and the marketplace voices nearest it, with their demos, and is asked
 * to sign up.
 */
export function PitchToolPage({ capture }: PitchToolPageProps) {
  const intl = useIntl();
  const api = useApi();
  const { isAuthenticated } = useSession();
  const machine = useMemo(
    () => createPitchToolMachine({ nearest: (hz) => nearestVoices(api, hz), capture }),
    [api, capture],
  );
  const actor = useActorRef(machine);
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  useClearStaleAnnouncementsOnUnmount();

  const recording = state.matches('recording');
  const analysing = state.matches('analysing');
  const done = state.matches('result') || state.matches('noVoice') || state.matches('failed');

  return (
    <PageBlock width="medium" gap="xl">
      <Stack gap="xl">
        <PageHeader
          title={intl.formatMessage({ id: 'tools.pitch.title' })}
          description={intl.formatMessage({ id: 'tools.pitch.intro' })}
        />
        <Card as="section" padding="lg">
          <Stack gap="lg">
            <Inline gap="md" align="center">
              {recording ? (
                <Button variant="danger" onPress={() => actor.send({ type: 'pitch.stop' })}>
                  <FormattedMessage id="tools.pitch.stop" />
                </Button>
              ) : (
                <Button isPending={analysing} onPress={() => actor.send({ type: 'pitch.record' })}>
                  {done ? (
                    <FormattedMessage id="tools.pitch.recordAgain" />
                  ) : (
                    <FormattedMessage id="tools.pitch.record" values={{ seconds: TAKE_SECONDS }} />
                  )}
                </Button>
              )}
            </Inline>
            {recording ? (
              <>
                <Meter label={intl.formatMessage({ id: 'tools.pitch.level' })} value={context.level} />
                {/* The start is announced by the machine, not every second. */}
                <Text aria-live="off">
                  {intl.formatMessage(
                    { id: 'tools.pitch.recording' },
                    { left: Math.max(0, TAKE_SECONDS - context.elapsed) },
                  )}
                </Text>
              </>
            ) : null}
            {analysing ? (
              <Text tone="muted">
                <FormattedMessage id="tools.pitch.analysing" />
              </Text>
            ) : null}
            {state.matches('noVoice') ? (
              <Text tone="critical">
                <FormattedMessage id="tools.pitch.noVoice" />
              </Text>
            ) : null}
            {state.matches('failed') ? <Text tone="critical">{context.error}</Text> : null}
            {state.matches('result') && context.pitch ? (
              <div>
                <Heading level={2}>
                  <FormattedMessage id="tools.pitch.result" />
                </Heading>
                <p className={styles.figure} data-testid="median-pitch">
                  {intl.formatMessage(
                    { id: 'tools.pitch.hz' },
                    { hz: intl.formatNumber(context.pitch.medianHz, { maximumFractionDigits: 0 }) },
                  )}
                </p>
                <Text tone="muted">
                  {intl.formatMessage(
                    { id: 'tools.pitch.voiced' },
                    { seconds: intl.formatNumber(context.pitch.voicedSeconds, { maximumFractionDigits: 1 }) },
                  )}
                </Text>
              </div>
            ) : null}
          </Stack>
        </Card>
        {state.matches('result') ? <NearestVoices voices={context.voices} /> : null}
        <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'tools.pitch.cta.title' })}>
          <Stack gap="md">
            <Text>
              <FormattedMessage id={isAuthenticated ? 'tools.pitch.cta.signedIn' : 'tools.pitch.cta.guest'} />
            </Text>
            <div>
              {isAuthenticated ? (
                <ButtonLink href="/new">
                  <FormattedMessage id="tools.pitch.cta.record" />
                </ButtonLink>
              ) : (
                <ButtonLink href="/signup">
                  <FormattedMessage id="shell.tryForFree" />
                </ButtonLink>
              )}
            </div>
          </Stack>
        </Card>
      </Stack>
    </PageBlock>
  );
}

/** The nearest voices, each with its pitch, how far from the user's, and a play button for its demo. */
function NearestVoices({ voices }: { voices: readonly NearestVoice[] }) {
  const intl = useIntl();
  // One demo plays at a time, through one audio element; any other sound on the page stops it.
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  useEffect(() => {
    const audio = audioRef.current;
    return audio ? registerExclusivePlayback(audio) : undefined;
  }, []);

  const toggle = (voice: NearestVoice) => {
    const audio = audioRef.current;
    if (!audio || !voice.demo) return;
    if (playing === voice.id && !audio.paused) {
      audio.pause();
      return;
    }
    if (audio.dataset.voice !== voice.id) {
      audio.dataset.voice = voice.id;
      audio.src = voice.demo.url;
    }
    audio.play().catch((error: unknown) => {
      // A newer demo took its place before it started: nothing failed.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setPlaying(null);
      addToast({
        message: intl.formatMessage({ id: 'tools.pitch.demoFailed' }, { name: voice.name }),
        severity: 'error',
      });
    });
  };

  const distance = (semitones: number) => {
    const amount = intl.formatNumber(Math.abs(semitones), { maximumFractionDigits: 1 });
    if (Math.abs(semitones) < 0.5) return intl.formatMessage({ id: 'tools.pitch.same' });
    return intl.formatMessage(
      { id: semitones > 0 ? 'tools.pitch.higher' : 'tools.pitch.lower' },
      { semitones: amount },
    );
  };

  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'tools.pitch.voices' })}>
      {voices.length === 0 ? (
        <Text tone="muted">
          <FormattedMessage id="tools.pitch.voices.none" />
        </Text>
      ) : (
        <ul className={styles.voices} data-testid="nearest-voices">
          {voices.map((voice) => (
            <li key={voice.id} className={styles.voice}>
              <Avatar name={voice.name} src={voice.thumbnail_url ?? undefined} decorative />
              <div>
                <Text weight="semibold">{voice.name}</Text>
                <Text tone="muted" variant="meta">
                  {intl.formatMessage(
                    { id: 'tools.pitch.hz' },
                    { hz: intl.formatNumber(voice.pitch, { maximumFractionDigits: 0 }) },
                  )}
                  {' · '}
                  {distance(voice.semitones)}
                </Text>
              </div>
              {voice.demo ? (
                <Button
                  variant="secondary"
                  aria-pressed={playing === voice.id}
                  aria-label={intl.formatMessage({ id: 'tools.pitch.play' }, { name: voice.name })}
                  onPress={() => toggle(voice)}
                >
                  <Icon name={playing === voice.id ? 'pause' : 'play'} />
                </Button>
              ) : (
                <Text tone="muted" variant="meta">
                  <FormattedMessage id="tools.pitch.noDemo" />
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a few seconds of sample speech, played on demand */}
      <audio
        ref={audioRef}
        preload="none"
        onPlay={(event) => setPlaying(event.currentTarget.dataset.voice ?? null)}
        onPause={() => setPlaying(null)}
        onEnded={() => setPlaying(null)}
      />
    </Card>
  );
}
