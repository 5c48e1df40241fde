import { useIntl } from 'react-intl';
import { InformationDialog, type ModalComponentProps } from '../../../../design-system/index.ts';

/** What opens disabledMicrophone: how to ask for the microphone again, when there is a recorder to ask. */
export interface DisabledMicrophoneData {
  retry?: () => void;
}

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    disabledMicrophone: DisabledMicrophoneData | undefined;
  }
}

/** disabledMicrophone: the microphone is blocked, and how to allow it. `data.retry` asks again on OK. */
export function DisabledMicrophoneModal({ data }: ModalComponentProps<DisabledMicrophoneData>) {
  const intl = useIntl();
  return (
    <InformationDialog
      title={intl.formatMessage({ id: 'recorder.denied.title' })}
      body={<p>{intl.formatMessage({ id: 'recorder.denied.body' })}</p>}
      okLabel={data?.retry ? intl.formatMessage({ id: 'recorder.denied.retry' }) : undefined}
      onOk={data?.retry}
    />
  );
}
