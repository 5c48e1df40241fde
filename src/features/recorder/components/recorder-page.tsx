import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  announce,
  Button,
  ButtonLink,
  DropZone,
  Heading,
  Inline,
  PageBlock,
  PageHeader,
  Stack,
  Text,
  type ButtonProps,
  formatSize,
  Meter,
  ProgressBar,
  Select,
  useClearStaleAnnouncementsOnUnmount,
  WaveformPlayer,
} from '../../../../design-system/index.ts';
import { precheckFiles, uploadRecordings, useApi, type Recording, type UploadRequest } from '../../../api/index.ts';
import {
  browserStorage,
  readNewOriginal,
  useSession,
  withUploaded,
  writeNewOriginal,
  type NewOriginalType,
} from '../../../machines/index.ts';
import { listTargetFolders, listTargetProjects, type FolderSummary, type ProjectSummary } from '../api/targets.ts';
import { recordingLimitFor } from '../limit.ts';
import { createRecordingMachine, secondsLeft, type Take } from '../recording.machine.ts';
import * as styles from './recorder.css.ts';
import { useModal } from '../../../shared/modals/index.ts';

const ACCEPTED = ['audio/*', 'video/webm', '.wav', '.mp3', '.ogg', '.opus', '.flac', '.m4a', '.aac', '.webm'];

export interface RecorderPageProps {
  /** Makes the upload requests (XMLHttpRequest by default; stories pass their own). */
  createRequest?: () => UploadRequest;
  /** The microphones after permission (the browser's by default; stories pass their own). */
  listMicrophones?: () => Promise<{ id: string; name: string }[]>;
}

interface Target {
  project: ProjectSummary | null;
  folder: FolderSummary | null;
}

/** Remembers originals saved from this page (SPEC.md section 3's new-original data). */
function rememberSaved(target: Target, items: Recording[], type: NewOriginalType) {
  if (!target.project || !target.folder) return;
  const storage = browserStorage();
  writeNewOriginal(
    storage,
    withUploaded(readNewOriginal(storage), {
      projectId: target.project.id,
      folderId: target.folder.id,
      ids: items.map((r) => r.id),
      type,
    }),
  );
}

/**
 * /new: record with the microphone, or upload files, into a folder of one of the user's projects. The
 * project and folder come from the link (?project&folder), else from what was last saved here.
 */
export function RecorderPage({ createRequest, listMicrophones }: RecorderPageProps) {
  const intl = useIntl();
  const target = useTarget();
  return (
    <PageBlock width="small" gap="xl">
      <PageHeader
        title={<FormattedMessage id="recorder.title" />}
        titleFocusable
        description={<FormattedMessage id="recorder.lead" />}
        gap="xl"
      />
      <section className={styles.section} aria-labelledby="target-heading">
        <Heading level={2} id="target-heading">
          <FormattedMessage id="recorder.target.title" />
        </Heading>
        {target.ready && target.projects.length === 0 ? (
          <>
            <p>{intl.formatMessage({ id: 'recorder.target.none' })}</p>
            <ButtonLink href="/projects" variant="secondary">
              <FormattedMessage id="recorder.target.projects" />
            </ButtonLink>
          </>
        ) : (
          <Inline gap="md" align="end">
            <Select
              label={intl.formatMessage({ id: 'recorder.target.project' })}
              options={target.projects.map((p) => ({ id: p.id, label: p.name }))}
              value={target.project?.id ?? null}
              onChange={(key) => target.chooseProject(key === null ? null : String(key))}
            />
            <Select
              label={intl.formatMessage({ id: 'recorder.target.folder' })}
              options={target.folders.map((f) => ({ id: f.id, label: f.name }))}
              value={target.folder?.id ?? null}
              onChange={(key) => target.chooseFolder(key === null ? null : String(key))}
            />
          </Inline>
        )}
      </section>
      <RecordSection target={target} createRequest={createRequest} listMicrophones={listMicrophones} />
      <UploadSection target={target} createRequest={createRequest} />
      <TextSection target={target} />
    </PageBlock>
  );
}

