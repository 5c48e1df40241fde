import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { InformationDialog, registerModal, type ModalComponentProps } from '../../../../design-system/index.ts';

/** disabledMicrophone: the microphone is blocked, and how to allow it. `data.retry` asks again on OK. */
export function DisabledMicrophoneModal({ data }: ModalComponentProps<{ retry?: () => void }>) {
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

export function registerRecorderModals(): () => void {
  return registerModal('disabledMicrophone', DisabledMicrophoneModal);
}

/** Keeps the recorder's modal registered while the component that calls it is mounted. */
export function useRecorderModals() {
  useEffect(() => registerRecorderModals(), []);
}
