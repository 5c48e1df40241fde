import path from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import type { ValidateFunction } from 'ajv';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  appOn,
  freshDatabase,
  multiProcessSkipReason,
  newUser,
  until,
  type BuiltApp,
  type TestDatabase,
  type TestUser,
} from '../jobs/test-support.ts';
import { openapiDir } from '../platform/contracts.ts';
import { createAjv } from '../platform/validation.ts';
import type { FastifyInstance } from 'fastify';
import { createEventScope, publishUserEvent, runInEventScope } from './scope.ts';
import { type UserEvent } from './wire.ts';
import { CLOSE } from './socket.ts';

type Message = { type: string; id?: number; [key: string]: unknown };

interface Client {
  ws: WebSocket;
  messages: Message[];
  closed: Promise<{ code: number; reason: string }>;
  /** Waits until `n` messages arrived in all. */
  received(n: number, timeoutMs?: number): Promise<Message[]>;
}

/** Opens /ws; resolves once open, or to the HTTP status the upgrade was refused with. */
function connect(
  base: string,
  user: Pick<TestUser, 'cookie'> | null,
  query = '',
  origin?: string,
): Promise<Client | number> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`, {
    headers: user ? { cookie: user.cookie } : {},
    ...(origin ? { origin } : {}),
  });
  const messages: Message[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as Message));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        messages,
        closed,
        received: async (n, timeoutMs = 5000) => {
          await until(() => messages.length >= n, timeoutMs, `${n} messages (have ${messages.length})`);
          return messages.slice(0, n);
        },
      }),
    );
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (err) => {
      if (ws.readyState !== WebSocket.CLOSED) reject(err);
    });
  });
}

async function open(base: string, user: TestUser, query = ''): Promise<Client> {
  const client = await connect(base, user, query);
  if (typeof client === 'number') throw new Error(`/ws refused with ${client}`);
  return client;
}

/** A credits.updated2 whose available_seconds tells events apart. */
const credits = (n: number): Parameters<typeof publishUserEvent>[1] => ({
  type: 'credits.updated2',
  data: {
    credits: {
      subscription_seconds: 0,
      initial_subscription_seconds: 0,
      bought_credits: 0,
      initial_bought_credits: 0,
      available_seconds: n,
      tts_current: 0,
      tts_limit: 100,
      initial_tts_chars: 0,
      tts_chars: 0,
    },
  },
});

/** Publishes as `app` does in its requests and jobs. */
function publishOn(app: FastifyInstance, userId: string, input = credits(1), sessionIds?: string[]) {
  return runInEventScope(createEventScope(app.events), () =>
    publishUserEvent(userId, input, sessionIds ? { sessionIds } : {}),
  );
}

let validateServerMessage: ValidateFunction;
beforeAll(async () => {
  const events = (await $RefParser.dereference(path.join(openapiDir, 'events.yaml'))) as {
    components: { schemas: Record<string, object> };
  };
  validateServerMessage = createAjv({ coerce: false, defaults: false }).compile(
    events.components.schemas.ServerMessage!,
  );
});
const expectValid = (messages: Message[]) => {
  for (const m of messages) {
    const valid = validateServerMessage(m);
    expect(
      valid,
      `${JSON.stringify(m)}: ${JSON.stringify(validateServerMessage.errors?.slice(0, 3))}`.slice(0, 2000),
    ).toBe(true);
  }
};

describe('GET /ws', () => {
  let t: TestDatabase;
  let server: BuiltApp;
  let base: string;
  let alice: TestUser;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await freshDatabase();
    server = await appOn(t.database, { listen: true, notifications: { pingIntervalMs: 300, helloTimeoutMs: 500 } });
    base = server.base!;
    alice = await newUser(t.database);
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await server.close();
    await t.close();
  });
  const track = (c: Client) => (clients.push(c), c);

  it('refuses the upgrade to anyone not signed in (401), unverified (403) or on another site (403)', async () => {
    expect(await connect(base, null, '?last_event_id=null')).toBe(401);
    expect(await connect(base, { cookie: 'timbre_session=forged' }, '?last_event_id=null')).toBe(401);
    expect(await connect(base, await newUser(t.database, { verified: false }), '?last_event_id=null')).toBe(403);
    expect(await connect(base, alice, '?last_event_id=null', 'https://evil.example')).toBe(403);
    expect(await connect(base, alice, '?last_event_id=-1')).toBe(422);
    const plain = await server.app.inject({ method: 'GET', url: '/ws', headers: { cookie: alice.cookie } });
    expect(plain.statusCode).toBe(426);
  });

  it('sends ready, then each event published after the socket opened, as the contract says', async () => {
    const c = track(await open(base, alice, '?last_event_id=null'));
    expect(await c.received(1)).toEqual([{ type: 'ready', replayed: 0, gap: false }]);
    const event = await publishOn(server.app, alice.userId, {
      type: 'calibration.notification',
      data: {
        type: 'success',
        channel: 'general',
        position: 'bottom',
        messages: 'Calibration "Desk" is ready.',
        calibration_id: '7d9f2c1e-2a51-4c67-9d0e-3f7e1c2b8a90',
        status: 'calibrated',
        calibration: null,
      },
    });
    const [, got] = await c.received(2);
    expect(got).toEqual(event);
    expectValid(c.messages);
    // Another user's events never reach it.
    const bob = await newUser(t.database);
    await publishOn(server.app, bob.userId);
    await publishOn(server.app, alice.userId, credits(2));
    const all = await c.received(3);
    expect(all.slice(2).map((m) => m.type)).toEqual(['credits.updated2']);
    c.ws.close();
  });

  it('replays what a reconnecting client missed after its last id, then goes live: in order, once', async () => {
    const first = track(await open(base, alice, '?last_event_id=null'));
    await first.received(1);
    const seen = await publishOn(server.app, alice.userId, credits(10));
    await first.received(2);
    first.ws.close();
    await first.closed;
    const missed: UserEvent[] = [];
    for (let i = 11; i <= 14; i++) missed.push(await publishOn(server.app, alice.userId, credits(i)));

    // The ClientHello way.
    const again = track(await open(base, alice));
    again.ws.send(JSON.stringify({ type: 'hello', last_event_id: seen.id }));
    const replay = await again.received(5);
    expect(replay.slice(0, 4)).toEqual(missed);
    expect(replay[4]).toEqual({ type: 'ready', replayed: 4, gap: false });
    const live = await publishOn(server.app, alice.userId, credits(15));
    expect((await again.received(6))[5]).toEqual(live);
    expectValid(again.messages);

    // The URL way gives the same.
    const viaUrl = track(await open(base, alice, `?last_event_id=${seen.id}`));
    const same = await viaUrl.received(6);
    expect(same).toEqual([...missed, live, { type: 'ready', replayed: 5, gap: false }]);
    again.ws.close();
    viaUrl.ws.close();
  });

  it('misses nothing and repeats nothing when events keep coming while it replays', async () => {
    const before = await publishOn(server.app, alice.userId, credits(0));
    const published: Promise<UserEvent>[] = [];
    let stop = false;
    const producer = (async () => {
      for (let i = 1; !stop && i < 400; i++) {
        published.push(publishOn(server.app, alice.userId, credits(i)));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await new Promise((r) => setTimeout(r, 60));
    const c = track(await open(base, alice, `?last_event_id=${before.id}`));
    await new Promise((r) => setTimeout(r, 150));
    stop = true;
    await producer;
    const events = await Promise.all(published);
    await until(() => c.messages.filter((m) => m.type !== 'ready').length >= events.length, 10_000, 'every event');
    const ids = c.messages.filter((m) => m.type !== 'ready').map((m) => m.id);
    expect(ids).toEqual(events.map((e) => e.id));
    expect(c.messages.filter((m) => m.type === 'ready')).toHaveLength(1);
    expect(c.messages.find((m) => m.type === 'ready')?.replayed).toBeGreaterThan(0);
    c.ws.close();
  });

  it('sends an event scoped to sessions only to those sessions’ sockets, and closes them on session end', async () => {
    const phone = await newUser(t.database, { as: alice.userId });
    const desk = track(await open(base, alice, '?last_event_id=null'));
    const mobile = track(await open(base, phone, '?last_event_id=null'));
    await desk.received(1);
    await mobile.received(1);
    const ended = await publishOn(
      server.app,
      alice.userId,
      { type: 'user.session_end', data: { reason: 'elsewhere' } },
      [phone.sessionId],
    );
    expect((await mobile.received(2))[1]).toEqual(ended);
    expect(await mobile.closed).toEqual({ code: CLOSE.sessionEnded, reason: 'Session ended' });
    const after = await publishOn(server.app, alice.userId, credits(3));
    expect((await desk.received(2))[1]).toEqual(after);
    expect(desk.messages.some((m) => m.type === 'user.session_end')).toBe(false);
    // A reconnect of the desk does not replay the other session's end either.
    const replayed = track(await open(base, alice, `?last_event_id=${ended.id - 1}`));
    expect((await replayed.received(2)).map((m) => m.type)).toEqual(['credits.updated2', 'ready']);
    desk.ws.close();
    replayed.ws.close();
  });

  it('closes the socket cleanly on logout, after user.session_end', async () => {
    const tab = await newUser(t.database, { as: alice.userId });
    const c = track(await open(base, tab, '?last_event_id=null'));
    await c.received(1);
    const res = await server.app.inject({ method: 'POST', url: '/api/v3/logout', headers: tab.headers });
    expect(res.statusCode).toBe(204);
    expect(await c.closed).toEqual({ code: CLOSE.sessionEnded, reason: 'Session ended' });
    expect(c.messages.at(-1)).toMatchObject({ type: 'user.session_end', data: { reason: 'logout' } });
    // The ended session cannot open a socket again.
    expect(await connect(base, tab, '?last_event_id=null')).toBe(401);
  });

  it('closes a socket whose session ended without an event (heartbeat check), and pings to keep it alive', async () => {
    const tab = await newUser(t.database, { as: alice.userId });
    const c = track(await open(base, tab, '?last_event_id=null'));
    let pings = 0;
    c.ws.on('ping', () => (pings += 1));
    await c.received(1);
    await until(() => pings >= 1, 3000, 'a ping');
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${tab.sessionId}`,
    );
    expect(await c.closed).toEqual({ code: CLOSE.sessionEnded, reason: 'Session ended' });
  });

  it('closes a socket that sends no hello in time (4408) or something else (4400)', async () => {
    const silent = track(await open(base, alice));
    expect((await silent.closed).code).toBe(CLOSE.helloTimeout);
    const rude = track(await open(base, alice));
    rude.ws.send('{"type":"subscribe"}');
    expect((await rude.closed).code).toBe(CLOSE.badMessage);
  });

  it('closes sockets with 1001 when the server stops', async () => {
    const other = await appOn(t.database, { listen: true });
    const c = await open(other.base!, alice, '?last_event_id=null');
    await c.received(1);
    await other.close();
    expect((await c.closed).code).toBe(CLOSE.goingAway);
  });
});