/** Or type a text: the recordingTts modal speaks it in a voice and saves it here as a new original. */
function TextSection({ target }: { target: TargetState }) {
  const tts = useModal('recordingTts');
  const { project, folder } = target;
  return (
    <section className={styles.section} aria-labelledby="tts-heading">
      <Heading level={2} id="tts-heading">
        <FormattedMessage id="recorder.tts.title" />
      </Heading>
      <Text tone="muted">
        <FormattedMessage id="recorder.tts.lead" />
      </Text>
      <div>
        <Button
          variant="secondary"
          isDisabled={!project || !folder}
          onPress={() =>
            project &&
            folder &&
            tts.open({
              projectId: project.id,
              folderId: folder.id,
              onCreated: (recording) => rememberSaved({ project, folder }, [recording], 'tts'),
            })
          }
        >
          <FormattedMessage id="recorder.tts.open" />
        </Button>
      </div>
    </section>
  );
}

function useTarget() {
  const api = useApi();
  const [params] = useSearchParams();
  const [projects, setProjects] = useState<ProjectSummary[]>([]);
  const [folders, setFolders] = useState<FolderSummary[]>([]);
  const [projectId, setProjectId] = useState<string | null>(
    () => params.get('project') ?? readNewOriginal(browserStorage()).projectId,
  );
  const [folderId, setFolderId] = useState<string | null>(
    () => params.get('folder') ?? readNewOriginal(browserStorage()).folderId,
  );
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    listTargetProjects(api).then(
      (items) => {
        if (cancelled) return;
        setProjects(items);
        setReady(true);
        setProjectId((current) => (items.some((p) => p.id === current) ? current : (items[0]?.id ?? null)));
      },
      () => !cancelled && setReady(true),
    );
    return () => {
      cancelled = true;
    };
  }, [api]);

  useEffect(() => {
    if (!projectId) return;
    let cancelled = false;
    listTargetFolders(api, projectId).then(
      (items) => {
        if (cancelled) return;
        setFolders(items);
        setFolderId((current) => (items.some((f) => f.id === current) ? current : (items[0]?.id ?? null)));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [api, projectId]);

  const project = projects.find((p) => p.id === projectId) ?? null;
  const folder = project ? (folders.find((f) => f.id === folderId) ?? null) : null;
  return {
    ready,
    projects,
    folders: project ? folders : [],
    project,
    folder,
    chooseProject: (id: string | null) => {
      setProjectId(id);
      setFolders([]);
    },
    chooseFolder: setFolderId,
  };
}

type TargetState = ReturnType<typeof useTarget>;

function RecordSection({
  target,
  createRequest,
  listMicrophones,
}: {
  target: TargetState;
  createRequest?: () => UploadRequest;
  listMicrophones?: RecorderPageProps['listMicrophones'];
}) {
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

function Saved({ target, onAgain }: { target: TargetState; onAgain: () => void }) {
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

interface UploadEntry {
  key: string;
  name: string;
  size: number;
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'error' | 'cancelled';
  message?: string;
}

function UploadSection({ target, createRequest }: { target: TargetState; createRequest?: () => UploadRequest }) {
  const intl = useIntl();
  const api = useApi();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const cancels = useRef(new Map<string, () => void>());
  const cancelled = useRef(new Set<string>());
  const seq = useRef(0);
  const disabled = !target.project || !target.folder;

  const update = (key: string, change: Partial<UploadEntry>) =>
    setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...change } : e)));

  const start = (files: File[], rejectedByType: File[] = []) => {
    if (!target.project || !target.folder) return;
    const place = { project: target.project, folder: target.folder };
    const { accepted, refused } = precheckFiles(files);
    const refusedEntries: UploadEntry[] = [
      ...rejectedByType.map((file) => ({ file, message: intl.formatMessage({ id: 'recorder.upload.rejectedType' }) })),
      ...refused,
    ].map(({ file, message }) => ({
      key: `u${(seq.current += 1)}`,
      name: file.name,
      size: file.size,
      progress: 0,
      status: 'error' as const,
      message,
    }));
    const queued = accepted.map((file) => ({ file, key: `u${(seq.current += 1)}` }));
    setEntries((list) => [
      ...queued.map(({ file, key }) => ({
        key,
        name: file.name,
        size: file.size,
        progress: 0,
        status: 'queued' as const,
      })),
      ...refusedEntries,
      ...list,
    ]);
    for (const entry of refusedEntries)
      announce(intl.formatMessage({ id: 'recorder.upload.failed' }, { name: entry.name, message: entry.message }), {
        politeness: 'assertive',
      });
    if (queued.length > 0) announce(intl.formatMessage({ id: 'recorder.upload.started' }, { count: queued.length }));
    // One request per file, two at a time: each file has its own progress, cancel and refusal.
    const pending = [...queued];
    const next = async (): Promise<void> => {
      const item = pending.shift();
      if (!item) return;
      if (cancelled.current.has(item.key)) return next();
      update(item.key, { status: 'uploading' });
      try {
        const items = await uploadRecordings(api, {
          file: item.file,
          fileName: item.file.name,
          fields: { project_id: place.project.id, parent_folder_id: place.folder.id },
          createRequest,
          onProgress: (progress) => update(item.key, { progress }),
          onCancel: (cancel) => cancels.current.set(item.key, cancel),
        });
        update(item.key, { status: 'done', progress: 100 });
        rememberSaved(place, items, 'upload');
        announce(intl.formatMessage({ id: 'recorder.upload.done' }, { name: item.file.name }));
      } catch (error) {
        if (cancelled.current.has(item.key)) return next();
        setEntries((list) =>
          list.map((e) =>
            e.key === item.key && e.status !== 'cancelled'
              ? { ...e, status: 'error', message: error instanceof Error ? error.message : String(error) }
              : e,
          ),
        );
        announce(
          intl.formatMessage(
            { id: 'recorder.upload.failed' },
            { name: item.file.name, message: error instanceof Error ? error.message : String(error) },
          ),
          { politeness: 'assertive' },
        );
      } finally {
        cancels.current.delete(item.key);
      }
      return next();
    };
    void Promise.all([next(), next()]);
  };

  const cancel = (entry: UploadEntry) => {
    cancelled.current.add(entry.key);
    cancels.current.get(entry.key)?.();
    update(entry.key, { status: 'cancelled' });
    announce(intl.formatMessage({ id: 'recorder.upload.cancelled' }, { name: entry.name }));
  };

  return (
    <section className={styles.section} aria-labelledby="upload-heading">
      <Heading level={2} id="upload-heading">
        <FormattedMessage id="recorder.upload.title" />
      </Heading>
      <DropZone
        label={intl.formatMessage({ id: 'recorder.upload.label' })}
        hint={intl.formatMessage({ id: 'recorder.upload.hint' })}
        acceptedFileTypes={ACCEPTED}
        allowsMultiple
        isDisabled={disabled}
        onFiles={(files) => start(files)}
        onReject={(files) => start([], files)}
      />
      {entries.length > 0 ? (
        <>
          <Stack as="ul" gap="md" aria-label={intl.formatMessage({ id: 'recorder.upload.list' })}>
            {entries.map((entry) => (
              <Stack as="li" gap="xs" key={entry.key}>
                <ProgressBar
                  label={`${entry.name} (${formatSize(entry.size)}): ${intl.formatMessage({ id: `recorder.upload.status.${entry.status}` })}`}
                  value={entry.status === 'done' ? 100 : entry.progress}
                />
                {entry.message ? <Text tone="critical">{entry.message}</Text> : null}
                {entry.status === 'uploading' || entry.status === 'queued' ? (
                  <div>
                    <Button variant="secondary" size="sm" onPress={() => cancel(entry)}>
                      {intl.formatMessage({ id: 'recorder.upload.cancel' }, { name: entry.name })}
                    </Button>
                  </div>
                ) : null}
              </Stack>
            ))}
          </Stack>
          <div>
            <Button
              variant="secondary"
              size="sm"
              onPress={() =>
                setEntries((list) => list.filter((e) => e.status === 'uploading' || e.status === 'queued'))
              }
            >
              <FormattedMessage id="recorder.upload.clear" />
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
