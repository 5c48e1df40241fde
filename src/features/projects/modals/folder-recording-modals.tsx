import { useIntl } from 'react-intl';
import {
  announce,
  addToast,
  ButtonLink,
  closeModalsAfter,
  ConfirmDeleteDialog,
  Dialog,
  formatDateTime,
  formatDuration,
  formatSize,
  InformationDialog,
  Modal,
  RenameDialog,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import {
  deleteFolder,
  deleteRecording,
  renameFolder,
  updateRecording,
  type Folder,
  type Recording,
} from '../api/projects-api.ts';
import * as styles from '../components/projects.css.ts';
import { useClearPendingOnClose } from '../clear-pending.ts';

export interface RenameFolderData {
  folder: Folder;
  onRenamed?: (folder: Folder) => void;
}

/** renameFolder: PATCH /api/folders/{id} with a name that follows SPEC.md's rule. */
export function RenameFolderModal({ data }: ModalComponentProps<RenameFolderData>) {
  const intl = useIntl();
  const api = useApi();
  useClearPendingOnClose();
  if (!data) return null;
  return (
    <RenameDialog
      title={intl.formatMessage({ id: 'projects.folder.rename.title' })}
      label={intl.formatMessage({ id: 'projects.folder.rename.label' })}
      defaultValue={data.folder.name}
      onSubmit={async (name) => {
        const renamed = await renameFolder(api, data.folder.id, name);
        data.onRenamed?.(renamed);
        announce(intl.formatMessage({ id: 'projects.folder.rename.done' }, { name: renamed.name }));
        closeModalsAfter({ entity: 'folder', action: 'update', ok: true });
      }}
    />
  );
}

export interface DeleteFolderData {
  folder: Folder;
  onDeleted?: (id: string, permanent: boolean) => void;
}

/** deleteFolder: soft or permanent; its originals, conversions and notes go with it. */
export function DeleteFolderModal({ data }: ModalComponentProps<DeleteFolderData>) {
  const intl = useIntl();
  const api = useApi();
  useClearPendingOnClose();
  if (!data) return null;
  return (
    <ConfirmDeleteDialog
      title={intl.formatMessage({ id: 'projects.folder.delete.title' }, { name: data.folder.name })}
      body={<p>{intl.formatMessage({ id: 'projects.folder.delete.body' })}</p>}
      offerPermanent
      onConfirm={async ({ permanent }) => {
        await deleteFolder(api, data.folder.id, permanent);
        data.onDeleted?.(data.folder.id, permanent);
        const message = intl.formatMessage({ id: 'projects.folder.delete.done' }, { name: data.folder.name });
        announce(message);
        addToast({ message, severity: 'success' });
        closeModalsAfter({ entity: 'folder', action: 'delete', ok: true });
      }}
    />
  );
}

export interface RenameRecordingData {
  recording: Recording;
  onRenamed?: (recording: Recording) => void;
}

/** renameRecording: the original's label, PATCH /api/recordings/{id}. */
export function RenameRecordingModal({ data }: ModalComponentProps<RenameRecordingData>) {
  const intl = useIntl();
  const api = useApi();
  useClearPendingOnClose();
  if (!data) return null;
  return (
    <RenameDialog
      title={intl.formatMessage({ id: 'projects.recording.rename.title' })}
      label={intl.formatMessage({ id: 'projects.recording.rename.label' })}
      defaultValue={data.recording.label}
      onSubmit={async (label) => {
        const renamed = await updateRecording(api, data.recording.id, { label });
        data.onRenamed?.(renamed);
        announce(intl.formatMessage({ id: 'projects.recording.rename.done' }, { name: renamed.label }));
        closeModalsAfter({ entity: 'recording', action: 'update', ok: true });
      }}
    />
  );
}

export interface DeleteRecordingData {
  recording: Recording;
  onDeleted?: (ids: string[], permanent: boolean) => void;
}

/** deleteRecording: the original with its conversions and note, soft or permanent. */
export function DeleteRecordingModal({ data }: ModalComponentProps<DeleteRecordingData>) {
  const intl = useIntl();
  const api = useApi();
  useClearPendingOnClose();
  if (!data) return null;
  return (
    <ConfirmDeleteDialog
      title={intl.formatMessage({ id: 'projects.recording.delete.title' }, { name: data.recording.label })}
      body={<p>{intl.formatMessage({ id: 'projects.recording.delete.body' })}</p>}
      offerPermanent
      onConfirm={async ({ permanent }) => {
        const ids = await deleteRecording(api, data.recording.id, permanent);
        data.onDeleted?.(ids, permanent);
        const message = intl.formatMessage({ id: 'projects.recording.delete.done' }, { name: data.recording.label });
        announce(message);
        addToast({ message, severity: 'success' });
        closeModalsAfter({ entity: 'recording', action: 'delete', ok: true });
      }}
    />
  );
}

/** recordingInfo: what is known about an original. */
export function RecordingInfoModal({ data }: ModalComponentProps<{ recording: Recording; note?: string | null }>) {
  const intl = useIntl();
  if (!data) return null;
  const { recording, note } = data;
  const rows: [string, string][] = [
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

/**
 * upgradePlan, for the reasons a download is refused (SPEC.md section 8's texts for download and for the
 * expired trial): the billing feature brings the full prompt with every reason and the plans.
 */
export function UpgradePlanModal({ data, close }: ModalComponentProps<{ reason?: string }>) {
  const intl = useIntl();
  const reason = data?.reason === 'download' ? 'download' : 'trial_expired';
  return (
    <Modal isDismissable size="sm">
      <Dialog
        title={intl.formatMessage({ id: `projects.upgrade.${reason}.title` })}
        actions={
          <ButtonLink href="/account/plan" onPress={close}>
            {intl.formatMessage({ id: 'projects.upgrade.button' })}
          </ButtonLink>
        }
      >
        <p>{intl.formatMessage({ id: `projects.upgrade.${reason}.body` })}</p>
      </Dialog>
    </Modal>
  );
}
