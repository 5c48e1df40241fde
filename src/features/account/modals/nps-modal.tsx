import { useIntl } from 'react-intl';
import { Dialog, Modal, Stack, Text } from '../../../../design-system/index.ts';
import { NpsSurveyForm } from '../components/nps-survey.tsx';

/**
 * The NPS survey as a dialog, opened after the user's fifth finished conversion (at most once per 90 days,
 * nps-trigger.machine.ts). Not one of SPEC.md's modal ids, so `NpsSurveyPrompt` draws it, not the modal
 * registry. Closing it (Escape, the close button) answers nothing; answered, it
 * closes, and focus goes back where it was.
 */
export function NpsSurveyModal({ close }: { close: () => void }) {
  const intl = useIntl();
  return (
    <Modal isDismissable size="md" isOpen onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog title={intl.formatMessage({ id: 'account.nps.title' })}>
        <Stack gap="md">
          <Text tone="muted">{intl.formatMessage({ id: 'account.nps.intro' })}</Text>
          <NpsSurveyForm onAnswered={close} />
        </Stack>
      </Dialog>
    </Modal>
  );
}
