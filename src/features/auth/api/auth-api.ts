import type { components } from '../../../../openapi/generated/auth.js';
import { body, keepSessionOn401, type ApiClients } from '../../../api/index.ts';
import { usageVisitor } from '../../../shared/analytics/usage-events.ts';

type Schemas = components['schemas'];
export type OauthProvider = Schemas['OauthProvider'];
export type LoginRequest = Schemas['LoginRequest'];
export type SignupRequest = Schemas['SignupRequest'];

/** The OAuth providers SPEC.md section 1 names, in the order the buttons show them. */
export const OAUTH_PROVIDERS: readonly OauthProvider[] = ['google', 'linkedin', 'facebook', 'apple'];

export const isOauthProvider = (value: string | undefined): value is OauthProvider =>
  OAUTH_PROVIDERS.includes(value as OauthProvider);

/** One provider as GET /api/v3/oauth2 (listOauthProviders) lists it. */
export type OauthProviderInfo = Schemas['OauthProviderInfo'];

// A wrong password or a rejected code answers 401 for these calls; that is not the end of a session, so
// the shared middleware must not sign out and go home (keepSessionOn401).
/** The visitor's analytics id, when there is one: the server ties the guest's events to the account. */
const withVisitor = <T extends object>(request: T): T => {
  const distinctId = usageVisitor();
  return distinctId ? { ...request, distinct_id: distinctId } : request;
};

export async function login(api: ApiClients, request: LoginRequest) {
  const { data } = await api.auth.POST('/api/v3/login', {
    body: withVisitor(request),
    middleware: [keepSessionOn401],
  });
  return body(data);
}

export async function signup(api: ApiClients, request: SignupRequest) {
  const { data } = await api.auth.POST('/api/v3/signup', {
    body: withVisitor(request),
    middleware: [keepSessionOn401],
  });
  return body(data);
}

/** Records that the new user accepted the Terms of Use and the Acceptable Use Policy. */
export async function acceptTermsOfUse(api: ApiClients) {
  const { data } = await api.auth.POST('/api/v3/tou');
  return body(data);
}

export async function listOauthProviders(api: ApiClients): Promise<OauthProviderInfo[]> {
  const { data } = await api.auth.GET('/api/v3/oauth2');
  return body(data).providers.filter((p) => isOauthProvider(p.id));
}

export async function getOauthUri(api: ApiClients, provider: OauthProvider) {
  const { data } = await api.auth.GET('/api/v3/oauth2/{provider}', { params: { path: { provider } } });
  return body(data).auth_uri;
}

export async function oauthLogin(api: ApiClients, provider: OauthProvider, code: string, state: string) {
  const { data } = await api.auth.GET('/api/v3/oauth2/{provider}/code', {
    params: { path: { provider }, query: { code, state } },
    middleware: [keepSessionOn401],
  });
  return body(data);
}

export async function forgotPassword(api: ApiClients, email: string) {
  const { data } = await api.auth.POST('/api/v3/forgot-password', { body: { email } });
  return body(data);
}

export async function changePassword(api: ApiClients, changePassId: string, password: string) {
  const { data } = await api.auth.POST('/api/v3/change-password', {
    body: { change_pass_id: changePassId, password },
  });
  return body(data);
}

export async function verifyEmail(api: ApiClients, userId: string, verificationId: string) {
  const { data } = await api.auth.GET('/api/v3/user/verify-email', {
    params: { query: { user_id: userId, verification_id: verificationId } },
  });
  return body(data);
}

export async function resendVerificationEmail(api: ApiClients) {
  const { data } = await api.auth.POST('/api/v3/user/resend-verify-email/');
  return body(data);
}
