import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  ButtonLink,
  DropZone,
  Heading,
  Inline,
  isValidName,
  Meter,
  nameRuleMessage,
  PageBlock,
  PageHeader,
  ProgressBar,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Text,
  TextField,
  useClearStaleAnnouncementsOnUnmount,
} from '../../../../design-system/index.ts';
import {
  autoCalibration,
  enableCalibration,
  getCalibration,
  uploadCalibration,
  useApi,
  type ApiClients,
  type Calibration,
  type UploadRequest,
} from '../../../api/index.ts';
import { browserStorage, onLiveEvents } from '../../../machines/index.ts';
import { defaultCalibrationName, MICROPHONE_STOP_SECONDS, MIN_CALIBRATION_SECONDS } from '../calibration-rules.ts';
import {
  createCalibrationMachine,
  type CalibrationDeps,
  type CalibrationSource,
} from '../machines/calibration.machine.ts';
import * as styles from './calibrations.css.ts';

const ACCEPTED = ['audio/*', 'video/webm', '.wav', '.mp3', '.ogg', '.opus', '.flac', '.m4a', '.aac', '.webm'];

/** How long an audio file lasts, read from its metadata by the browser; NaN when it cannot tell within 5 s. */
export function measureAudio(file: Blob): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    const done = (seconds: number) => {
      clearTimeout(timer);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(Number.NaN), 5000);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(Number.isFinite(audio.duration) ? audio.duration : Number.NaN);
    audio.onerror = () => done(Number.NaN);
    audio.src = url;
  });
}

/**
 * Follows one calibration through calibration.notification; reads it once at the start (its analysis may
 * already be over) and again after missed events.
 */
export function watchCalibration(api: ApiClients, id: string, onUpdate: (calibration: Calibration) => void) {
  let live = true;
  const fetchNow = () =>
    void getCalibration(api, id).then(
      (calibration) => live && onUpdate(calibration),
      () => undefined,
    );
  const stop = onLiveEvents((events, { gap }) => {
    if (gap) fetchNow();
    for (const event of events) {
      if (event.type === 'calibration.notification' && event.data.calibration_id === id && event.data.calibration) {
        onUpdate(event.data.calibration);
      }
    }
  });
  fetchNow();
  return () => {
    live = false;
    stop();
  };
}

export interface CreateCalibrationPageProps {
  /** Makes the upload request (XMLHttpRequest by default). */
  createRequest?: () => UploadRequest;
  /** The microphones after permission (the browser's by default). */
  listMicrophones?: () => Promise<{ id: string; name: string }[]>;
}

/**
 * /calibrations/create: the calibration statechart on screen. Three sources — the microphone (the reading text
 * shown while recording, 48 kHz mono 16-bit with gain control and noise suppression off, at least 30 s, stopping
 * itself at 60 s), an uploaded file (30-600 s; too short, too long or not audio is said at the step), or the
 * user's own originals — then the upload's progress, the analysis followed live, and enabling the result.
 */
