import { sql } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { components } from '../../openapi/generated/events.js';
import type { Db } from '../platform/db.ts';
import type { EventStore } from './store.ts';
import type { UserEvent } from './wire.ts';

/**
 * The sockets of /ws in this process, by user. Protocol (openapi/events.yaml): the client names the last
 * event it processed — `?last_event_id=N` on the URL, or a ClientHello as its first message — and gets every
 * stored event of its user after N, oldest first, then ServerReady, then live events as they come, each
 * once and in id order. Events arriving while the replay runs wait in a buffer and are sent after it
 * (those the replay already sent are skipped by id).
 *
 * Close codes: 4401 the session ended (after user.session_end, or the session expired or was ended while the
 * socket was open) — do not reconnect; 4400 a message that is not a ClientHello; 4408 no ClientHello within
 * helloTimeoutMs; 1013 the client fell too far behind (reconnect and resume); 1012 this server may have
 * missed events (its database connection was re-established: reconnect and resume); 1001 the server is
 * stopping; 1011 the replay failed. A ping every pingIntervalMs: a socket that did not answer the previous
 * one is dropped.
 */

export type ServerReady = components['schemas']['ServerReady'];

export const CLOSE = {
  sessionEnded: 4401,
  badMessage: 4400,
  helloTimeout: 4408,
  tooFarBehind: 1013,
  resync: 1012,
  goingAway: 1001,
  internal: 1011,
} as const satisfies Record<string, components['schemas']['SocketCloseCode']>;

export interface SocketHubOptions {
  store: EventStore;
  db: Db;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Default 30000. */
  pingIntervalMs?: number;
  /** Default 10000. */
  helloTimeoutMs?: number;
  /** Unsent bytes a socket may hold before it is closed (1013). Default 4 MiB. */
  maxBufferedBytes?: number;
}

export interface Principal {
  userId: string;
  /** The session the socket was opened with; absent for an API key (it gets no session-scoped events). */
  sessionId?: string | undefined;
}

interface Connection extends Principal {
  ws: WebSocket;
  state: 'hello' | 'replaying' | 'live' | 'closed';
  /** The id of the last event sent: nothing at or below it is sent again. */
  lastSent: number;
  buffer: { event: UserEvent; text: string }[];
  alive: boolean;
  helloTimer?: NodeJS.Timeout;
}

export interface SocketHub {
  /**
   * Takes over an upgraded socket. `lastEventId` comes from the URL: a number to replay after, null for a
   * first connection (nothing replayed), undefined to wait for a ClientHello.
   */
  accept(ws: WebSocket, who: Principal, lastEventId: number | null | undefined): void;
  /** Open sockets (all users). */
  readonly size: number;
  /** Closes every socket (1001) and stops the heartbeat. */
  close(): void;
}

