import { generateKeyPairSync } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OAuth 2.0 / OpenID Connect provider for tests and end-to-end runs (oauth2-mock-server): it signs
 * every user in at once and redirects back with a code, and its id tokens and userinfo describe the person
 * set with signInAs. The server uses it through <PROVIDER>_OAUTH_ISSUER (see oauthEnv).
 */

/** The person the provider signs in, as OpenID claims. */
export interface TestOauthUser {
  sub: string;
  email?: string;
  email_verified?: boolean | 'true' | 'false';
  given_name?: string;
  family_name?: string;
}

export const DEFAULT_TEST_OAUTH_USER: TestOauthUser = {
  sub: 'local-user-1',
  email: 'olivia.oauth@example.test',
  email_verified: true,
  given_name: 'Olivia',
  family_name: 'Oauth',
};

export type TestProviderName = 'google' | 'linkedin' | 'facebook' | 'apple';

export interface TestOauthProvider {
  /** The issuer URL, e.g. http://127.0.0.1:41234 — the value of <PROVIDER>_OAUTH_ISSUER. */
  issuer: string;
  /** The underlying mock server, for per-test hooks (service.once('beforeResponse', ...)). */
  server: OAuth2Server;
  /** Every following sign-in is made as this person (id token claims, and userinfo / Graph-style /me). */
  signInAs(user: TestOauthUser): void;
  /** Environment variables that point the server's providers (default: all four) at this issuer. */
  env(providers?: TestProviderName[]): Record<string, string>;
  stop(): Promise<void>;
}

/** A P-256 key in PKCS#8 PEM, as Apple issues for APPLE_PRIVATE_KEY (for tests only). */
export function testApplePrivateKey(): string {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** The environment that configures the given providers against an issuer, with test credentials. */
export function oauthEnv(
  issuer: string,
  providers: TestProviderName[] = ['google', 'linkedin', 'facebook', 'apple'],
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const p of providers) {
    const prefix = p.toUpperCase();
    env[`${prefix}_CLIENT_ID`] = `timbre-${p}`;
    env[`${prefix}_OAUTH_ISSUER`] = issuer;
    if (p === 'apple') {
      env.APPLE_TEAM_ID = 'TEAMID1234';
      env.APPLE_KEY_ID = 'KEYID12345';
      env.APPLE_PRIVATE_KEY = testApplePrivateKey();
    } else {
      env[`${prefix}_CLIENT_SECRET`] = `${p}-secret`;
    }
  }
  return env;
}

/** Starts the local provider on 127.0.0.1 (port 0 = any free port). */
export async function startTestOauthProvider(
  options: { port?: number; host?: string; user?: TestOauthUser } = {},
): Promise<TestOauthProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(options.port ?? 0, options.host ?? '127.0.0.1');
  const issuer = server.issuer.url!.replace(/\/+$/, '');
  let user = options.user ?? DEFAULT_TEST_OAUTH_USER;

  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, user);
  });
  server.service.on('beforeUserinfo', (response) => {
    // OpenID userinfo and Facebook Graph /me fields at once, so it can stand in for either.
    response.body = {
      ...user,
      id: user.sub,
      ...(user.given_name === undefined ? {} : { first_name: user.given_name }),
      ...(user.family_name === undefined ? {} : { last_name: user.family_name }),
    };
  });

  return {
    issuer,
    server,
    signInAs(next) {
      user = next;
    },
    env: (providers) => oauthEnv(issuer, providers),
    async stop() {
      // Idempotent, so a test may stop it early (the provider going away) and afterAll still stop it.
      if (server.listening) await server.stop();
    },
  };
}

// `node tests/support/oauth-provider.ts [port]` runs the provider alone and prints the environment for the
// server, e.g. to try OAuth sign-in by hand: the printed variables go before `npm run serve`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const provider = await startTestOauthProvider({ port: Number(process.argv[2] ?? 0) });
  const env = provider.env(['google', 'linkedin', 'facebook']);
  console.log(`Local OAuth provider at ${provider.issuer}; configure the server with:`);
  for (const [k, v] of Object.entries(env)) console.log(`${k}=${v}`);
  const stop = () => void provider.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
