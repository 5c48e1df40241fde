import type { ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import {
  DropZone as AriaDropZone,
  Text,
  isFileDropItem,
  type DropZoneProps as AriaDropZoneProps,
} from 'react-aria-components';
import { FileTrigger } from '../FileTrigger/index.ts';
import { Icon } from '../Icon/index.ts';
import { sortFiles } from './accept.ts';
import {
  dropZone,
  hint as hintText,
  icon,
  instructions,
  label as labelText,
  type DropZoneVariants,
} from './DropZone.css.ts';

type DropEvent = Parameters<NonNullable<AriaDropZoneProps['onDrop']>>[0];

const messages = defineMessages({
  dropMany: { id: 'ds.dropZone.dropMany', defaultMessage: 'Drop files here or' },
  dropOne: { id: 'ds.dropZone.dropOne', defaultMessage: 'Drop a file here or' },
  chooseMany: { id: 'ds.dropZone.chooseMany', defaultMessage: 'Choose files' },
  chooseOne: { id: 'ds.dropZone.chooseOne', defaultMessage: 'Choose a file' },
  target: { id: 'ds.dropZone.target', defaultMessage: 'Drop zone' },
});

export interface DropZoneProps extends Omit<
  AriaDropZoneProps,
  'className' | 'style' | 'children' | 'onDrop' | 'getDropOperation' | 'aria-label' | 'aria-labelledby'
> {
  /** The visible label, e.g. "Upload audio": it names the zone's drop target for screen readers too. */
  label: ReactNode;
  /** A line under the instructions, e.g. the accepted formats and the size limit. */
  hint?: ReactNode;
  /**
   * The MIME types (`audio/*`, `audio/wav`) or extensions (`.wav`) accepted. Other files are left out of
   * `onFiles` and reported to `onReject`.
   */
  acceptedFileTypes?: ReadonlyArray<string>;
  /**
   * Whether several files may be dropped or picked at once; otherwise only the first accepted one is kept.
   * @default false
   */
  allowsMultiple?: boolean;
  /** Called with the accepted files, dropped, pasted or picked with the button. */
  onFiles: (files: File[]) => void;
  /** Called with the files that were left out (wrong type, or more than one when one is allowed). */
  onReject?: (files: File[]) => void;
  /**
   * The zone's height and padding.
   * @default 'md'
   */
  size?: DropZoneVariants['size'];
}

/**
 * A drop target for files over React Aria's DropZone, with a "Choose files" button (our FileTrigger) so
 * keyboard and screen-reader users can pick files, and paste works too. Dropped, pasted and picked files
 * all arrive in `onFiles`. The zone shows `data-drop-target` while files are dragged over it.
 */
export function DropZone({
  label,
  hint,
  acceptedFileTypes,
  allowsMultiple = false,
  onFiles,
  onReject,
  size,
  isDisabled,
  ...props
}: DropZoneProps) {
  const intl = useIntl();

  const report = (files: File[]) => {
    const { accepted, rejected } = sortFiles(files, acceptedFileTypes, allowsMultiple);
    if (accepted.length > 0) onFiles(accepted);
    if (rejected.length > 0) onReject?.(rejected);
  };

  const onDrop = async (event: DropEvent) => {
    report(await Promise.all(event.items.filter(isFileDropItem).map((item) => item.getFile())));
  };

  return (
    <AriaDropZone
      {...props}
      isDisabled={isDisabled}
      // React Aria names its hidden drop target "<this> <label>", e.g. "Drop zone Upload audio".
      aria-label={intl.formatMessage(messages.target)}
      getDropOperation={() => 'copy'}
      onDrop={onDrop}
      className={dropZone({ size })}
    >
      <span className={icon}>
        <Icon name="upload" size="lg" />
      </span>
      <Text slot="label" className={labelText}>
        {label}
      </Text>
      <p className={instructions}>
        <span>{intl.formatMessage(allowsMultiple ? messages.dropMany : messages.dropOne)}</span>
        <FileTrigger
          acceptedFileTypes={acceptedFileTypes}
          allowsMultiple={allowsMultiple}
          isDisabled={isDisabled}
          size="sm"
          onSelect={(files) => report(files ? [...files] : [])}
        >
          {intl.formatMessage(allowsMultiple ? messages.chooseMany : messages.chooseOne)}
        </FileTrigger>
      </p>
      {hint != null && <p className={hintText}>{hint}</p>}
    </AriaDropZone>
  );
}
