import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Dialog, Modal, type ModalComponentProps } from '../../../../design-system/index.ts';
import { ProfessionForm } from '../components/profession-form.tsx';
import { isBusy, type WelcomeActor } from '../welcome.machine.ts';

export interface WizardModalData {
  /** The welcome wizard the modal is a step of. */
  wizard: WelcomeActor;
}

/**
 * welcomeProfession: the wizard's profession step. Continue sends profession and industry to the wizard,
 * which saves them (PUT /api/v3/domain-info) and finishes; Back (or Escape) returns to the intro.
 */
export function WelcomeProfessionModal({ data, close }: ModalComponentProps<WizardModalData>) {
  const intl = useIntl();
  const wizard = data?.wizard;
  const busy = useSelector(wizard, (s) => (s ? isBusy(s) : false));
  const error = useSelector(wizard, (s) => s?.context.error ?? null);
  if (!wizard) return null;
  return (
    <Modal size="md">
      <Dialog title={intl.formatMessage({ id: 'welcome.professionStep.title' })}>
        <ProfessionForm
          submitLabel={intl.formatMessage({ id: 'welcome.professionStep.submit' })}
          isPending={busy}
          error={error}
          secondary={{
            label: intl.formatMessage({ id: 'welcome.back' }),
            onPress: () => {
              wizard.send({ type: 'wizard.back' });
              close();
            },
          }}
          onSubmit={(values) => wizard.send({ type: 'wizard.submitProfession', ...values })}
        />
      </Dialog>
    </Modal>
  );
}
