import { createPrivateKey, sign } from 'node:crypto';
import {
  Apple,
  ArcticFetchError,
  CodeChallengeMethod,
  Facebook,
  Google,
  LinkedIn,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
} from 'arctic';
import type { Config } from '../../platform/config.ts';
import { HttpError } from '../../platform/errors.ts';
import {
  OAUTH_PROVIDERS,
  type AppleSigningKey,
  type OauthProviderConfig,
  type OauthProviderName,
} from '../../platform/oauth-config.ts';

export { OAUTH_PROVIDERS, type OauthProviderName };

/** What Timbre knows about each provider's real service. */
interface ProviderInfo {
  /** The name users read on the button and in messages. */
  name: string;
  scopes: string[];
  /** Send a PKCE challenge (only where the provider supports it for a confidential web client). */
  pkce: boolean;
  /** Where the profile comes from: the OpenID id token, or Facebook's Graph API /me. */
  profile: 'idToken' | 'graph';
  /** The iss values the real provider's id tokens carry. */
  issuers: string[];
  /** Where the real provider's profile lives (graph providers). */
  profileUrl?: string;
  /**
   * The provider posts the code back (response_mode=form_post) instead of a query redirect: Apple does
   * whenever name or email is asked for. Then the redirect URI is the API's form receiver.
   */
  formPost: boolean;
}

export const PROVIDERS: Record<OauthProviderName, ProviderInfo> = {
  google: {
    name: 'Google',
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    profile: 'idToken',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
    formPost: false,
  },
  linkedin: {
    name: 'LinkedIn',
    scopes: ['openid', 'profile', 'email'],
    pkce: false,
    profile: 'idToken',
    issuers: ['https://www.linkedin.com/oauth'],
    formPost: false,
  },
  facebook: {
    name: 'Facebook',
    scopes: ['email', 'public_profile'],
    pkce: false,
    profile: 'graph',
    issuers: [],
    profileUrl: 'https://graph.facebook.com/me',
    formPost: false,
  },
  apple: {
    name: 'Apple',
    scopes: ['name', 'email'],
    pkce: false,
    profile: 'idToken',
    issuers: ['https://appleid.apple.com'],
    formPost: true,
  },
};

export const providerName = (provider: OauthProviderName) => PROVIDERS[provider].name;

/** 503 for a provider this server has no credentials for; the sign-in page shows the detail on its button. */
export const notConfigured = (provider: OauthProviderName) =>
  new HttpError(503, `Sign-in with ${providerName(provider)} is not available on this server.`);

/** 502: the provider could not be reached or answered something that is not OAuth. */
export const providerUnavailable = (provider: OauthProviderName, why: string) =>
  new HttpError(502, `${providerName(provider)} could not be reached (${why}). Please try again later.`);

/** 401: the provider refused the sign-in or sent something that does not prove who the user is. */
export const providerRefused = (provider: OauthProviderName, why: string) =>
  new HttpError(401, `Sign-in with ${providerName(provider)} failed: ${why}. Please try again.`);

const PROVIDER_TIMEOUT_MS = 10_000;

/** A provider call that neither hangs the request nor leaks arctic's error types past this module. */
async function call<T>(provider: OauthProviderName, what: string, run: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(providerUnavailable(provider, `no answer to the ${what} within ${PROVIDER_TIMEOUT_MS / 1000} s`)),
      PROVIDER_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof OAuth2RequestError) {
      throw providerRefused(provider, `it did not accept the ${what} (${err.code})`);
    }
    if (err instanceof ArcticFetchError) throw providerUnavailable(provider, `the ${what} request failed`);
    const status = (err as { status?: unknown }).status;
    if (status === 400 || status === 401) throw providerRefused(provider, `it did not accept the ${what}`);
    if (typeof status === 'number') throw providerUnavailable(provider, `the ${what} answered HTTP ${status}`);
    const name = (err as { name?: unknown }).name;
    if (name === 'TimeoutError') throw providerUnavailable(provider, `no answer to the ${what} in time`);
    if (err instanceof TypeError) throw providerUnavailable(provider, `the ${what} request failed`);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** The endpoints of an OpenID issuer that stands in for a provider, from its discovery document. */
