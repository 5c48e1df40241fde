import { describe, expect, it } from 'vitest';
import { createApiClients } from '../clients.ts';
import { contractProblem } from './contract.ts';
import { createFakeFetch } from './fake-fetch.ts';
import {
  makeConversion,
  makeFolder,
  makePage,
  makeProject,
  makeRecording,
  makeVoice,
  TEST_PRICES,
  testCredits,
  testSubscriptions,
  testUser,
} from './fixtures.ts';

describe('the fixture factories answer as the contract says', () => {
  it('voices, projects, folders, recordings and conversions', () => {
    expect(contractProblem('GET /api/v2/voices', 200, makePage([makeVoice(1, 'Ada')], { limit: 20 }))).toBeUndefined();
    expect(contractProblem('GET /api/projects', 200, makePage([makeProject(3, 'Podcast')]))).toBeUndefined();
    expect(contractProblem('GET /api/folders', 200, makePage([makeFolder(1, makeProject(3, 'P').id, 'Intro')]))).toBe(
      undefined,
    );
    const original = makeRecording();
    for (const state of ['queued', 'processing', 'done', 'error'] as const) {
      expect(
        contractProblem('GET /api/recordings/conversions', 200, makePage([makeConversion(1, original, 'Ada', state)])),
      ).toBeUndefined();
    }
    expect(contractProblem('GET /api/recordings/{id}', 200, original)).toBeUndefined();
  });

  it('the user, credits, prices and plans', () => {
    expect(contractProblem('POST /api/v3/auth', 200, { user: testUser(), csrf_token: 't' })).toBeUndefined();
    expect(contractProblem('GET /api/v3/credits', 200, testCredits())).toBeUndefined();
    expect(contractProblem('GET /api/v3/subscriptions', 200, testSubscriptions())).toBeUndefined();
    expect(contractProblem('GET /api/v3/subscriptions', 200, testSubscriptions(null))).toBeUndefined();
    expect(TEST_PRICES.length).toBeGreaterThan(10);
  });
});

describe('a fake answer the contract does not allow', () => {
  it('is named: a missing field, a wrong type, an unknown value, an undeclared status or body', () => {
    const { name: _name, ...nameless } = makeVoice(1, 'Ada');
    expect(contractProblem('GET /api/v2/voices', 200, makePage([nameless]))).toMatch(/name/);
    expect(contractProblem('GET /api/v3/credits', 200, { ...testCredits(), tts_chars: 'many' })).toMatch(
      /tts_chars must be integer/,
    );
    expect(contractProblem('GET /api/v2/voices', 200, makePage([{ ...makeVoice(1, 'Ada'), gender: 'x' }]))).toMatch(
      /gender/,
    );
    expect(contractProblem('GET /api/v3/credits', 404, { detail: 'No credits' })).toBeUndefined();
    expect(contractProblem('GET /api/v3/credits', 404, { message: 'No credits' })).toMatch(/detail/);
    expect(contractProblem('POST /api/v3/logout', 204, { ok: true })).toMatch(/no body/);
  });

  it('becomes a 500 naming it, and is listed', async () => {
    const { fetch, violations } = createFakeFetch(
      // A fake that answers a shape the contract does not have compiles only with a cast.
      { 'GET /api/v3/credits': { status: 200, body: { seconds: 600 } } as never },
      { check: contractProblem },
    );
    const api = createApiClients({ baseUrl: 'http://timbre.test', fetch });
    // The shared middleware rejects an error answer with an ApiError.
    await expect(api.auth.GET('/api/v3/credits')).rejects.toMatchObject({
      statusCode: 500,
      detail: expect.stringContaining('Contract violation in GET /api/v3/credits (200)'),
    });
    expect(violations).toEqual([
      { route: 'GET /api/v3/credits', status: 200, problem: expect.stringContaining('subscription_seconds') },
    ]);
  });
});

describe('route keys', () => {
  it('a literal segment answers before a parameter; an id a route leaves goes on to a 404', async () => {
    const { fetch } = createFakeFetch({
      'GET /api/recordings/originals': { status: 200, body: makePage([]) },
      'GET /api/recordings/{id}': (call) =>
        call.params.id === 'r1' ? { status: 200, body: makeRecording({ id: 'r1' }) } : undefined,
    });
    const api = createApiClients({ baseUrl: 'http://timbre.test', fetch });
    expect(
      (await api.marketplace.GET('/api/recordings/originals', { params: { query: { folder_id: 'f' } } })).data,
    ).toMatchObject({ items: [] });
    const one = await api.marketplace.GET('/api/recordings/{id}', { params: { path: { id: 'r1' } } });
    expect(one.data?.id).toBe('r1');
    await expect(api.marketplace.GET('/api/recordings/{id}', { params: { path: { id: 'r2' } } })).rejects.toMatchObject(
      { statusCode: 404, detail: 'No fake route for GET /api/recordings/r2' },
    );
  });
});