export function CreateCalibrationPage({ createRequest, listMicrophones }: CreateCalibrationPageProps) {
  const intl = useIntl();
  const api = useApi();
  const heading = useRef<HTMLHeadingElement>(null);
  const machine = useMemo(() => {
    const deps: CalibrationDeps = {
      storage: browserStorage(),
      ...(listMicrophones ? { listMicrophones } : {}),
      measure: measureAudio,
      upload: ({ file, fileName, name, onProgress }) =>
        uploadCalibration(api, { file, fileName, name, onProgress, ...(createRequest ? { createRequest } : {}) }),
      auto: (name) => autoCalibration(api, name),
      enable: (id) => enableCalibration(api, id),
      watch: (id, onUpdate) => watchCalibration(api, id, onUpdate),
    };
    return createCalibrationMachine(deps);
  }, [api, createRequest, listMicrophones]);
  const actor = useActorRef(machine, { input: { name: defaultCalibrationName() } });
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const [name, setName] = useState(context.name);
  const nameValid = isValidName(name);
  const busy = !state.matches('choosing') && !state.matches('microphone');
  const source = context.source;

  return (
    <PageBlock width="medium" gap="lg">
      <PageHeader
        title={<FormattedMessage id="calibrations.create.title" />}
        titleRef={heading}
        titleFocusable
        description={<FormattedMessage id="calibrations.create.lead" />}
        actions={
          <ButtonLink href="/calibrations" variant="secondary">
            <FormattedMessage id="calibrations.backToList" />
          </ButtonLink>
        }
      />
      <TextField
        label={intl.formatMessage({ id: 'calibrations.name' })}
        value={name}
        isDisabled={busy}
        isInvalid={!nameValid}
        errorMessage={nameValid ? undefined : intl.formatMessage(nameRuleMessage)}
        onChange={(value) => {
          setName(value);
          if (isValidName(value)) actor.send({ type: 'calibration.name', name: value });
        }}
      />
      <RadioGroup
        label={intl.formatMessage({ id: 'calibrations.source.label' })}
        value={source}
        isDisabled={busy || state.matches({ microphone: 'recording' })}
        onChange={(value) => actor.send({ type: 'calibration.choose', source: value as CalibrationSource })}
      >
        {(['microphone', 'upload', 'auto'] as const).map((id) => (
          <Radio key={id} value={id} description={intl.formatMessage({ id: `calibrations.source.${id}.description` })}>
            {intl.formatMessage({ id: `calibrations.source.${id}` })}
          </Radio>
        ))}
      </RadioGroup>

      {!busy && source === 'microphone' ? <MicrophoneStep actor={actor} disabled={!nameValid} /> : null}
      {state.matches('choosing') && source === 'upload' ? (
        <section aria-labelledby="calibration-upload-heading">
          <Stack gap="sm">
            <Heading level={2} id="calibration-upload-heading">
              <FormattedMessage id="calibrations.source.upload" />
            </Heading>
            <DropZone
              label={intl.formatMessage({ id: 'calibrations.upload.label' })}
              hint={intl.formatMessage({ id: 'calibrations.source.upload.description' })}
              acceptedFileTypes={ACCEPTED}
              isDisabled={!nameValid}
              onFiles={(files) =>
                files[0] && actor.send({ type: 'calibration.upload', file: files[0], fileName: files[0].name })
              }
              onReject={(files) =>
                files[0] && actor.send({ type: 'calibration.upload', file: files[0], fileName: files[0].name })
              }
            />
          </Stack>
        </section>
      ) : null}
      {state.matches('choosing') && source === 'auto' ? (
        <Button isDisabled={!nameValid} onPress={() => actor.send({ type: 'calibration.auto' })}>
          <FormattedMessage id="calibrations.auto.start" />
        </Button>
      ) : null}
      {state.matches('choosing') && context.error ? (
        <Text tone="critical" role="alert">
          {context.error}
        </Text>
      ) : null}
      {state.matches('checking') || state.matches('creatingAuto') ? (
        <Text tone="muted" role="status">
          <FormattedMessage id="calibrations.upload.progress" />
        </Text>
      ) : null}
      {state.matches('uploading') ? (
        <ProgressBar label={intl.formatMessage({ id: 'calibrations.upload.progress' })} value={context.progress} />
      ) : null}
      {state.matches('processing') ? (
        <Text role="status">
          <FormattedMessage id="calibrations.processingStatus" />
        </Text>
      ) : null}
      {state.matches('calibrated') || state.matches('enabling') || state.matches('enabled') ? (
        <Stack gap="sm" align="start">
          <Text role="status">
            {state.matches('enabled')
              ? intl.formatMessage({ id: 'calibrations.enabled' }, { name: context.calibration?.name ?? '' })
              : intl.formatMessage({ id: 'calibrations.calibrated' }, { name: context.calibration?.name ?? '' })}
          </Text>
          <Inline gap="sm">
            {state.matches('enabled') ? null : (
              <PendingButton
                isPending={state.matches('enabling')}
                onPress={() => actor.send({ type: 'calibration.enable' })}
                label={intl.formatMessage(
                  { id: 'calibrations.enableAction' },
                  { name: context.calibration?.name ?? '' },
                )}
              />
            )}
            <ButtonLink href="/calibrations" variant="secondary">
              <FormattedMessage id="calibrations.backToList" />
            </ButtonLink>
          </Inline>
          {context.error ? (
            <Text tone="critical" role="alert">
              {context.error}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      {state.matches('failed') ? (
        <Stack gap="sm" align="start">
          <Text tone="critical" role="alert">
            {intl.formatMessage({ id: 'calibrations.failed' }, { reason: context.error ?? '' })}
          </Text>
          <Button onPress={() => actor.send({ type: 'calibration.retry' })}>
            <FormattedMessage id="calibrations.retry" />
          </Button>
        </Stack>
      ) : null}
    </PageBlock>
  );
}

function PendingButton({ isPending, onPress, label }: { isPending: boolean; onPress: () => void; label: string }) {
  useClearStaleAnnouncementsOnUnmount();
  return (
    <Button isPending={isPending} onPress={onPress}>
      {label}
    </Button>
  );
}

type CalibrationActorRef = ReturnType<typeof useActorRef<ReturnType<typeof createCalibrationMachine>>>;

/** The microphone source: allow it, choose it, read the text aloud while the level and the seconds show. */
function MicrophoneStep({ actor, disabled }: { actor: CalibrationActorRef; disabled: boolean }) {
  const intl = useIntl();
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const recording = state.matches({ microphone: 'recording' });
  const ready = state.matches({ microphone: 'ready' });
  return (
    <section aria-labelledby="calibration-microphone-heading">
      <Stack gap="md">
        <Heading level={2} id="calibration-microphone-heading">
          <FormattedMessage id="calibrations.source.microphone" />
        </Heading>
        {ready || recording ? (
          <>
            <Inline gap="md" align="end">
              <Select
                label={intl.formatMessage({ id: 'audioSettings.microphone' })}
                options={context.microphones.map((m) => ({ id: m.id, label: m.name }))}
                value={context.microphone?.id ?? null}
                isDisabled={recording}
                onChange={(key) =>
                  key !== null && actor.send({ type: 'calibration.selectMicrophone', id: String(key) })
                }
              />
              {recording ? (
                <Button variant="danger" onPress={() => actor.send({ type: 'calibration.stop' })}>
                  <FormattedMessage id="calibrations.record.stop" />
                </Button>
              ) : (
                <Button isDisabled={disabled} onPress={() => actor.send({ type: 'calibration.record' })}>
                  <FormattedMessage id="calibrations.record.start" />
                </Button>
              )}
            </Inline>
            <Heading level={3}>
              <FormattedMessage id="calibrations.readingTitle" />
            </Heading>
            <p className={styles.reading}>{intl.formatMessage({ id: 'calibrations.readingText' })}</p>
            <Meter label={intl.formatMessage({ id: 'audioSettings.level' })} value={context.level} />
            {recording ? (
              // Announced at the start, at 30 s and at the stop by the machine, not every second.
              <Text aria-live="off">
                {intl.formatMessage(
                  { id: 'calibrations.record.elapsed' },
                  { elapsed: context.elapsed, max: MICROPHONE_STOP_SECONDS },
                )}
              </Text>
            ) : (
              <Text tone="muted">
                {intl.formatMessage({ id: 'calibrations.record.minimum' }, { seconds: MIN_CALIBRATION_SECONDS })}
              </Text>
            )}
          </>
        ) : (
          <Button
            isPending={state.matches({ microphone: 'requesting' })}
            onPress={() => actor.send({ type: 'calibration.enableMicrophone' })}
          >
            <FormattedMessage id="audioSettings.enable" />
          </Button>
        )}
        {context.error && (ready || recording || state.matches({ microphone: 'unavailable' })) ? (
          <Text tone="critical" role="alert">
            {context.error}
          </Text>
        ) : null}
      </Stack>
    </section>
  );
}
