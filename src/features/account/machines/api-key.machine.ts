import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { announceAction } from '../../../../design-system/index.ts';
import { t } from '../../../i18n/index.ts';
import { failureMessage } from '../../../machines/index.ts';
import type { ApiKey, CreatedApiKey } from '../api/account-api.ts';

export interface ApiKeyContext {
  /** The key's prefix and dates, or null without one. */
  key: ApiKey | null;
  /** The new key's secret, shown once until the user dismisses it. */
  secret: string | null;
  error: string | null;
}

export type ApiKeyEvent =
  | { type: 'apiKey.create'; expiresAt: string | null }
  | { type: 'apiKey.revoke' }
  | { type: 'apiKey.secretSeen' }
  | { type: 'apiKey.retry' };

/**
 * The account's API key: loaded (GET), created with an expiry (POST; the secret is shown once), replaced by
 * creating again, and revoked (DELETE). Each outcome is announced; failures stay on the section.
 */
export const apiKeyMachine = setup({
  types: { context: {} as ApiKeyContext, events: {} as ApiKeyEvent },
  actors: {
    load: fromPromise<ApiKey | null>(() => Promise.reject(new Error('provided'))),
    create: fromPromise<CreatedApiKey, { expiresAt: string | null }>(() => Promise.reject(new Error('provided'))),
    revoke: fromPromise<void>(() => Promise.reject(new Error('provided'))),
  },
  guards: { hasKey: ({ context }) => context.key !== null },
  actions: {
    announce: announceAction,
    setFailure: assign(({ event }) => ({ error: failureMessage((event as { error?: unknown }).error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'apiKey',
  context: { key: null, secret: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ key: event.output })) },
        onError: { target: 'loadFailed', actions: 'setFailure' },
      },
    },
    loadFailed: { on: { 'apiKey.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      on: {
        'apiKey.create': 'creating',
        'apiKey.revoke': { guard: 'hasKey', target: 'revoking' },
        'apiKey.secretSeen': { actions: assign({ secret: null }) },
      },
    },
    creating: {
      entry: 'clearError',
      invoke: {
        src: 'create',
        input: ({ event }) => {
          assertEvent(event, 'apiKey.create');
          return { expiresAt: event.expiresAt };
        },
        onDone: {
          target: 'ready',
          actions: [
            assign(({ event }) => {
              const { key: secret, ...key } = event.output;
              return { key, secret };
            }),
            { type: 'announce', params: () => ({ message: t('account.apiKey.created') }) },
          ],
        },
        onError: {
          target: 'ready',
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
    revoking: {
      entry: 'clearError',
      invoke: {
        src: 'revoke',
        onDone: {
          target: 'ready',
          actions: [
            assign({ key: null, secret: null }),
            { type: 'announce', params: () => ({ message: t('account.apiKey.revoked') }) },
          ],
        },
        onError: {
          target: 'ready',
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
  },
});
