import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Button,
  ButtonLink,
  Heading,
  Inline,
  Meter,
  Select,
  Text,
  useClearStaleAnnouncementsOnUnmount,
  WaveformPlayer,
  type ButtonProps,
} from '../../../../design-system/index.ts';
import { uploadRecordings, useApi, type UploadRequest } from '../../../api/index.ts';
import { browserStorage, readNewOriginal, useSession, writeNewOriginal } from '../../../machines/index.ts';
import { recordingLimitFor } from '../limit.ts';
import { createRecordingMachine, secondsLeft, type Take } from '../recording.machine.ts';
import * as styles from './recorder.css.ts';
import { rememberSaved, type RecordTarget } from './use-record-target.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';

export interface RecordSectionProps {
  target: RecordTarget;
  /** Makes the upload request of the take (XMLHttpRequest by default). */
  createRequest?: () => UploadRequest;
  /** The microphones after permission (the browser's by default). */
  listMicrophones?: () => Promise<{ id: string; name: string }[]>;
}

/** Record with the microphone (the recording machine), up to the plan's limit, listen back, and save. */
export function RecordSection({ target, createRequest, listMicrophones }: RecordSectionProps) {
  const intl = useIntl();
  const api = useApi();
  const { user } = useSession();
  const limitSeconds = recordingLimitFor(user);
  const targetRef = useRef(target);
  targetRef.current = target;
  const machine = useMemo(
    () =>
      createRecordingMachine({
        storage: browserStorage(),
        ...(listMicrophones ? { listMicrophones } : {}),
        save: async ({
          take,
          projectId,
          folderId,
          microphone,
        }: {
          take: Take;
          projectId: string;
          folderId: string;
          microphone: string | null;
        }) => {
          const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
          const items = await uploadRecordings(api, {
            file: take.wav,
            fileName: `Recording ${stamp}.wav`,
            fields: { project_id: projectId, parent_folder_id: folderId, microphone: microphone ?? undefined },
            createRequest,
          });
          rememberSaved(targetRef.current, items, 'record');
          trackUsage('upload_finished', { via: 'record' });
          return items;
        },
      }),
    [api, createRequest, listMicrophones],
  );
  const actor = useActorRef(machine, { input: { limitSeconds } });
  const state = useSelector(actor, (s) => s);
  const { context } = state;
  const takeUrl = useMemo(() => (context.take ? URL.createObjectURL(context.take.wav) : null), [context.take]);
  useEffect(() => () => (takeUrl ? URL.revokeObjectURL(takeUrl) : undefined), [takeUrl]);

  const recording = state.matches('capturing');
  const canSave = Boolean(target.project && target.folder);

  return (
    <section className={styles.section} aria-labelledby="record-heading">
      <Heading level={2} id="record-heading">
        <FormattedMessage id="recorder.record.title" />
      </Heading>
      <Text tone="muted">{intl.formatMessage({ id: 'recorder.limit' }, { seconds: limitSeconds })}</Text>
      {state.matches('idle') ||
      state.matches('denied') ||
      state.matches('unavailable') ||
      state.matches('requesting') ? (
        <Inline gap="md" align="end">
          <LeavingButton
            isPending={state.matches('requesting')}
            onPress={() => actor.send({ type: 'recorder.enable' })}
          >
            <FormattedMessage id="recorder.enable" />
          </LeavingButton>
          {state.matches('unavailable') && context.error ? (
            <Text tone="critical" role="alert">
              {context.error}
            </Text>
          ) : null}
        </Inline>
      ) : null}
      {state.matches('ready') || recording ? (
        <>
          <Inline gap="md" align="end">
            <Select
              label={intl.formatMessage({ id: 'recorder.microphone' })}
              options={context.microphones.map((m) => ({ id: m.id, label: m.name }))}
              value={context.microphone?.id ?? null}
              isDisabled={recording}
              onChange={(key) => key !== null && actor.send({ type: 'recorder.selectMicrophone', id: String(key) })}
            />
            {recording ? (
              <Button variant="danger" onPress={() => actor.send({ type: 'recorder.stop' })}>
                <FormattedMessage id="recorder.stop" />
              </Button>
            ) : (
              <Button onPress={() => actor.send({ type: 'recorder.record' })}>
                <FormattedMessage id="recorder.start" />
              </Button>
            )}
          </Inline>
          <Meter label={intl.formatMessage({ id: 'recorder.level' })} value={context.level} />
          {recording ? (
            // Announced at the start, ten seconds before the end and at the limit by the machine, not every second.
            <p className={styles.countdown} aria-live="off">
              {intl.formatMessage({ id: 'recorder.countdown' }, { seconds: secondsLeft(context) })}
            </p>
          ) : null}
          {context.error ? (
            <Text tone="critical" role="alert">
              {context.error}
            </Text>
          ) : null}
        </>
      ) : null}
      {(state.matches('review') || state.matches('saving')) && context.take && takeUrl ? (
        <>
          <WaveformPlayer
            label={intl.formatMessage({ id: 'recorder.review' })}
            audioUrl={takeUrl}
            duration={context.take.seconds}
          />
          <Inline gap="md" align="end">
            <LeavingButton
              isPending={state.matches('saving')}
              isDisabled={!canSave}
              onPress={() =>
                target.project &&
                target.folder &&
                actor.send({ type: 'recorder.save', projectId: target.project.id, folderId: target.folder.id })
              }
            >
              <FormattedMessage id="recorder.save" />
            </LeavingButton>
            <Button
              variant="secondary"
              isDisabled={state.matches('saving')}
              onPress={() => actor.send({ type: 'recorder.discard' })}
            >
              <FormattedMessage id="recorder.discard" />
            </Button>
          </Inline>
          {context.error ? (
            <Text tone="critical" role="alert">
              {context.error}
            </Text>
          ) : null}
        </>
      ) : null}
      {state.matches('saved') ? <Saved target={target} onAgain={() => actor.send({ type: 'recorder.again' })} /> : null}
    </section>
  );
}

/**
 * A button that is pending while its action runs and leaves with the state it belongs to, taking the label
 * its pending announcement points at: that stale announcement is cleared as it goes.
 */
function LeavingButton(props: ButtonProps) {
  useClearStaleAnnouncementsOnUnmount();
  return <Button {...props} />;
}

/** After a save: where it went, and what next (record again, the project, voices for it). */
function Saved({ target, onAgain }: { target: RecordTarget; onAgain: () => void }) {
  const intl = useIntl();
  return (
    <>
      <p role="status">
        {intl.formatMessage(
          { id: 'recorder.savedTo' },
          { folder: target.folder?.name ?? '', project: target.project?.name ?? '' },
        )}
      </p>
      <Inline gap="md" align="end">
        <Button onPress={onAgain}>
          <FormattedMessage id="recorder.again" />
        </Button>
        {target.project ? (
          <ButtonLink href={target.project.url} variant="secondary">
            <FormattedMessage id="recorder.openProject" />
          </ButtonLink>
        ) : null}
        <ButtonLink
          href="/choose-voices"
          variant="secondary"
          // The next page continues with this original: the move there keeps the new-original data.
          onPress={() => {
            const storage = browserStorage();
            writeNewOriginal(storage, { ...readNewOriginal(storage), ignoreClear: true });
          }}
        >
          <FormattedMessage id="recorder.chooseVoices" />
        </ButtonLink>
      </Inline>
    </>
  );
}
