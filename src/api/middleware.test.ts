import { describe, expect, it, vi } from 'vitest';
import { createApiClients } from './clients.ts';
import { ApiError } from './api-error.ts';
import { keepSessionOn401 } from './middleware.ts';
import { createTokenStore } from './session-token.ts';

/** A fetch that records what it was asked and answers as told. */
function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: Request[] = [];
  const fetch = vi.fn(async (input: Request) => {
    calls.push(input);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function setup(status: number, body: unknown, headers?: Record<string, string>) {
  const memory = new Map<string, string>();
  const tokens = createTokenStore({
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  });
  tokens.set('csrf-abc');
  const goHome = vi.fn();
  const { fetch, calls } = fakeFetch(status, body, headers);
  const api = createApiClients({ baseUrl: 'http://timbre.test', fetch, tokens, goHome });
  return { api, tokens, goHome, calls };
}

const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to reject');
};

describe('shared API middleware', () => {
  it('sends JSON with credentials and the CSRF header from the stored token', async () => {
    const { api, calls } = setup(200, { 'en-US': {} });
    await api.auth.PUT('/api/v3/domain-info', { body: { profession: 'Narrator', industry: 'Audiobooks' } });
    const sent = calls[0]!;
    expect(sent.credentials).toBe('include');
    expect(sent.headers.get('X-CSRF-Token')).toBe('csrf-abc');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(await sent.json()).toEqual({ profession: 'Narrator', industry: 'Audiobooks' });
  });

  it('passes a success through untouched', async () => {
    const { api } = setup(200, { subscription_seconds: 120 });
    const { data } = await api.auth.GET('/api/v3/credits');
    expect(data).toEqual({ subscription_seconds: 120 });
  });

  it('on 401 removes the stored session token, goes to the root, and rejects with the detail', async () => {
    const { api, tokens, goHome } = setup(401, { detail: 'Not authenticated' });
    const err = await failure(api.auth.GET('/api/v3/credits'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ statusCode: 401, detail: 'Not authenticated' });
    expect(tokens.get()).toBeNull();
    expect(goHome).toHaveBeenCalledOnce();
  });

  it('keeps the session on 401 when the call opts out', async () => {
    const { api, tokens, goHome } = setup(401, { detail: 'Not authenticated' });
    const err = await failure(api.auth.GET('/api/v3/credits', { middleware: [keepSessionOn401] }));
    expect(err.statusCode).toBe(401);
    expect(tokens.get()).toBe('csrf-abc');
    expect(goHome).not.toHaveBeenCalled();
  });

  it('on 429 rejects with statusCode and the retry-after from detail', async () => {
    const { api } = setup(429, { detail: { message: 'Daily limit reached', retry_after: 43200, limit: 100 } });
    const err = await failure(
      api.marketplace.POST('/api/v2/recordings/tts', {
        body: {
          project_id: crypto.randomUUID(),
          parent_folder_id: crypto.randomUUID(),
          text: 'Hi',
          text_language: 'en',
          voice_id: crypto.randomUUID(),
        },
      }),
    );
    expect(err).toMatchObject({ statusCode: 429, retryAfter: 43200 });
    expect(err.message).toBe('Daily limit reached');
  });

  it('on 429 without a detail falls back to the Retry-After header', async () => {
    const { api } = setup(429, {}, { 'retry-after': '30' });
    expect(await failure(api.auth.GET('/api/v3/credits'))).toMatchObject({ statusCode: 429, retryAfter: 30 });
  });

  it('on 413 rejects "File is too large"', async () => {
    const { api } = setup(413, { detail: 'Request body is too large' });
    const err = await failure(api.auth.GET('/api/v3/credits'));
    expect(err).toMatchObject({ statusCode: 413, detail: 'File is too large', message: 'File is too large' });
  });

  it('otherwise rejects with the response detail, and the field a 422 names', async () => {
    const { api, goHome } = setup(422, { detail: 'body/name is required', field: 'body/name' });
    const err = await failure(api.marketplace.POST('/api/projects', { body: { name: '' } as never }));
    expect(err).toMatchObject({ statusCode: 422, detail: 'body/name is required', field: 'body/name' });
    expect(goHome).not.toHaveBeenCalled();
  });

  it('rejects login, signup and OAuth login with the whole body', async () => {
    const body = { detail: 'Wrong e-mail or password', attempts_left: 2 };
    for (const call of [
      (api: ReturnType<typeof setup>['api']) =>
        api.auth.POST('/api/v3/login', { body: { email: 'a@b.co', password: 'x' } }),
      (api: ReturnType<typeof setup>['api']) =>
        api.auth.POST('/api/v3/signup', {
          body: { first_name: 'Ann', last_name: 'Lee', email: 'a@b.co', password: 'Aa1!aaaa', captcha_token: 't' },
        }),
      (api: ReturnType<typeof setup>['api']) =>
        api.auth.GET('/api/v3/oauth2/{provider}/code', {
          params: { path: { provider: 'google' }, query: { code: 'c', state: 's' } },
        }),
    ]) {
      const { api } = setup(400, body);
      const err = await failure(call(api));
      expect(err.detail).toEqual(body);
      expect(err.message).toBe('Wrong e-mail or password');
    }
  });
});
