import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  announce,
  Button,
  Card,
  formatDate,
  Inline,
  Link,
  Select,
  Stack,
  Text,
} from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { API_KEY_EXPIRIES, expiresAtFor, type ApiKeyExpiry } from '../account-rules.ts';
import { createApiKey, getApiKey, revokeApiKey } from '../api/account-api.ts';
import { apiKeyMachine } from '../machines/api-key.machine.ts';
import * as styles from './account.css.ts';
import { fromPromise } from 'xstate';

/**
 * The API key: none yet, or its prefix and dates. Creating one (with an expiry) shows its secret once with a
 * copy button; creating again replaces it; revoking stops it at once. Links to the API reference.
 */
export function ApiKeySection() {
  const intl = useIntl();
  const api = useApi();
  const actor = useActorRef(
    apiKeyMachine.provide({
      actors: {
        load: fromPromise(() => getApiKey(api)),
        create: fromPromise(({ input }: { input: { expiresAt: string | null } }) => createApiKey(api, input.expiresAt)),
        revoke: fromPromise(() => revokeApiKey(api)),
      },
    }),
  );
  const { key, secret, error } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => (s.matches('creating') ? 'create' : s.matches('revoking') ? 'revoke' : null));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const [expiry, setExpiry] = useState<ApiKeyExpiry>('90');

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      announce(intl.formatMessage({ id: 'account.apiKey.copied' }));
    } catch {
      announce(intl.formatMessage({ id: 'account.apiKey.copyFailed' }), { politeness: 'assertive' });
    }
  }

  return (
    <Card as="section" padding="lg" heading={intl.formatMessage({ id: 'account.apiKey.title' })}>
      <Stack gap="md">
        <Text tone="muted">
          <FormattedMessage id="account.apiKey.intro" />{' '}
          <Link href="/account/api">
            <FormattedMessage id="account.apiKey.reference" />
          </Link>
        </Text>
        {loading ? (
          <Text tone="muted">
            <FormattedMessage id="account.apiKey.loading" />
          </Text>
        ) : loadFailed ? (
          <Inline gap="md" align="center">
            <Text tone="critical">{error}</Text>
            <Button variant="secondary" onPress={() => actor.send({ type: 'apiKey.retry' })}>
              <FormattedMessage id="account.retry" />
            </Button>
          </Inline>
        ) : (
          <>
            {secret ? (
              <div className={styles.secret} role="group" aria-labelledby="api-key-secret-label">
                <Text weight="semibold" id="api-key-secret-label">
                  <FormattedMessage id="account.apiKey.secretLabel" />
                </Text>
                <code className={styles.code} data-testid="api-key-secret">
                  {secret}
                </code>
                <Inline gap="sm">
                  <Button variant="secondary" onPress={() => void copy()}>
                    <FormattedMessage id="account.apiKey.copy" />
                  </Button>
                  <Button variant="secondary" onPress={() => actor.send({ type: 'apiKey.secretSeen' })}>
                    <FormattedMessage id="account.apiKey.done" />
                  </Button>
                </Inline>
              </div>
            ) : null}
            {key ? (
              <dl className={styles.facts}>
                <div>
                  <dt>
                    <FormattedMessage id="account.apiKey.prefix" />
                  </dt>
                  <dd>
                    <code>{key.prefix}…</code>
                  </dd>
                </div>
                <div>
                  <dt>
                    <FormattedMessage id="account.apiKey.createdAt" />
                  </dt>
                  <dd>{formatDate(key.created_at)}</dd>
                </div>
                <div>
                  <dt>
                    <FormattedMessage id="account.apiKey.expiresAt" />
                  </dt>
                  <dd>
                    {key.expires_at ? formatDate(key.expires_at) : intl.formatMessage({ id: 'account.apiKey.never' })}
                  </dd>
                </div>
              </dl>
            ) : (
              <Text>
                <FormattedMessage id="account.apiKey.none" />
              </Text>
            )}
            <Inline gap="md" align="end">
              <Select
                label={intl.formatMessage({ id: 'account.apiKey.expiry' })}
                selectedKey={expiry}
                onSelectionChange={(k) => setExpiry(String(k) as ApiKeyExpiry)}
                options={API_KEY_EXPIRIES.map((id) => ({
                  id,
                  label:
                    id === 'never'
                      ? intl.formatMessage({ id: 'account.apiKey.never' })
                      : intl.formatMessage({ id: 'account.apiKey.days' }, { days: Number(id) }),
                }))}
              />
              <Button
                isPending={busy === 'create'}
                onPress={() => actor.send({ type: 'apiKey.create', expiresAt: expiresAtFor(expiry, Date.now()) })}
              >
                <FormattedMessage id={key ? 'account.apiKey.replace' : 'account.apiKey.create'} />
              </Button>
              {key ? (
                <Button
                  variant="danger"
                  isPending={busy === 'revoke'}
                  onPress={() => actor.send({ type: 'apiKey.revoke' })}
                >
                  <FormattedMessage id="account.apiKey.revoke" />
                </Button>
              ) : null}
            </Inline>
            {error ? (
              <Text tone="critical" role="alert">
                {error}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
