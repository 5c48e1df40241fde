import { useIntl } from 'react-intl';
import { Dialog, Modal, Stack, Text, type ModalComponentProps } from '../../../../design-system/index.ts';
import { NpsSurveyForm } from '../components/nps-survey.tsx';

/**
 * npsSurvey: the NPS survey as a dialog, opened after the user's fifth finished conversion (at most once per 90
 * days, nps-trigger.machine.ts). Closing it (Escape, the close button) answers nothing; answered, it closes.
 */
export function NpsSurveyModal({ close }: ModalComponentProps) {
  const intl = useIntl();
  return (
    <Modal isDismissable size="md">
      <Dialog title={intl.formatMessage({ id: 'account.nps.title' })}>
        <Stack gap="md">
          <Text tone="muted">{intl.formatMessage({ id: 'account.nps.intro' })}</Text>
          <NpsSurveyForm onAnswered={close} />
        </Stack>
      </Dialog>
    </Modal>
  );
}
