import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fromPromise, waitFor } from 'xstate';
import {
  AlertDialog,
  Modal,
  Stack,
  TextField,
  useClearStaleAnnouncementsOnUnmount,
  type ModalComponentProps,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useSession } from '../../../machines/index.ts';
import { deleteProfile } from '../api/account-api.ts';
import { deleteAccountMachine } from '../machines/delete-account.machine.ts';

/** What an opener of deleteAccount passes: the account's e-mail address, which the user types to confirm. */
export interface DeleteAccountData {
  email: string;
}

/**
 * deleteAccount: says what is deleted and when, asks for the account's e-mail address, then deletes it
 * (DELETE /api/v3/profile). The session then clears the app's data and goes to / (SPEC.md section 4).
 */
export function DeleteAccountModal({ data }: ModalComponentProps<DeleteAccountData>) {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  useClearStaleAnnouncementsOnUnmount();
  const actor = useActorRef(
    deleteAccountMachine.provide({ actors: { deleteProfile: fromPromise(() => deleteProfile(api)) } }),
    { input: { email: data?.email ?? '' } },
  );
  const { typed, mismatch, error } = useSelector(actor, (s) => s.context);
  const deleting = useSelector(actor, (s) => s.matches('deleting'));
  if (!data) return null;

  async function confirm() {
    actor.send({ type: 'account.delete' });
    const settled = await waitFor(actor, (s) => s.status === 'done' || !s.matches('deleting'));
    if (settled.matches('deleted')) {
      session.send({ type: 'session.deleted' });
      return;
    }
    // Stay open: the field or the dialog says what is wrong.
    throw new Error(settled.context.error ?? intl.formatMessage({ id: 'account.delete.mismatch' }));
  }

  return (
    <Modal>
      <AlertDialog
        variant="danger"
        title={intl.formatMessage({ id: 'account.delete.title' })}
        actionLabel={intl.formatMessage({ id: 'account.delete.confirm' })}
        onAction={confirm}
        onCancel={() => actor.send({ type: 'account.cancel' })}
        isPending={deleting}
        errorMessage={error ?? undefined}
      >
        <Stack gap="md">
          <p>
            <FormattedMessage id="account.delete.body" />
          </p>
          <ul>
            <li>
              <FormattedMessage id="account.delete.what.files" />
            </li>
            <li>
              <FormattedMessage id="account.delete.what.plan" />
            </li>
            <li>
              <FormattedMessage id="account.delete.what.key" />
            </li>
          </ul>
          <TextField
            label={intl.formatMessage({ id: 'account.delete.field' }, { email: data.email })}
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(value) => actor.send({ type: 'confirmation.change', value })}
            isInvalid={mismatch}
            errorMessage={intl.formatMessage({ id: 'account.delete.mismatch' })}
          />
        </Stack>
      </AlertDialog>
    </Modal>
  );
}
