import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { announceAction } from '../../../../design-system/index.ts';
import { t } from '../../../i18n/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import { emailMatches } from '../account-rules.ts';

export interface DeleteAccountInput {
  /** The account's e-mail address, which the user types to confirm. */
  email: string;
}

export interface DeleteAccountContext {
  email: string;
  typed: string;
  /** The typed address is not the account's (shown under the field). */
  mismatch: boolean;
  /** The server's failure (shown in the dialog). */
  error: string | null;
}

export type DeleteAccountEvent =
  { type: 'confirmation.change'; value: string } | { type: 'account.delete' } | { type: 'account.cancel' };

/**
 * The deleteAccount modal's flow: the user types their e-mail address, then deletes. A wrong address is
 * refused in place; the DELETE /api/v3/profile call runs once (further presses wait); a failure keeps the
 * dialog open with the server's words; success ends in `deleted`, after which the session signs out.
 */
export const deleteAccountMachine = setup({
  types: {
    input: {} as DeleteAccountInput,
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
  },
  actors: {
    deleteProfile: fromPromise<void>(() => Promise.reject(new Error('deleteProfile is provided by the modal'))),
  },
  guards: {
    confirmed: ({ context }) => emailMatches(context.typed, context.email),
  },
  actions: {
    setTyped: assign(({ event }) => {
      assertEvent(event, 'confirmation.change');
      return { typed: event.value, mismatch: false, error: null };
    }),
    refuseAddress: assign({ mismatch: true, error: null }),
    setFailure: assign(({ event }) => ({ error: failureMessage((event as { error?: unknown }).error) })),
    announce: announceAction,
  },
}).createMachine({
  id: 'deleteAccount',
  context: ({ input }) => ({ email: input.email, typed: '', mismatch: false, error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      on: {
        'confirmation.change': { actions: 'setTyped' },
        'account.delete': [
          { guard: 'confirmed', target: 'deleting' },
          {
            actions: ['refuseAddress', { type: 'announce', params: () => ({ message: t('account.delete.mismatch') }) }],
          },
        ],
        'account.cancel': 'cancelled',
      },
    },
    deleting: {
      invoke: {
        src: 'deleteProfile',
        onDone: 'deleted',
        onError: {
          target: 'confirming',
          actions: [
            'setFailure',
            {
              type: 'announce',
              params: ({ event }) => ({ message: failureMessage(event.error), politeness: 'assertive' as const }),
            },
          ],
        },
      },
    },
    deleted: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
