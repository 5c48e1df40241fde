import { FormattedMessage, useIntl } from 'react-intl';
import { waitFor } from 'xstate';
import { AlertDialog, Modal, type ModalComponentProps } from '../../../../design-system/index.ts';
import type { WizardModalData } from './welcome-profession-modal.tsx';

/**
 * skipWelcomeWizard: confirms skipping the welcome tour. Skip asks the wizard to skip (PUT /api/v3/demo-wizard
 * `{skipped, ignoreWizard}`) and stays pending until that settles; a failure is shown in the dialog.
 */
export function SkipWelcomeWizardModal({ data }: ModalComponentProps<WizardModalData>) {
  const intl = useIntl();
  const wizard = data?.wizard;
  if (!wizard) return null;
  const skip = async () => {
    wizard.send({ type: 'wizard.skip' });
    const settled = await waitFor(wizard, (s) => !s.matches('skipping'));
    if (!settled.matches('done'))
      throw new Error(settled.context.error ?? intl.formatMessage({ id: 'auth.error.generic' }));
  };
  return (
    <Modal size="sm">
      <AlertDialog
        title={intl.formatMessage({ id: 'welcome.skip.title' })}
        actionLabel={intl.formatMessage({ id: 'welcome.skip.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'welcome.skip.cancel' })}
        onAction={skip}
      >
        <FormattedMessage id="welcome.skip.body" />
      </AlertDialog>
    </Modal>
  );
}
