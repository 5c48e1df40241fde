import { useIntl } from 'react-intl';
import {
  formatDateTime,
  formatDuration,
  formatSize,
  InformationDialog,
  Text,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useResource } from '../../../machines/index.ts';
import {
  deleteFolder,
  deleteRecording,
  listFolderRecordings,
  renameFolder,
  updateRecording,
  type Folder,
  type Recording,
} from '../api/projects-api.ts';
import * as styles from '../components/projects.css.ts';
import { folderContents } from '../list-rules.ts';
import {
  makeDeleteModal,
  makeRenameModal,
  type DeleteData,
  type RenameData,
} from '../../../shared/modals/entity-modals.tsx';
import type { MessageId } from '../../../i18n/index.ts';

export interface RenameFolderData extends RenameData<Folder> {
  folder: Folder;
}

/** renameFolder: PATCH /api/folders/{id} with a name that follows SPEC.md's rule. */
export const RenameFolderModal = makeRenameModal<RenameFolderData, Folder>({
  titleId: 'projects.folder.rename.title',
  labelId: 'projects.folder.rename.label',
  doneId: 'projects.folder.rename.done',
  entity: 'folder',
  current: (data) => data.folder.name,
  save: (api, data, name) => renameFolder(api, data.folder.id, name),
  nameOf: (folder) => folder.name,
});

export interface DeleteFolderData extends DeleteData<string> {
  folder: Folder;
}

/** deleteFolder: soft or permanent; its originals, conversions and notes go with it. */
export const DeleteFolderModal = makeDeleteModal<DeleteFolderData, string>({
  titleId: 'projects.folder.delete.title',
  bodyId: 'projects.folder.delete.body',
  doneId: 'projects.folder.delete.done',
  entity: 'folder',
  name: (data) => data.folder.name,
  details: (data) => <FolderContentsNote folderId={data.folder.id} />,
  remove: async (api, data, permanent) => {
    await deleteFolder(api, data.folder.id, permanent);
    return data.folder.id;
  },
});

/**
 * What deleting a folder takes with it, counted from GET /api/recordings (every original and conversion of
 * the folder), with the conversions it would stop. Nothing while it loads or when it cannot be read.
 */
function FolderContentsNote({ folderId }: { folderId: string }) {
  const intl = useIntl();
  const api = useApi();
  const recordings = useResource(['folder-recordings', folderId], (signal) =>
    listFolderRecordings(api, folderId, { signal }),
  );
  if (recordings.status !== 'ready') return null;
  const contents = folderContents(recordings.value);
  return (
    <Text tone={contents.inProgress > 0 ? 'critical' : 'muted'}>
      {intl.formatMessage({ id: 'projects.folder.delete.contents' }, { ...contents })}
    </Text>
  );
}

export interface RenameRecordingData extends RenameData<Recording> {
  recording: Recording;
}

/** renameRecording: the original's label, PATCH /api/recordings/{id}. */
export const RenameRecordingModal = makeRenameModal<RenameRecordingData, Recording>({
  titleId: 'projects.recording.rename.title',
  labelId: 'projects.recording.rename.label',
  doneId: 'projects.recording.rename.done',
  entity: 'recording',
  current: (data) => data.recording.label,
  save: (api, data, label) => updateRecording(api, data.recording.id, { label }),
  nameOf: (recording) => recording.label,
});

export interface DeleteRecordingData extends DeleteData<string[]> {
  recording: Recording;
}

/** deleteRecording: the original with its conversions and note, soft or permanent. */
export const DeleteRecordingModal = makeDeleteModal<DeleteRecordingData, string[]>({
  titleId: 'projects.recording.delete.title',
  bodyId: 'projects.recording.delete.body',
  doneId: 'projects.recording.delete.done',
  entity: 'recording',
  name: (data) => data.recording.label,
  remove: (api, data, permanent) => deleteRecording(api, data.recording.id, permanent),
});

/** recordingInfo: what is known about an original. */
export interface RecordingInfoData {
  recording: Recording;
  note?: string | null;
}

export function RecordingInfoModal({ data }: ModalComponentProps<RecordingInfoData>) {
  const intl = useIntl();
  if (!data) return null;
  const { recording, note } = data;
  const rows: [MessageId, string][] = [
    ['projects.recording.info.fileName', recording.file_name],
    ['projects.recording.info.created', formatDateTime(recording.created_at)],
    ['projects.recording.info.duration', formatDuration(recording.duration)],
    ['projects.recording.info.size', formatSize(recording.size)],
    ['projects.recording.info.conversions', intl.formatNumber(recording.conversions_count)],
    [
      'projects.recording.info.microphone',
      recording.microphone ?? intl.formatMessage({ id: 'projects.recording.info.noMicrophone' }),
    ],
    ['projects.recording.info.state', intl.formatMessage({ id: `projects.recording.state.${recording.state}` })],
  ];
  if (note) rows.push(['projects.recording.info.note', note]);
  return (
    <InformationDialog
      title={intl.formatMessage({ id: 'projects.recording.info.title' }, { name: recording.label })}
      body={
        <dl className={styles.facts}>
          {rows.map(([id, value]) => (
            <div key={id} className={styles.fact}>
              <dt>{intl.formatMessage({ id })}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      }
    />
  );
}
