import { createPrivateKey } from 'node:crypto';
// A cycle with config.ts that is safe: ConfigError is only used when loadOauthConfig runs.
import { ConfigError } from './config-error.ts';

/** The OAuth providers SPEC.md names; the contract's OauthProvider enum lists the same four. */
export const OAUTH_PROVIDERS = ['google', 'linkedin', 'facebook', 'apple'] as const;
export type OauthProviderName = (typeof OAUTH_PROVIDERS)[number];

/** Apple signs its client secret itself: a short-lived ES256 JWT made with the team's key. */
export interface AppleSigningKey {
  /** APPLE_TEAM_ID */
  teamId: string;
  /** APPLE_KEY_ID */
  keyId: string;
  /** APPLE_PRIVATE_KEY — the .p8 key (PKCS#8 PEM, P-256); literal "\n" sequences are read as newlines. */
  privateKeyPem: string;
}

/** One provider's credentials; a provider without an entry is off and its button says so. */
export interface OauthProviderConfig {
  /** <PROVIDER>_CLIENT_ID */
  clientId: string;
  /** <PROVIDER>_CLIENT_SECRET — google, linkedin and facebook. */
  clientSecret?: string;
  /** Apple's signing key (apple only). */
  apple?: AppleSigningKey;
  /**
   * <PROVIDER>_OAUTH_ISSUER — an OpenID Connect issuer that stands in for the provider's real endpoints (a
   * self-hosted identity provider, or the local test provider of the tests and e2e runs). Its endpoints
   * come from its discovery document and id tokens must name it as iss. https, or http on a loopback host.
   */
  issuer?: string;
}

export type OauthConfig = Partial<Record<OauthProviderName, OauthProviderConfig>>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function issuerUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`);
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  if (!secure || url.search || url.hash) {
    throw new ConfigError(`${name} must be an https URL (http only on localhost) without query, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function applePrivateKey(raw: string): string {
  const pem = raw.includes('\\n') ? raw.replaceAll('\\n', '\n') : raw;
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return pem;
  } catch {
    // fall through to the one message below; never echo a secret
  }
  throw new ConfigError('APPLE_PRIVATE_KEY must be the PKCS#8 PEM of a P-256 key (the .p8 file Apple issues)');
}

/**
 * Reads the OAuth providers from the environment. A provider is on when its client id is set; what else it
 * needs must then be set too, and a half-configured provider fails the start with the variable it lacks.
 */
export function loadOauthConfig(env: NodeJS.ProcessEnv): OauthConfig {
  const config: OauthConfig = {};
  for (const provider of OAUTH_PROVIDERS) {
    const prefix = provider.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`]?.trim() || undefined;
    const rawIssuer = env[`${prefix}_OAUTH_ISSUER`]?.trim() || undefined;
    const needs =
      provider === 'apple' ? ['APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'] : [`${prefix}_CLIENT_SECRET`];
    const given = needs.filter((n) => env[n]?.trim());
    if (!clientId) {
      const stray = [...given, ...(rawIssuer ? [`${prefix}_OAUTH_ISSUER`] : [])];
      if (stray.length) throw new ConfigError(`${stray.join(', ')} set without ${prefix}_CLIENT_ID`);
      continue;
    }
    const missing = needs.filter((n) => !given.includes(n));
    if (missing.length) throw new ConfigError(`${prefix}_CLIENT_ID is set, so ${missing.join(', ')} must be too`);
    const entry: OauthProviderConfig = { clientId };
    if (provider === 'apple') {
      entry.apple = {
        teamId: env.APPLE_TEAM_ID!.trim(),
        keyId: env.APPLE_KEY_ID!.trim(),
        privateKeyPem: applePrivateKey(env.APPLE_PRIVATE_KEY!.trim()),
      };
    } else {
      entry.clientSecret = env[`${prefix}_CLIENT_SECRET`]!.trim();
    }
    if (rawIssuer) entry.issuer = issuerUrl(`${prefix}_OAUTH_ISSUER`, rawIssuer);
    config[provider] = entry;
  }
  return config;
}
