import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  FileTrigger,
  Form,
  Icon,
  Inline,
  ProgressBar,
  Spinner,
  Stack,
  Text,
  TextField,
  WaveformPlayer,
  type WaveformTrack,
} from '../../../../design-system/index.ts';
import { WIZARD_MAX_SECONDS, type WelcomeActor } from '../welcome.machine.ts';
import type { WizardItem } from '../wizard-items.ts';
import * as styles from './welcome.css.ts';
import { WizardRecorder } from './wizard-recorder.tsx';
import type { MessageId } from '../../../i18n/index.ts';

/** The trial's TTS limit (SPEC.md section 9): the wizard's text stays within it for everyone. */
export const WIZARD_TEXT_MAX = 500;

export interface WizardStepProps {
  wizard: WelcomeActor;
  /** Opens the skipWelcomeWizard confirmation. */
  onSkip: () => void;
  /** Where the media plays through (stories use a muted video; see WaveformPlayer). */
  mediaElement?: 'audio' | 'video';
  /** The create step's microphone (stories give a synthesised stream). */
  getStream?: () => Promise<MediaStream>;
}

/** The step's heading takes focus when the step opens, so keyboard and screen-reader users start there. */
function StepHeading({ id, elementId }: { id: MessageId; elementId: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h2 ref={ref} id={elementId} tabIndex={-1} className={styles.stepHeading}>
      <FormattedMessage id={id} />
    </h2>
  );
}

function StepError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className={styles.alert}>
      <Icon name="error" size="sm" />
      <span>{error}</span>
    </p>
  );
}

/** Create: a text to speak (TTS) or audio of at most 60 s, into a "Welcome" project made if needed. */
export function CreateStep({ wizard, getStream }: WizardStepProps) {
  const intl = useIntl();
  const sub = useSelector(wizard, (s) =>
    s.matches({ steps: { create: 'preparing' } })
      ? 'preparing'
      : s.matches({ steps: { create: 'failed' } })
        ? 'failed'
        : s.matches({ steps: { create: 'editing' } })
          ? 'editing'
          : 'sending',
  );
  const error = useSelector(wizard, (s) => s.context.error);
  const [text, setText] = useState('');
  const busy = sub === 'sending';
  return (
    <Stack as="section" gap="lg" aria-labelledby="welcome-create">
      <StepHeading id="welcome.create.title" elementId="welcome-create" />
      <Text tone="muted" size="sm">
        <FormattedMessage id="welcome.create.lead" values={{ seconds: WIZARD_MAX_SECONDS }} />
      </Text>
      <StepError error={error} />
      {sub === 'preparing' ? (
        <Spinner label={intl.formatMessage({ id: 'welcome.create.preparing' })} showLabel />
      ) : null}
      {sub === 'failed' ? (
        <Inline gap="md" justify="end">
          <Button onPress={() => wizard.send({ type: 'wizard.retry' })}>
            <FormattedMessage id="welcome.retry" />
          </Button>
        </Inline>
      ) : null}
      {sub === 'editing' || busy ? (
        <>
          <Form
            aria-label={intl.formatMessage({ id: 'welcome.create.textForm' })}
            onSubmit={(event) => {
              event.preventDefault();
              if (!busy && text.trim()) wizard.send({ type: 'wizard.submitText', text: text.trim() });
            }}
          >
            <TextField
              label={intl.formatMessage({ id: 'welcome.create.textLabel' })}
              description={intl.formatMessage(
                { id: 'welcome.create.textCount' },
                { count: text.length, max: WIZARD_TEXT_MAX },
              )}
              multiline
              rows={4}
              isRequired
              maxLength={WIZARD_TEXT_MAX}
              value={text}
              onChange={setText}
            />
            <Inline gap="md" justify="end">
              <Button variant="secondary" isDisabled={busy} onPress={() => wizard.send({ type: 'wizard.back' })}>
                <FormattedMessage id="welcome.back" />
              </Button>
              <Button type="submit" isPending={busy}>
                <FormattedMessage id="welcome.create.speak" />
              </Button>
            </Inline>
          </Form>
          <WizardRecorder
            isDisabled={busy}
            getStream={getStream}
            onRecorded={(file, fileName) => wizard.send({ type: 'wizard.submitFile', file, fileName })}
          />
          <Inline gap="md">
            <FileTrigger
              acceptedFileTypes={['audio/*']}
              isDisabled={busy}
              onSelect={(files) => {
                const file = files?.[0];
                if (file) wizard.send({ type: 'wizard.submitFile', file, fileName: file.name });
              }}
            >
              {intl.formatMessage({ id: 'welcome.create.upload' }, { seconds: WIZARD_MAX_SECONDS })}
            </FileTrigger>
          </Inline>
        </>
      ) : null}
    </Stack>
  );
}

