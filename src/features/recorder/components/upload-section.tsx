import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce, DropZone, Heading, progressMilestone } from '../../../../design-system/index.ts';
import { precheckFiles, uploadRecordings, useApi, type UploadRequest } from '../../../api/index.ts';
import * as styles from './recorder.css.ts';
import { UploadList, type UploadEntry } from './upload-list.tsx';
import { rememberSaved, type RecordTarget } from './use-record-target.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';

const ACCEPTED = ['audio/*', 'video/webm', '.wav', '.mp3', '.ogg', '.opus', '.flac', '.m4a', '.aac', '.webm'];

export interface UploadSectionProps {
  target: RecordTarget;
  /** Makes the upload requests (XMLHttpRequest by default). */
  createRequest?: () => UploadRequest;
}

/**
 * Upload audio files into the target folder: each file checked before it goes (type, size), then sent on
 * its own request, two at a time, with its own progress and cancel; starts, quartiles, ends and refusals
 * announced.
 */
export function UploadSection({ target, createRequest }: UploadSectionProps) {
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
      // Long uploads are said at their quartiles (start and end have their own messages), not every tick.
      let reported = 0;
      const announceProgress = (name: string, progress: number) => {
        const milestone = progressMilestone(reported, progress);
        reported = progress;
        if (milestone === '25' || milestone === '50' || milestone === '75') {
          announce(intl.formatMessage({ id: 'recorder.upload.milestone' }, { name, percent: Number(milestone) }));
        }
      };
      try {
        const items = await uploadRecordings(api, {
          file: item.file,
          fileName: item.file.name,
          fields: { project_id: place.project.id, parent_folder_id: place.folder.id },
          createRequest,
          onProgress: (progress) => {
            update(item.key, { progress });
            announceProgress(item.file.name, progress);
          },
          onCancel: (cancel) => cancels.current.set(item.key, cancel),
        });
        update(item.key, { status: 'done', progress: 100 });
        trackUsage('upload_finished', { via: 'upload' });
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
      <UploadList
        entries={entries}
        onCancel={cancel}
        onClear={() => setEntries((list) => list.filter((e) => e.status === 'uploading' || e.status === 'queued'))}
      />
    </section>
  );
}