describe.skipIf(multiProcessSkipReason !== null)('two server instances on one PostgreSQL', () => {
  let t: TestDatabase;
  let a: BuiltApp;
  let b: BuiltApp;

  beforeAll(async () => {
    t = await freshDatabase();
    a = await appOn(t.database, { listen: true });
    b = await appOn(await t.another(), { listen: true });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await t.close();
  });

  it('delivers an event produced on one to a socket on the other', async () => {
    const user = await newUser(t.database);
    const onB = await open(b.base!, user, '?last_event_id=null');
    const onA = await open(a.base!, user, '?last_event_id=null');
    await onB.received(1);
    await onA.received(1);
    // Produced by a request to A: accepting the terms of use announces user.updated.
    const res = await a.app.inject({ method: 'POST', url: '/api/v3/tou', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const [, viaB] = await onB.received(2);
    expect(viaB).toMatchObject({ type: 'user.updated', data: { user: { id: user.userId } } });
    expect((await onA.received(2))[1]).toEqual(viaB);
    // And back: from B to A, with the ids in order on both.
    const events = [await publishOn(b.app, user.userId, credits(1)), await publishOn(b.app, user.userId, credits(2))];
    expect((await onA.received(4)).slice(2)).toEqual(events);
    expect((await onB.received(4)).slice(2)).toEqual(events);
    expectValid(onB.messages);
    onA.ws.close();
    onB.ws.close();
  });

  it('tells its sockets to reconnect (1012) when its listening connection was lost, and they miss nothing', async () => {
    const user = await newUser(t.database);
    const c = await open(b.base!, user, '?last_event_id=null');
    await c.received(1);
    const before = await publishOn(a.app, user.userId, credits(1));
    await c.received(2);
    const killed = await t.database.db.execute(sql`
      select pg_terminate_backend(pid) as gone from pg_stat_activity
      where application_name = 'timbre-listen' and datname = current_database()`);
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(1);
    // Published while the listening connections are down or coming back.
    const during = await publishOn(a.app, user.userId, credits(2));
    expect((await c.closed).code).toBe(CLOSE.resync);
    const again = await open(b.base!, user, `?last_event_id=${before.id}`);
    expect((await again.received(2))[0]).toEqual(during);
    const after = await publishOn(a.app, user.userId, credits(3));
    expect((await again.received(3))[2]).toEqual(after);
    again.ws.close();
  });

  it('replays on one what was produced on the other while the client was away', async () => {
    const user = await newUser(t.database);
    const missed = [await publishOn(a.app, user.userId, credits(5)), await publishOn(a.app, user.userId, credits(6))];
    const c = await open(b.base!, user, `?last_event_id=${missed[0]!.id - 1}`);
    expect(await c.received(3)).toEqual([...missed, { type: 'ready', replayed: 2, gap: false }]);
    c.ws.close();
  });
});

if (multiProcessSkipReason) {
  describe('two server instances on one PostgreSQL', () => {
    it.skip(`skipped: ${multiProcessSkipReason}`, () => undefined);
  });
}