function ItemRow({ item, wizard, busy }: { item: WizardItem; wizard: WelcomeActor; busy: boolean }) {
  const intl = useIntl();
  return (
    <li className={styles.item}>
      <Inline gap="md" justify="between" wrap={false}>
        <span className={styles.itemName}>{item.voiceName}</span>
        <Text as="span" tone="muted" size="sm">
          <FormattedMessage id={`welcome.item.${item.status}`} />
        </Text>
      </Inline>
      {item.status === 'processing' ? (
        <ProgressBar
          aria-label={intl.formatMessage({ id: 'welcome.item.progress' }, { voice: item.voiceName })}
          value={Math.round(item.progress)}
          size="sm"
        />
      ) : null}
      {item.status === 'error' ? (
        <>
          {item.error ? (
            <Text tone="muted" size="sm">
              {item.error}
            </Text>
          ) : null}
          <Inline gap="md">
            <Button
              size="sm"
              isDisabled={busy}
              aria-label={intl.formatMessage({ id: 'welcome.item.retryLabel' }, { voice: item.voiceName })}
              onPress={() => wizard.send({ type: 'wizard.retryItem', id: item.id })}
            >
              <FormattedMessage id="welcome.retry" />
            </Button>
            <Button
              size="sm"
              variant="secondary"
              isDisabled={busy}
              aria-label={intl.formatMessage({ id: 'welcome.item.skipLabel' }, { voice: item.voiceName })}
              onPress={() => wizard.send({ type: 'wizard.skipItem', id: item.id })}
            >
              <FormattedMessage id="welcome.item.skipButton" />
            </Button>
          </Inline>
        </>
      ) : null}
    </li>
  );
}

/** Proccesing: the original's conversions into the wizard's voices, each processing, error, done or skip. */
export function ProcessingStep({ wizard }: WizardStepProps) {
  const intl = useIntl();
  const sub = useSelector(
    wizard,
    (s) =>
      (['waitingOriginal', 'originalFailed', 'ordering', 'orderFailed', 'retryingItem'] as const).find((name) =>
        s.matches({ steps: { proccesing: name } }),
      ) ?? 'converting',
  );
  const error = useSelector(wizard, (s) => s.context.error);
  const items = useSelector(wizard, (s) => s.context.items);
  return (
    <Stack as="section" gap="lg" aria-labelledby="welcome-processing">
      <StepHeading id="welcome.processing.title" elementId="welcome-processing" />
      {sub === 'waitingOriginal' || sub === 'ordering' ? (
        <Spinner label={intl.formatMessage({ id: `welcome.processing.${sub}` })} showLabel />
      ) : null}
      {sub === 'originalFailed' || sub === 'orderFailed' ? (
        <>
          <StepError error={error} />
          <Inline gap="md" justify="end">
            <Button onPress={() => wizard.send({ type: 'wizard.retry' })}>
              <FormattedMessage id={sub === 'originalFailed' ? 'welcome.processing.again' : 'welcome.retry'} />
            </Button>
          </Inline>
        </>
      ) : null}
      {items.length > 0 ? (
        <Stack as="ul" gap="md" aria-label={intl.formatMessage({ id: 'welcome.processing.itemsLabel' })}>
          {items.map((item) => (
            <ItemRow key={item.id} item={item} wizard={wizard} busy={sub === 'retryingItem'} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

/** Conversions: the original and each finished conversion as tracks of one player; Finish ends the wizard. */
export function ConversionsStep({ wizard, mediaElement }: WizardStepProps) {
  const intl = useIntl();
  const original = useSelector(wizard, (s) => s.context.original);
  const items = useSelector(wizard, (s) => s.context.items);
  const error = useSelector(wizard, (s) => s.context.error);
  const finishing = useSelector(wizard, (s) => s.matches('finishing'));
  const tracks: WaveformTrack[] = [];
  if (original?.url)
    tracks.push({
      id: original.id,
      label: intl.formatMessage({ id: 'welcome.conversions.original' }),
      audioUrl: original.url,
      peaksUrl: original.waveform_url ?? undefined,
      duration: original.duration || undefined,
    });
  for (const item of items)
    if (item.status === 'done' && item.recording?.url)
      tracks.push({
        id: item.id,
        label: item.voiceName,
        audioUrl: item.recording.url,
        peaksUrl: item.recording.waveform_url ?? undefined,
        duration: item.recording.duration || undefined,
      });
  return (
    <Stack as="section" gap="lg" aria-labelledby="welcome-conversions">
      <StepHeading id="welcome.conversions.title" elementId="welcome-conversions" />
      <Text tone="muted" size="sm">
        <FormattedMessage id="welcome.conversions.lead" />
      </Text>
      {tracks.length > 0 ? (
        <WaveformPlayer
          label={intl.formatMessage({ id: 'welcome.conversions.player' })}
          tracks={tracks}
          mediaElement={mediaElement}
          muted={mediaElement === 'video'}
        />
      ) : null}
      <StepError error={error} />
      <Inline gap="md" justify="end">
        <Button isPending={finishing} onPress={() => wizard.send({ type: 'wizard.finish' })}>
          <FormattedMessage id="welcome.conversions.finish" />
        </Button>
      </Inline>
    </Stack>
  );
}
