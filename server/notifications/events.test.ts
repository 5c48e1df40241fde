import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  freshDatabase,
  multiProcessSkipReason,
  newUser,
  rowsOf,
  until,
  type TestDatabase,
  type TestUser,
} from '../jobs/test-support.ts';
import type { Database } from '../platform/db.ts';
import { acquireBus, type Bus } from '../platform/bus.ts';
import {
  createEventScope,
  installEventSink,
  publishUserEvent,
  runInEventScope,
  settleEventScope,
  subscribe,
  withEventTransaction,
  type Delivery,
} from './scope.ts';
import { createEventStore, pruneEvents, type EventStore } from './store.ts';

describe('the user event hub without a database', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('delivers each event to every subscriber at once with a growing id and a time', async () => {
    const a: Delivery[] = [];
    const b: Delivery[] = [];
    stops.push(
      subscribe((d) => a.push(d)),
      subscribe((d) => b.push(d)),
    );
    const first = publishUserEvent(
      'u1',
      { type: 'user.session_end', data: { reason: 'logout' } },
      { sessionIds: ['s1'] },
    );
    expect(a).toHaveLength(1);
    const second = await publishUserEvent('u2', { type: 'user.session_end', data: { reason: 'deleted' } });
    expect(second.id).toBeGreaterThan((await first).id);
    expect(Date.parse(second.created_at)).not.toBeNaN();
    expect(a).toEqual([
      { userId: 'u1', event: await first, sessionIds: ['s1'] },
      { userId: 'u2', event: second },
    ]);
    expect(b).toEqual(a);
  });

  it('stops delivering after unsubscribe', async () => {
    const seen: Delivery[] = [];
    const stop = subscribe((d) => seen.push(d));
    await publishUserEvent('u1', { type: 'user.session_end', data: { reason: 'expired' } });
    stop();
    await publishUserEvent('u1', { type: 'user.session_end', data: { reason: 'expired' } });
    expect(seen).toHaveLength(1);
  });

  it('keeps delivering to the others when one subscriber throws', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: Delivery[] = [];
    stops.push(
      subscribe(() => {
        throw new Error('broken socket');
      }),
      subscribe((d) => seen.push(d)),
    );
    await expect(
      publishUserEvent('u1', { type: 'user.session_end', data: { reason: 'logout' } }),
    ).resolves.toMatchObject({ type: 'user.session_end' });
    expect(seen).toHaveLength(1);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

const credits = (n: number) =>
  ({
    type: 'credits.updated2',
    data: { credits: { available_seconds: n } },
  }) as unknown as Parameters<typeof publishUserEvent>[1];

describe('durable events', () => {
  let t: TestDatabase;
  let bus: Bus;
  let store: EventStore;
  let uninstall: () => void;
  let alice: TestUser;
  let bob: TestUser;
  const seen: Delivery[] = [];
  const local: Delivery[] = [];
  const stops: (() => void)[] = [];

  beforeAll(async () => {
    t = await freshDatabase();
    bus = acquireBus(t.database);
    store = createEventStore({ db: t.database.db, bus });
    await bus.ready();
    uninstall = installEventSink(store);
    alice = await newUser(t.database);
    bob = await newUser(t.database);
    stops.push(
      subscribe((d) => seen.push(d)),
      store.subscribe((d) => local.push(d)),
    );
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    uninstall();
    await store.close();
    await bus.release();
    await t.close();
  });
  afterEach(() => {
    seen.length = 0;
    local.length = 0;
  });

  const stored = async (userId: string) =>
    rowsOf<{
      id: string | number;
      type: string;
      payload: { data: unknown; session_ids?: string[] };
      severity: string | null;
    }>(
      await t.database.db.execute(
        sql`select id, type, payload, severity from events where user_id = ${userId} order by id`,
      ),
    ).map((r) => ({ ...r, id: Number(r.id) }));

  it('stores each event with the table’s identity id and delivers it before the publisher resolves', async () => {
    const before = (await stored(alice.userId)).length;
    const event = await publishUserEvent(alice.userId, credits(10));
    const rows = await stored(alice.userId);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      id: event.id,
      type: 'credits.updated2',
      payload: { data: { credits: { available_seconds: 10 } } },
    });
    expect(seen).toEqual([{ userId: alice.userId, event }]);
    expect(local).toEqual(seen);
  });

  it('keeps one user’s events in the order published, even when nobody awaits in between', async () => {
    const published = Array.from({ length: 30 }, (_, i) =>
      publishUserEvent(i % 2 ? alice.userId : bob.userId, credits(i)),
    );
    const events = await Promise.all(published);
    const ofAlice = events.filter((_, i) => i % 2);
    expect(ofAlice.map((e) => e.id)).toEqual([...ofAlice.map((e) => e.id)].sort((x, y) => x - y));
    const delivered = seen
      .filter((d) => d.userId === alice.userId)
      .map((d) => (d.event.data as { credits: { available_seconds: number } }).credits.available_seconds);
    expect(delivered).toEqual(Array.from({ length: 15 }, (_, i) => 2 * i + 1));
  });

  it('writes a burst in shared statements, notified in several messages, delivered whole and in order', async () => {
    const note = (n: number) =>
      ({
        type: 'conversion.notification',
        data: { type: 'info', channel: 'general', position: 'top', messages: `${n} ${'·'.repeat(400)}` },
      }) as Parameters<typeof publishUserEvent>[1];
    const events = await Promise.all(Array.from({ length: 80 }, (_, n) => publishUserEvent(alice.userId, note(n))));
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((x, y) => x - y));
    expect(seen.map((d) => d.event)).toEqual(events);
    expect((await store.replay(alice.userId, events[0]!.id - 1, { limit: 80 })).events).toEqual(events);
  });

  it('keeps the sessions of a scoped event, and replays it only to those sessions', async () => {
    const event = await publishUserEvent(
      alice.userId,
      { type: 'user.session_end', data: { reason: 'elsewhere' } },
      { sessionIds: [alice.sessionId] },
    );
    expect(seen.at(-1)).toEqual({ userId: alice.userId, event, sessionIds: [alice.sessionId] });
    const other = await store.replay(alice.userId, event.id - 1, { sessionId: 'another-session' });
    expect(other.events).toEqual([]);
    const same = await store.replay(alice.userId, event.id - 1, { sessionId: alice.sessionId });
    expect(same.events).toEqual([event]);
    // A socket opened with an API key has no session: it is not signed out by one session's end.
    expect((await store.replay(alice.userId, event.id - 1)).events).toEqual([]);
  });

  it('sets the severity column of notifications from their toast type', async () => {
    await publishUserEvent(bob.userId, {
      type: 'conversion.notification',
      data: { type: 'error', channel: 'conversion', position: 'top', messages: 'Conversion failed.' },
    });
    expect((await stored(bob.userId)).at(-1)).toMatchObject({ type: 'conversion.notification', severity: 'error' });
  });

  it('replays a user’s events after an id, oldest first, in pages, and never another user’s', async () => {
    const mark = await publishUserEvent(alice.userId, credits(100));
    const later = [];
    for (let i = 1; i <= 5; i++)
      later.push(await publishUserEvent(i === 3 ? bob.userId : alice.userId, credits(100 + i)));
    const pages = [];
    let cursor: number | null = mark.id;
    while (cursor !== null) {
      const page: Awaited<ReturnType<EventStore['replay']>> = await store.replay(alice.userId, cursor, { limit: 2 });
      pages.push(page.events);
      cursor = page.next;
    }
    expect(pages.flat()).toEqual(later.filter((_, i) => i !== 2));
    expect(pages[0]).toHaveLength(2);
  });

  it('sends an event too big for a notification by id; every listener still gets all of it', async () => {
    const long = 'x'.repeat(12_000);
    const event = await publishUserEvent(alice.userId, {
      type: 'conversion.notification',
      data: { type: 'info', channel: 'general', position: 'top', messages: long },
    });
    expect(seen).toEqual([{ userId: alice.userId, event }]);
    expect((local[0]!.event.data as { messages: string }).messages).toHaveLength(12_000);
  });

  it('writes events published inside withEventTransaction with the transaction: none when it rolls back', async () => {
    const before = (await stored(bob.userId)).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await withEventTransaction(tx, async () => {
          await publishUserEvent(bob.userId, credits(1));
        });
        throw new Error('the job failed after all');
      }),
    ).rejects.toThrow('the job failed after all');
    expect(await stored(bob.userId)).toHaveLength(before);

    let delivered: () => Promise<void> = async () => undefined;
    const event = await t.database.db.transaction(async (tx) => {
      const out = await withEventTransaction(tx, () => publishUserEvent(bob.userId, credits(2)));
      delivered = out.delivered;
      // Not delivered before the commit.
      expect(seen).toEqual([]);
      return out.result;
    });
    await delivered();
    expect(seen).toEqual([{ userId: bob.userId, event }]);
    expect((await stored(bob.userId)).at(-1)!.id).toBe(event.id);
  });

  it('makes a scope wait for what was published in it', async () => {
    const scope = createEventScope(store);
    runInEventScope(scope, () => {
      void publishUserEvent(alice.userId, credits(7));
      void publishUserEvent(alice.userId, credits(8));
    });
    await settleEventScope(scope);
    expect(
      seen.map((d) => (d.event.data as { credits: { available_seconds: number } }).credits.available_seconds),
    ).toEqual([7, 8]);
  });

  it('prunes old events as a prefix of ids and reports a gap to a client whose last event went', async () => {
    const old = await publishUserEvent(alice.userId, credits(1));
    const kept = await publishUserEvent(alice.userId, credits(2));
    expect(await store.gapAfter(old.id)).toBe(false);
    expect(await store.gapAfter(0)).toBe(false);
    // Everything up to and including `old` is older than the retention.
    await t.database.db.execute(sql`update events set created_at = now() - interval '8 days' where id <= ${old.id}`);
    expect(await pruneEvents(t.database.db)).toBeGreaterThan(0);
    const ids = rowsOf<{ id: string | number }>(
      await t.database.db.execute(sql`select id from events order by id`),
    ).map((r) => Number(r.id));
    expect(ids[0]).toBe(kept.id);
    expect(await store.gapAfter(old.id)).toBe(true);
    expect(await store.gapAfter(kept.id)).toBe(false);
    expect((await store.replay(alice.userId, old.id)).events).toEqual([kept]);
  });
});

