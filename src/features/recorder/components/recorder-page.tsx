import { FormattedMessage } from 'react-intl';
import { PageBlock, PageHeader } from '../../../../design-system/index.ts';
import type { UploadRequest } from '../../../api/index.ts';
import { ChooseVoicesBanner } from './choose-voices-banner.tsx';
import { RecordSection } from './record-section.tsx';
import { TargetSection } from './target-section.tsx';
import { TextSection } from './text-section.tsx';
import { UploadSection } from './upload-section.tsx';
import { useRecordTarget } from './use-record-target.ts';

export interface RecorderPageProps {
  /** Makes the upload requests (XMLHttpRequest by default; stories pass their own). */
  createRequest?: () => UploadRequest;
  /** The microphones after permission (the browser's by default; stories pass their own). */
  listMicrophones?: () => Promise<{ id: string; name: string }[]>;
}

/**
 * /new: record with the microphone, or upload files, into a folder of one of the user's projects. The
 * project and folder come from the link (?project&folder), else from what was last saved here.
 */
export function RecorderPage({ createRequest, listMicrophones }: RecorderPageProps) {
  const target = useRecordTarget();
  return (
    <PageBlock width="small" gap="xl">
      <PageHeader
        title={<FormattedMessage id="recorder.title" />}
        titleFocusable
        description={<FormattedMessage id="recorder.lead" />}
        gap="xl"
      />
      <TargetSection target={target} />
      <RecordSection target={target} createRequest={createRequest} listMicrophones={listMicrophones} />
      <UploadSection target={target} createRequest={createRequest} />
      <TextSection target={target} />
      <ChooseVoicesBanner />
    </PageBlock>
  );
}