interface Discovery {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string | undefined;
  formPost: boolean;
}

const discoveries = new Map<string, Promise<Discovery>>();

async function fetchDiscovery(provider: OauthProviderName, issuer: string): Promise<Discovery> {
  const url = `${issuer}/.well-known/openid-configuration`;
  const res = await call(provider, 'discovery', () => fetch(url, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) }));
  if (!res.ok) throw providerUnavailable(provider, `its discovery document answered HTTP ${res.status}`);
  const doc = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  const str = (k: string) => (typeof doc?.[k] === 'string' ? (doc[k] as string) : undefined);
  const authorizationEndpoint = str('authorization_endpoint');
  const tokenEndpoint = str('token_endpoint');
  // OpenID Connect Discovery 4.3: the document must name the issuer it was fetched from.
  if (str('issuer')?.replace(/\/+$/, '') !== issuer || !authorizationEndpoint || !tokenEndpoint) {
    throw providerUnavailable(provider, 'its discovery document does not describe this issuer');
  }
  const modes = Array.isArray(doc?.response_modes_supported) ? (doc.response_modes_supported as unknown[]) : [];
  return {
    issuer: str('issuer')!,
    authorizationEndpoint,
    tokenEndpoint,
    userinfoEndpoint: str('userinfo_endpoint'),
    formPost: modes.includes('form_post'),
  };
}

/** Discovery documents are read once per issuer and process; a failed read is retried on the next sign-in. */
function discover(provider: OauthProviderName, issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetchDiscovery(provider, issuer);
    discoveries.set(issuer, found);
    found.catch(() => discoveries.delete(issuer));
  }
  return found;
}

