import { describe, expect, it, vi } from 'vitest';
import { SERVER_ANSWERS_ID as SERVER_SIDE_ID } from '../../server/platform/prerendered.ts';
import { createApiClients } from './clients.ts';
import {
  answerKey,
  readServerAnswers,
  replayServerAnswers,
  SERVER_ANSWERS_ID,
  type ServerAnswer,
} from './server-answers.ts';
import { createTokenStore } from './session-token.ts';

const projects = { total: 1, offset: 0, limit: 40, items: [{ id: 'p1', name: 'Audiobook' }] };
const answers: ServerAnswer[] = [
  { key: 'GET /api/projects?direction=desc&limit=40&offset=0', status: 200, body: projects },
];

/** The clients on a network that answers every call with an empty list, counting its calls. */
function clients(given: readonly ServerAnswer[]) {
  const network = vi.fn(
    async (_request: Request) =>
      new Response(JSON.stringify({ total: 0, offset: 0, limit: 40, items: [] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  const memory = new Map<string, string>();
  const storage = {
    getItem: (key: string) => memory.get(key) ?? null,
    setItem: (key: string, value: string) => void memory.set(key, value),
    removeItem: (key: string) => void memory.delete(key),
  };
  const api = createApiClients({
    tokens: createTokenStore(storage),
    baseUrl: 'http://localhost',
    fetch: (input) => network(input as Request),
    middleware: [replayServerAnswers(given)],
  });
  const list = () =>
    api.marketplace.GET('/api/projects', { params: { query: { offset: 0, limit: 40, direction: 'desc' } } });
  return { network, list };
}

describe('answers of a page the server drew', () => {
  it('names a call by its method, path and sorted query, as the server recorded it', () => {
    expect(answerKey('get', 'http://localhost/api/projects?offset=0&limit=40&direction=desc')).toBe(
      'GET /api/projects?direction=desc&limit=40&offset=0',
    );
    expect(answerKey('POST', '/api/v3/auth')).toBe('POST /api/v3/auth');
  });

  it("answers the page's first call from the page, once: the next one reaches the network", async () => {
    const { network, list } = clients(answers);
    const first = await list();
    expect(first.data).toEqual(projects);
    expect(network).not.toHaveBeenCalled();
    const second = await list();
    expect(second.data?.items).toEqual([]);
    expect(network).toHaveBeenCalledTimes(1);
  });

  it('answers no other call, and none after a while', async () => {
    const { network } = clients(answers);
    const middleware = replayServerAnswers(answers, { maxAgeMs: 1000, now: () => 5000 });
    expect(network).not.toHaveBeenCalled();
    // Created at 5000, asked at 5000: answered; a later middleware asked after its limit: not.
    const request = new Request('http://localhost/api/projects?offset=0&limit=40&direction=desc');
    const onRequest = middleware.onRequest!;
    const call = { request, schemaPath: '/api/projects', params: {}, options: {}, id: '1' } as unknown as Parameters<
      typeof onRequest
    >[0];
    expect(await onRequest(call)).toBeInstanceOf(Response);
    let now = 5000;
    const late = replayServerAnswers(answers, { maxAgeMs: 1000, now: () => now });
    now = 6001;
    expect(await late.onRequest!(call)).toBeUndefined();
    const other = new Request('http://localhost/api/projects?offset=40&limit=40&direction=desc');
    expect(await replayServerAnswers(answers).onRequest!({ ...call, request: other })).toBeUndefined();
  });

  it("reads the page's answers once, and none from a page without them or with a broken list", () => {
    const element = { textContent: JSON.stringify(answers), remove: vi.fn() };
    const page = { getElementById: (id: string) => (id === SERVER_ANSWERS_ID ? element : null) } as unknown as Document;
    expect(readServerAnswers(page)).toEqual(answers);
    expect(element.remove).toHaveBeenCalled();
    expect(readServerAnswers({ getElementById: () => null } as unknown as Document)).toEqual([]);
    const broken = { textContent: '{', remove: vi.fn() };
    expect(readServerAnswers({ getElementById: () => broken } as unknown as Document)).toEqual([]);
    // The server writes them under the same id.
    expect(SERVER_SIDE_ID).toBe(SERVER_ANSWERS_ID);
  });
});
