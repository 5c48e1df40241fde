import { createHmac } from 'node:crypto';
import { generateCodeVerifier, generateState, type OAuth2Tokens } from 'arctic';
import type { components } from '../../../openapi/generated/auth.js';
import { defineHandlers, type Handler } from '../../platform/handlers.ts';
import { HttpError, unauthorized } from '../../platform/errors.ts';
import { enforceRateLimits, rateKey } from '../../platform/rate-limit.ts';
import { startSession } from '../session-cookie.ts';
import { loadUserView } from '../user-view.ts';
import { signInWithProfile } from './accounts.ts';
import { profileFromGraph, profileFromIdToken, type OauthProfile } from './profile.ts';
import {
  fetchGraphProfile,
  OAUTH_PROVIDERS,
  PROVIDERS,
  providerFlow,
  providerUnavailable,
  type ProviderFlow,
} from './providers.ts';
import { clearPendingSignIn, readPendingSignIn, sameState, setPendingSignIn } from './state-cookie.ts';

export const STATE_MISMATCH = 'OAuth state does not match. Please try again.';

/** GET /api/v3/oauth2: every provider, and whether this server can sign in with it. */
export const listOauthProviders: Handler<'listOauthProviders'> = async (request) => ({
  providers: OAUTH_PROVIDERS.map((id) => ({
    id,
    name: PROVIDERS[id].name,
    configured: request.server.config.oauth[id] !== undefined,
  })),
});

/** GET /api/v3/oauth2/{provider}: the authorization address, with state bound to this browser by cookie. */
export const getOauthUri: Handler<'getOauthUri'> = async (request, reply) => {
  const { provider } = request.params;
  const { config } = request.server;
  const flow = await providerFlow(config, provider);
  const state = generateState();
  const codeVerifier = PROVIDERS[provider].pkce ? generateCodeVerifier() : null;
  const url = flow.authorizationUrl(state, codeVerifier);
  setPendingSignIn(reply, config.cookieSecure, {
    provider,
    state,
    codeVerifier,
    issuedAt: Math.floor(Date.now() / 1000),
  });
  return { auth_uri: url.toString() };
};

async function profileOf(flow: ProviderFlow, tokens: OAuth2Tokens, clientSecret: string | undefined) {
  const { provider } = flow;
  if (PROVIDERS[provider].profile === 'graph') {
    let accessToken: string;
    try {
      accessToken = tokens.accessToken();
    } catch {
      throw providerUnavailable(provider, 'its token answer has no access token');
    }
    // Graph's appsecret_proof: the app may require it, and it stops a leaked token being replayed elsewhere.
    const proof = clientSecret ? createHmac('sha256', clientSecret).update(accessToken).digest('hex') : null;
    return profileFromGraph(provider, await fetchGraphProfile(flow, tokens, proof));
  }
  let idToken: string;
  try {
    idToken = tokens.idToken();
  } catch {
    throw providerUnavailable(provider, 'its token answer has no id token');
  }
  return profileFromIdToken(provider, idToken, { issuers: flow.issuers, clientId: flow.clientId });
}

/**
 * GET /api/v3/oauth2/{provider}/code: checks state against the cookie, trades the code for the profile,
 * finds, links or creates the account and starts its session.
 */
export const oauthLogin: Handler<'oauthLogin'> = async (request, reply) => {
  const { provider } = request.params;
  const { code, state } = request.query;
  const { config, db } = request.server;
  // Every attempt may cost a call to the provider: an OAuth login counts like a password login per address.
  await enforceRateLimits(db, [{ key: rateKey('oauth:ip', request.ip), rule: config.rateLimits.loginIp }]);
  const flow = await providerFlow(config, provider);
  const pending = readPendingSignIn(request);
  if (!pending || pending.provider !== provider || !sameState(pending.state, state)) {
    throw unauthorized(STATE_MISMATCH);
  }
  // A code is good for one exchange, so whatever happens next this sign-in is over.
  clearPendingSignIn(reply);
  const tokens = await flow.exchange(code, pending.codeVerifier);
  const profile: OauthProfile = await profileOf(flow, tokens, config.oauth[provider]?.clientSecret);
  const { userId, created } = await signInWithProfile(db, provider, profile);
  const csrfToken = await startSession(request, reply, userId);
  const user = await loadUserView(db, userId);
  if (!user) throw new HttpError(401, 'This account has been deleted.');
  return { user, csrf_token: csrfToken, created };
};

/**
 * POST /api/v3/oauth2/{provider}/callback: a provider's form_post (Apple's). The session and state cookies
 * are SameSite=Lax, so this cross-site POST carries neither; it hands code and state on to the SPA route by
 * a same-site GET, and the SPA's call to /code then carries the cookie as for every other provider.
 */
export const oauthCallback: Handler<'oauthCallback'> = async (request, reply) => {
  const { provider } = request.params;
  // Handler types read JSON bodies only; this form was validated against the same schema.
  const { code, state, error } = request.body as components['schemas']['OauthCallbackForm'];
  const query = new URLSearchParams();
  if (code && state) {
    query.set('code', code);
    query.set('state', state);
  } else {
    query.set('error', error ?? 'invalid_request');
    if (state) query.set('state', state);
  }
  return reply.code(303).header('location', `/oauth2/${provider}?${query.toString()}`).send();
};

export const oauthHandlers = defineHandlers({ listOauthProviders, getOauthUri, oauthLogin, oauthCallback });