/** Apple's client secret: an ES256 JWT of the team, signed with its key, valid five minutes. */
function appleClientSecret(key: AppleSigningKey, clientId: string, audience: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${part({ alg: 'ES256', kid: key.keyId, typ: 'JWT' })}.${part({
    iss: key.teamId,
    iat: now,
    exp: now + 300,
    aud: audience,
    sub: clientId,
  })}`;
  const signature = sign('sha256', Buffer.from(input), {
    key: createPrivateKey(key.privateKeyPem),
    dsaEncoding: 'ieee-p1363',
  });
  return `${input}.${signature.toString('base64url')}`;
}

/** One provider, configured, ready for the two halves of the code flow. */
export interface ProviderFlow {
  provider: OauthProviderName;
  clientId: string;
  /** The iss values its id tokens may carry. */
  issuers: string[];
  /** The Graph-style profile endpoint (facebook). */
  profileUrl: string | undefined;
  /** The address the browser is sent to. */
  authorizationUrl(state: string, codeVerifier: string | null): URL;
  /** Trades the authorization code for tokens (401 when refused, 502 when unreachable). */
  exchange(code: string, codeVerifier: string | null): Promise<OAuth2Tokens>;
}

/** Where the provider sends the browser back to: the SPA route, or the form receiver for form_post providers. */
export function redirectUri(config: Config, provider: OauthProviderName, formPost: boolean): string {
  return formPost ? `${config.publicUrl}/api/v3/oauth2/${provider}/callback` : `${config.publicUrl}/oauth2/${provider}`;
}

/**
 * The flow for a provider: arctic's own class against the provider's real endpoints, or arctic's generic
 * OAuth2Client against the endpoints of <PROVIDER>_OAUTH_ISSUER. 503 when the provider is not configured.
 */
export async function providerFlow(config: Config, provider: OauthProviderName): Promise<ProviderFlow> {
  const settings: OauthProviderConfig | undefined = config.oauth[provider];
  if (!settings) throw notConfigured(provider);
  const info = PROVIDERS[provider];
  const { clientId } = settings;

  if (settings.issuer) {
    const d = await discover(provider, settings.issuer);
    const formPost = info.formPost && d.formPost;
    const uri = redirectUri(config, provider, formPost);
    const secret = settings.apple
      ? () => appleClientSecret(settings.apple!, clientId, d.issuer)
      : () => settings.clientSecret ?? null;
    const client = () => new OAuth2Client(clientId, secret(), uri);
    return {
      provider,
      clientId,
      issuers: [d.issuer, settings.issuer],
      profileUrl: info.profile === 'graph' ? d.userinfoEndpoint : undefined,
      authorizationUrl(state, codeVerifier) {
        const url =
          info.pkce && codeVerifier
            ? client().createAuthorizationURLWithPKCE(
                d.authorizationEndpoint,
                state,
                CodeChallengeMethod.S256,
                codeVerifier,
                info.scopes,
              )
            : client().createAuthorizationURL(d.authorizationEndpoint, state, info.scopes);
        if (formPost) url.searchParams.set('response_mode', 'form_post');
        return url;
      },
      exchange: (code, codeVerifier) =>
        call(provider, 'authorization code', () =>
          client().validateAuthorizationCode(d.tokenEndpoint, code, info.pkce ? codeVerifier : null),
        ),
    };
  }

  const uri = redirectUri(config, provider, info.formPost);
  const base = { provider, clientId, issuers: info.issuers, profileUrl: info.profileUrl };
  switch (provider) {
    case 'google': {
      const google = new Google(clientId, settings.clientSecret!, uri);
      return {
        ...base,
        authorizationUrl: (state, codeVerifier) => google.createAuthorizationURL(state, codeVerifier!, info.scopes),
        exchange: (code, codeVerifier) =>
          call(provider, 'authorization code', () => google.validateAuthorizationCode(code, codeVerifier!)),
      };
    }
    case 'linkedin': {
      const linkedin = new LinkedIn(clientId, settings.clientSecret!, uri);
      return {
        ...base,
        authorizationUrl: (state) => linkedin.createAuthorizationURL(state, info.scopes),
        exchange: (code) => call(provider, 'authorization code', () => linkedin.validateAuthorizationCode(code)),
      };
    }
    case 'facebook': {
      const facebook = new Facebook(clientId, settings.clientSecret!, uri);
      return {
        ...base,
        authorizationUrl: (state) => facebook.createAuthorizationURL(state, info.scopes),
        exchange: (code) => call(provider, 'authorization code', () => facebook.validateAuthorizationCode(code)),
      };
    }
    case 'apple': {
      const key = settings.apple!;
      const der = createPrivateKey(key.privateKeyPem).export({ format: 'der', type: 'pkcs8' });
      const apple = new Apple(clientId, key.teamId, key.keyId, new Uint8Array(der), uri);
      return {
        ...base,
        authorizationUrl(state) {
          const url = apple.createAuthorizationURL(state, info.scopes);
          // Apple only sends name and e-mail with form_post (its code arrives at the form receiver).
          url.searchParams.set('response_mode', 'form_post');
          return url;
        },
        exchange: (code) => call(provider, 'authorization code', () => apple.validateAuthorizationCode(code)),
      };
    }
  }
}

/** GETs a Graph-style profile with the access token (facebook, or a stand-in issuer's userinfo endpoint). */
export async function fetchGraphProfile(
  flow: ProviderFlow,
  tokens: OAuth2Tokens,
  appSecretProof: string | null,
): Promise<unknown> {
  if (!flow.profileUrl) throw providerUnavailable(flow.provider, 'no profile endpoint is known');
  const url = new URL(flow.profileUrl);
  url.searchParams.set('fields', 'id,email,first_name,last_name');
  if (appSecretProof) url.searchParams.set('appsecret_proof', appSecretProof);
  const res = await call(flow.provider, 'profile', () =>
    fetch(url, {
      headers: { authorization: `Bearer ${tokens.accessToken()}`, accept: 'application/json' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    }),
  );
  if (res.status === 400 || res.status === 401 || res.status === 403) {
    throw providerRefused(flow.provider, 'it did not share the profile');
  }
  if (!res.ok) throw providerUnavailable(flow.provider, `the profile answered HTTP ${res.status}`);
  return res.json().catch(() => {
    throw providerUnavailable(flow.provider, 'the profile is not JSON');
  });
}
