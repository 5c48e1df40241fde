import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Spinner, Stack, Text, VisuallyHidden } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { browserStorage, failureMessage, storeNextRoute } from '../../../machines/index.ts';
import {
  getOauthUri,
  listOauthProviders,
  OAUTH_PROVIDERS,
  type OauthProvider,
  type OauthProviderInfo,
} from '../api/auth-api.ts';
import * as styles from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';

const PROVIDER_NAMES: Record<OauthProvider, string> = {
  google: 'Google',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  apple: 'Apple',
};

export interface OauthButtonsProps {
  /** Where to go after signing in (kept while the browser is at the provider). */
  next?: string | null;
  /**
   * Sends the browser to the provider's address.
   * @default window.location.assign
   */
  redirect?: (url: string) => void;
}

type Providers = { state: 'loading' } | { state: 'ready'; providers: OauthProviderInfo[] };

/**
 * "Continue with Google" and the others, from GET /api/v3/oauth2: a provider the server has not configured
 * is shown disabled and says so. Pressing one asks for its authorization address and sends the browser there.
 */
export function OauthButtons({ next, redirect = (url) => window.location.assign(url) }: OauthButtonsProps) {
  const intl = useIntl();
  const api = useApi();
  const [list, setList] = useState<Providers>({ state: 'loading' });
  const [pending, setPending] = useState<OauthProvider | null>(null);
  const [error, setError] = useState<{ message: string; attempt: number } | null>(null);
  const idPrefix = useId();

  useEffect(() => {
    let live = true;
    listOauthProviders(api).then(
      (providers) => live && setList({ state: 'ready', providers }),
      // Without the list nothing can be known to work: every provider is shown unavailable.
      () => live && setList({ state: 'ready', providers: [] }),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const loading = list.state === 'loading';
  const providers = list.state === 'ready' ? list.providers : [];

  const start = async (provider: OauthProvider) => {
    setPending(provider);
    setError(null);
    try {
      const uri = await getOauthUri(api, provider);
      storeNextRoute(browserStorage(), next);
      redirect(uri);
    } catch (reason) {
      setError((previous) => ({ message: failureMessage(reason), attempt: (previous?.attempt ?? 0) + 1 }));
      setPending(null);
    }
  };

  return (
    <Stack gap="md">
      <p className={styles.divider}>
        <FormattedMessage id="auth.oauth.or" />
      </p>
      <FormAlert message={error?.message ?? null} attempt={error?.attempt ?? 0} />
      {/* While the list loads, the buttons already hold their place (disabled): the page below them does not
          move when it arrives (layout shift, issue 14). */}
      {loading && (
        <VisuallyHidden>
          <Spinner size="sm" label={intl.formatMessage({ id: 'auth.oauth.loading' })} />
        </VisuallyHidden>
      )}
      <Stack as="ul" gap="sm" aria-label={intl.formatMessage({ id: 'auth.oauth.listLabel' })}>
        {OAUTH_PROVIDERS.map((id) => {
          const info = providers.find((p) => p.id === id);
          const name = info?.name || PROVIDER_NAMES[id];
          const available = info?.configured === true;
          const noteId = `${idPrefix}-${id}`;
          return (
            <Stack as="li" gap="xxs" key={id}>
              <Button
                variant="secondary"
                isDisabled={loading || !available || (pending !== null && pending !== id)}
                isPending={pending === id}
                aria-describedby={available || loading ? undefined : noteId}
                onPress={() => void start(id)}
              >
                <FormattedMessage id="auth.oauth.continueWith" values={{ provider: name }} />
              </Button>
              {!available && !loading && (
                <Text as="span" tone="muted" size="sm" id={noteId}>
                  <FormattedMessage id="auth.oauth.unavailable" values={{ provider: name }} />
                </Text>
              )}
            </Stack>
          );
        })}
      </Stack>
    </Stack>
  );
}
