import { useState } from 'react';
import { useIntl } from 'react-intl';
import { announce, Dialog, Modal, type ModalComponentProps } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { failureMessage, useSession } from '../../../machines/index.ts';
import { updateDomainInfo } from '../api/welcome-api.ts';
import { ProfessionForm } from '../components/profession-form.tsx';

/**
 * userProfession: profession and industry for a signed-in user outside the wizard (e.g. from the dashboard
 * when they are not known yet). Saves with PUT /api/v3/domain-info and updates the session's user.
 */
export function UserProfessionModal({ close }: ModalComponentProps) {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal size="md" isDismissable>
      <Dialog title={intl.formatMessage({ id: 'welcome.userProfession.title' })}>
        <ProfessionForm
          submitLabel={intl.formatMessage({ id: 'welcome.userProfession.submit' })}
          isPending={pending}
          error={error}
          defaultValue={{ profession: session.user?.profession, industry: session.user?.industry }}
          secondary={{ label: intl.formatMessage({ id: 'welcome.skip.cancel' }), onPress: close }}
          onSubmit={async ({ profession, industry }) => {
            setPending(true);
            setError(null);
            try {
              const user = await updateDomainInfo(api, profession, industry);
              session.send({ type: 'session.userUpdated', user });
              announce(intl.formatMessage({ id: 'welcome.userProfession.saved' }));
              close();
            } catch (reason) {
              setError(failureMessage(reason));
              setPending(false);
            }
          }}
        />
      </Dialog>
    </Modal>
  );
}