export function createSocketHub(options: SocketHubOptions): SocketHub {
  const { store, db, log } = options;
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const helloTimeoutMs = options.helloTimeoutMs ?? 10_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const byUser = new Map<string, Set<Connection>>();
  let size = 0;

  function end(c: Connection, code: number, reason: string) {
    if (c.state === 'closed') return;
    c.state = 'closed';
    clearTimeout(c.helloTimer);
    forget(c);
    try {
      c.ws.close(code, reason);
    } catch {
      c.ws.terminate();
    }
  }

  function forget(c: Connection) {
    const set = byUser.get(c.userId);
    if (set?.delete(c)) {
      size -= 1;
      if (set.size === 0) byUser.delete(c.userId);
    }
  }

  function send(c: Connection, event: UserEvent, text: string) {
    if (c.state === 'closed' || event.id <= c.lastSent) return;
    if (c.ws.bufferedAmount > maxBufferedBytes) {
      end(c, CLOSE.tooFarBehind, 'Too far behind: reconnect with your last event id');
      return;
    }
    c.ws.send(text);
    c.lastSent = event.id;
    if (event.type === 'user.session_end') end(c, CLOSE.sessionEnded, 'Session ended');
  }

  const stopDeliveries = store.subscribe((delivery) => {
    const set = byUser.get(delivery.userId);
    if (!set) return;
    let text: string | undefined;
    for (const c of set) {
      if (delivery.sessionIds && !(c.sessionId && delivery.sessionIds.includes(c.sessionId))) continue;
      text ??= JSON.stringify(delivery.event);
      if (c.state === 'live') send(c, delivery.event, text);
      else if (c.state !== 'closed') c.buffer.push({ event: delivery.event, text });
    }
  });

  const stopResync = store.onResync(() => {
    for (const set of [...byUser.values()]) {
      for (const c of [...set]) end(c, CLOSE.resync, 'Events may have been missed: reconnect with your last event id');
    }
  });

  async function start(c: Connection, after: number | null) {
    if (c.state !== 'hello') return;
    clearTimeout(c.helloTimer);
    c.state = 'replaying';
    let replayed = 0;
    let gap = false;
    try {
      if (after !== null) {
        c.lastSent = after;
        gap = await store.gapAfter(after);
        let cursor = after;
        for (;;) {
          const page = await store.replay(c.userId, cursor, { sessionId: c.sessionId });
          for (const event of page.events) {
            if (c.state !== 'replaying') return;
            send(c, event, JSON.stringify(event));
            replayed += 1;
          }
          if (page.next === null) break;
          cursor = page.next;
        }
      }
    } catch (err) {
      log.error({ err, userId: c.userId }, 'could not replay events to a socket');
      end(c, CLOSE.internal, 'Could not replay events');
      return;
    }
    if (c.state !== 'replaying') return;
    const ready: ServerReady = { type: 'ready', replayed, gap };
    c.ws.send(JSON.stringify(ready));
    c.state = 'live';
    for (const { event, text } of c.buffer.splice(0)) send(c, event, text);
  }

  function parseHello(data: unknown): number | null | undefined {
    try {
      const message = JSON.parse(String(data)) as { type?: unknown; last_event_id?: unknown };
      if (message?.type !== 'hello') return undefined;
      const id = message.last_event_id;
      if (id === null) return null;
      return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
    } catch {
      return undefined;
    }
  }

  /** Drops sockets that did not answer the last ping, and those whose session has ended meanwhile. */
  async function heartbeat() {
    const withSession: Connection[] = [];
    for (const set of byUser.values()) {
      for (const c of set) {
        if (!c.alive) {
          c.state = 'closed';
          forget(c);
          c.ws.terminate();
          continue;
        }
        c.alive = false;
        c.ws.ping();
        if (c.sessionId) withSession.push(c);
      }
    }
    for (let i = 0; i < withSession.length; i += 500) {
      const chunk = withSession.slice(i, i + 500);
      const ids = [...new Set(chunk.map((c) => c.sessionId!))];
      try {
        const result = await db.execute(sql`
          select s.id from sessions s join users u on u.id = s.user_id
          where s.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and (s.ended_at is null or s.ended_at > now() - interval '5 seconds') and s.expires_at > now()
            and u.deleted_at is null and u.verified`);
        // A session ended in the last seconds is left to its user.session_end event, which closes the socket
        // after saying why; the check closes what no event will (expired sessions, lost events).
        const live = new Set((result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id));
        for (const c of chunk) if (!live.has(c.sessionId!)) end(c, CLOSE.sessionEnded, 'Session ended');
      } catch (err) {
        log.warn({ err }, 'could not check the sessions of open sockets');
      }
    }
  }
  const timer = setInterval(() => void heartbeat(), pingIntervalMs);
  timer.unref();

  return {
    get size() {
      return size;
    },
    accept(ws, who, lastEventId) {
      const c: Connection = { ...who, ws, state: 'hello', lastSent: 0, buffer: [], alive: true };
      let set = byUser.get(who.userId);
      if (!set) {
        set = new Set();
        byUser.set(who.userId, set);
      }
      set.add(c);
      size += 1;
      ws.on('pong', () => {
        c.alive = true;
      });
      ws.on('close', () => {
        c.state = 'closed';
        clearTimeout(c.helloTimer);
        forget(c);
      });
      ws.on('message', (data, isBinary) => {
        if (c.state !== 'hello') return; // Nothing else is expected of the client.
        const after = isBinary ? undefined : parseHello(data);
        if (after === undefined) {
          end(c, CLOSE.badMessage, 'Expected {"type":"hello","last_event_id":<id or null>}');
          return;
        }
        void start(c, after);
      });
      if (lastEventId !== undefined) void start(c, lastEventId);
      else {
        c.helloTimer = setTimeout(() => end(c, CLOSE.helloTimeout, 'No hello received'), helloTimeoutMs);
      }
    },
    close() {
      clearInterval(timer);
      stopDeliveries();
      stopResync();
      for (const set of [...byUser.values()]) {
        for (const c of [...set]) end(c, CLOSE.goingAway, 'Server stopping');
      }
    },
  };
}