describe.skipIf(multiProcessSkipReason !== null)('events between two processes on one PostgreSQL', () => {
  let t: TestDatabase;
  let other: Database;
  const parts: { bus: Bus; store: EventStore }[] = [];

  beforeAll(async () => {
    t = await freshDatabase();
    other = await t.another();
    for (const database of [t.database, other]) {
      const bus = acquireBus(database);
      const store = createEventStore({ db: database.db, bus });
      await bus.ready();
      parts.push({ bus, store });
    }
  });
  afterAll(async () => {
    for (const { bus, store } of parts) {
      await store.close();
      await bus.release();
    }
    await t.close();
  });

  it('delivers an event stored by one to the listeners of the other, in order', async () => {
    const [a, b] = parts as [(typeof parts)[0], (typeof parts)[0]];
    const user = await newUser(t.database);
    const atB: Delivery[] = [];
    const stop = b.store.subscribe((d) => atB.push(d));
    const globals: Delivery[] = [];
    const stopGlobal = subscribe((d) => globals.push(d));
    const scope = createEventScope(a.store);
    const events = await runInEventScope(scope, () =>
      Promise.all([1, 2, 3].map((n) => publishUserEvent(user.userId, credits(n)))),
    );
    await until(() => atB.length === 3, 5000, 'three events at the other process');
    expect(atB.map((d) => d.event)).toEqual(events);
    // This process's subscribers hear each event once, from the store that published it.
    expect(globals.map((d) => d.event.id)).toEqual(events.map((e) => e.id));
    stop();
    stopGlobal();
  });

  it('loses no event when a job’s transaction and the batch writer deadlock on two users’ locks', async () => {
    const [a] = parts as [(typeof parts)[0]];
    const u1 = await newUser(t.database);
    const u2 = await newUser(t.database);
    const keys = rowsOf<{ id: string; k: number }>(
      await t.database.db.execute(sql`
        select id, hashtext('events:' || id::text) as k from users where id in (${u1.userId}, ${u2.userId})`),
    );
    // The batch writer locks in key order (low first); the transaction takes high, then low.
    const [low, high] = keys.sort((x, y) => x.k - y.k).map((r) => r.id) as [string, string];
    const scope = createEventScope(a.store);
    let burst: Promise<unknown>[] = [];
    const job = runInEventScope(scope, () =>
      t.database.db.transaction(async (tx) => {
        await withEventTransaction(tx, async () => {
          await publishUserEvent(high, credits(1));
          // Published by a request meanwhile (its own scope: not in this transaction).
          burst = runInEventScope(createEventScope(a.store), () => [
            publishUserEvent(low, credits(2)),
            publishUserEvent(high, credits(3)),
          ]);
          await new Promise((r) => setTimeout(r, 300));
          await publishUserEvent(low, credits(4));
        });
      }),
    );
    const outcome = await job.then(
      () => 'committed',
      (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
    );
    expect(['committed', '40P01']).toContain(outcome);
    const written = (await Promise.all(burst)) as { id: number }[];
    const stored = rowsOf<{ id: string | number }>(
      await t.database.db.execute(
        sql`select id from events where id in (${sql.join(
          written.map((e) => sql`${e.id}`),
          sql`, `,
        )})`,
      ),
    );
    expect(stored).toHaveLength(2);
  });
});

if (multiProcessSkipReason) {
  describe('events between two processes on one PostgreSQL', () => {
    it.skip(`skipped: ${multiProcessSkipReason}`, () => undefined);
  });
}
