import { FormattedMessage, useIntl } from 'react-intl';
import { Button, formatSize, ProgressBar, Stack, Text } from '../../../../design-system/index.ts';

/** One file given to the upload, from queued to done, failed, refused or cancelled. */
export interface UploadEntry {
  key: string;
  name: string;
  size: number;
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'error' | 'cancelled';
  message?: string;
}

export interface UploadListProps {
  entries: UploadEntry[];
  /** Cancels an entry that is queued or on its way. */
  onCancel: (entry: UploadEntry) => void;
  /** Clears the entries that are over (done, failed, cancelled). */
  onClear: () => void;
}

/** The files given to the upload, newest first, each with its progress, its refusal and its cancel. */
export function UploadList({ entries, onCancel, onClear }: UploadListProps) {
  const intl = useIntl();
  if (entries.length === 0) return null;
  return (
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
                <Button variant="secondary" size="sm" onPress={() => onCancel(entry)}>
                  {intl.formatMessage({ id: 'recorder.upload.cancel' }, { name: entry.name })}
                </Button>
              </div>
            ) : null}
          </Stack>
        ))}
      </Stack>
      <div>
        <Button variant="secondary" size="sm" onPress={onClear}>
          <FormattedMessage id="recorder.upload.clear" />
        </Button>
      </div>
    </>
  );
}
