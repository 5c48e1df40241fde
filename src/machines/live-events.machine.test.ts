import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { LiveEvent } from '../api/index.ts';
import {
  coalesceLiveEvents,
  LIVE_BATCH_MS,
  LIVE_MAX_BACKOFF_MS,
  liveEventsMachine,
  reconnectDelay,
  type LiveSocket,
} from './live-events.machine.ts';

class FakeSocket implements LiveSocket {
  sent: unknown[] = [];
  closed: { code?: number } | null = null;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = { code };
  }
  // What the server does:
  open() {
    this.onopen?.({});
  }
  message(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  drop(code = 1006) {
    this.onclose?.({ code, reason: '' });
  }
}

const processing = (id: number, recording: string, stage: string): LiveEvent => ({
  id,
  type: 'conversion.processing',
  created_at: '2026-11-22T10:00:00.000Z',
  data: {
    recording_id: recording,
    original_id: 'o',
    project_id: 'p',
    folder_id: null,
    state: 'processing',
    process_stage: stage,
    eta_seconds: null,
  },
});
const sessionEnd = (id: number): LiveEvent => ({
  id,
  type: 'user.session_end',
  created_at: '2026-11-22T10:00:00.000Z',
  data: { reason: 'logout' },
});

function start() {
  const clock = new SimulatedClock();
  const sockets: FakeSocket[] = [];
  const batches: { events: LiveEvent[]; gap: boolean }[] = [];
  const actor = createActor(liveEventsMachine, {
    clock,
    input: {
      url: 'ws://app.test/ws',
      open: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onBatch: (events, { gap }) => batches.push({ events, gap }),
      random: () => 0,
    },
  }).start();
  return { actor, clock, sockets, batches, last: () => sockets.at(-1)! };
}

describe('reconnectDelay', () => {
  it('doubles from 1 s and never waits more than 300000 ms', () => {
    expect([1, 2, 3, 4].map((n) => reconnectDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(9, () => 0)).toBe(256_000);
    expect(reconnectDelay(10, () => 0)).toBe(LIVE_MAX_BACKOFF_MS);
    expect(reconnectDelay(500, () => 0.999)).toBeLessThanOrEqual(LIVE_MAX_BACKOFF_MS);
    expect(reconnectDelay(3, () => 1)).toBe(3200);
  });
});

describe('coalesceLiveEvents', () => {
  it('keeps the newest progress of each conversion and none once it has finished', () => {
    const finished: LiveEvent = {
      id: 5,
      type: 'conversion.finished',
      created_at: '2026-11-22T10:00:00.000Z',
      data: { recording: { id: 'b' } as never, project_url: '/ada/podcast' },
    };
    const events = [
      processing(1, 'a', '1/4'),
      processing(2, 'b', '1/4'),
      processing(3, 'a', '2/4'),
      sessionEnd(4),
      finished,
    ];
    expect(coalesceLiveEvents(events).map((e) => e.id)).toEqual([3, 4, 5]);
  });
});

describe('liveEventsMachine', () => {
  it('says hello with no last id, then applies the events of 2 seconds together', () => {
    const { clock, last, batches } = start();
    last().open();
    expect(last().url).toBe('ws://app.test/ws');
    expect(last().sent).toEqual([{ type: 'hello', last_event_id: null }]);
    last().message({ type: 'ready', replayed: 0, gap: false });
    last().message(processing(7, 'a', '1/4'));
    clock.increment(LIVE_BATCH_MS - 1);
    last().message(processing(8, 'a', '2/4'));
    last().message(sessionEnd(9));
    expect(batches).toEqual([]);
    clock.increment(1);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.events.map((e) => e.id)).toEqual([8, 9]);
  });

  it('reconnects after 1 s, 2 s, 4 s with the last id, and applies a replayed event only once', () => {
    const { actor, clock, sockets, last, batches } = start();
    last().open();
    last().message({ type: 'ready', replayed: 0, gap: false });
    last().message(sessionEnd(11));
    clock.increment(LIVE_BATCH_MS);
    last().drop();
    expect(actor.getSnapshot().matches({ running: { connection: 'waiting' } })).toBe(true);
    clock.increment(999);
    expect(sockets).toHaveLength(1);
    clock.increment(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    clock.increment(1999);
    expect(sockets).toHaveLength(2);
    clock.increment(1);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(last().sent).toEqual([{ type: 'hello', last_event_id: 11 }]);
    // The server replays from 11 on; an event seen before is not applied again.
    last().message(sessionEnd(11));
    last().message(processing(12, 'a', '3/4'));
    last().message({ type: 'ready', replayed: 1, gap: false });
    clock.increment(LIVE_BATCH_MS);
    expect(batches.map((b) => b.events.map((e) => e.id))).toEqual([[11], [12]]);
    // Ready again: the next drop waits 1 s again.
    last().drop();
    clock.increment(1000);
    expect(sockets).toHaveLength(4);
  });

  it('passes on a gap so the app refetches, even with no event in it', () => {
    const { clock, last, batches } = start();
    last().open();
    last().message({ type: 'ready', replayed: 0, gap: true });
    clock.increment(LIVE_BATCH_MS);
    expect(batches).toEqual([{ events: [], gap: true }]);
  });

  it('reconnects at once when woken, and stops for good: socket closed, pending events applied', () => {
    const { actor, clock, sockets, last, batches } = start();
    last().drop();
    actor.send({ type: 'live.wake' });
    expect(sockets).toHaveLength(2);
    last().open();
    last().message(sessionEnd(3));
    actor.send({ type: 'live.stop' });
    expect(last().closed).toEqual({ code: 1000 });
    expect(batches.map((b) => b.events.map((e) => e.id))).toEqual([[3]]);
    expect(actor.getSnapshot().status).toBe('done');
    clock.increment(LIVE_MAX_BACKOFF_MS);
    expect(sockets).toHaveLength(2);
  });

  it('does not come back once the server has ended the session (close code 4401)', () => {
    const { actor, clock, sockets, last } = start();
    last().open();
    last().drop(4401);
    expect(actor.getSnapshot().status).toBe('done');
    clock.increment(LIVE_MAX_BACKOFF_MS);
    expect(sockets).toHaveLength(1);
  });

  it('ignores frames that are not messages of the contract', () => {
    const { clock, last, batches } = start();
    last().open();
    last().onmessage?.({ data: 'not json' });
    last().message({ hello: 'world' });
    clock.increment(LIVE_BATCH_MS);
    expect(batches).toEqual([]);
  });
});
