import { assertEvent, assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from 'xstate';
import { parseServerMessage, type LiveEvent } from '../api/index.ts';

/** SPEC.md section 4: events are applied in batches of 2 seconds. */
export const LIVE_BATCH_MS = 2000;
/** openapi/events.yaml: reconnect with capped exponential backoff, at most 300000 ms. */
export const LIVE_MAX_BACKOFF_MS = 300_000;
/** openapi/events.yaml: the close code of a socket whose session has ended (do not reconnect). */
export const LIVE_SESSION_ENDED_CODE = 4401;
/** The first wait after the socket drops. */
export const LIVE_FIRST_BACKOFF_MS = 1000;

/**
 * How long to wait before reconnect attempt `attempt` (1 for the first): 1 s, 2 s, 4 s … never above
 * 300000 ms. Up to a fifth is taken off at random, so the clients a restart disconnected do not all come
 * back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_MAX_BACKOFF_MS, LIVE_FIRST_BACKOFF_MS * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(base * (1 - 0.2 * random()));
}

/**
 * The events of one batch as the app applies them, in order: of several conversion.processing updates of
 * one conversion only the newest is kept, and none once the batch holds that conversion's
 * conversion.finished; of user.updated and credits.updated2 only the newest counts.
 */
export function coalesceLiveEvents(events: readonly LiveEvent[]): LiveEvent[] {
  const finished = new Set<string>();
  const newestProcessing = new Map<string, number>();
  const newestOfType = new Map<string, number>();
  events.forEach((event, index) => {
    if (event.type === 'conversion.finished') finished.add(event.data.recording.id);
    if (event.type === 'conversion.processing') newestProcessing.set(event.data.recording_id, index);
    if (event.type === 'user.updated' || event.type === 'credits.updated2') newestOfType.set(event.type, index);
  });
  return events.filter((event, index) => {
    if (event.type === 'conversion.processing') {
      const id = event.data.recording_id;
      return !finished.has(id) && newestProcessing.get(id) === index;
    }
    if (event.type === 'user.updated' || event.type === 'credits.updated2')
      return newestOfType.get(event.type) === index;
    return true;
  });
}

/** The part of a browser WebSocket the machine uses (a fake one in tests). */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface LiveEventsInput {
  /** ws(s)://host/ws */
  url: string;
  open: (url: string) => LiveSocket;
  /** Applies one batch (coalesced). `gap`: some events were no longer kept; refetch what is shown. */
  onBatch: (events: LiveEvent[], info: { gap: boolean }) => void;
  random?: () => number;
}

export interface LiveEventsContext extends Omit<LiveEventsInput, 'url'> {
  url: string;
  /** The id of the newest event taken in; sent in the hello of the next connection. */
  lastEventId: number | null;
  /** Reconnect attempts since the socket was last ready. */
  attempt: number;
  buffer: LiveEvent[];
  gap: boolean;
}

export type LiveEventsEvent =
  | { type: 'socket.ready'; replayed: number; gap: boolean }
  | { type: 'socket.event'; event: LiveEvent }
  | { type: 'socket.closed'; code: number }
  /** The browser is back online or the tab is visible again: skip the rest of the wait. */
  | { type: 'live.wake' }
  /** The user is no longer verified (signed out): close the socket for good. */
  | { type: 'live.stop' };

const socketActor = fromCallback<
  LiveEventsEvent,
  { url: string; open: LiveEventsInput['open']; lastEventId: number | null }
>(({ sendBack, input }) => {
  const socket = input.open(input.url);
  socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', last_event_id: input.lastEventId }));
  socket.onmessage = ({ data }) => {
    const message = typeof data === 'string' ? parseServerMessage(data) : null;
    if (!message) return;
    if (message.type === 'ready') sendBack({ type: 'socket.ready', replayed: message.replayed, gap: message.gap });
    else sendBack({ type: 'socket.event', event: message });
  };
  socket.onclose = ({ code }) => sendBack({ type: 'socket.closed', code });
  // An error is always followed by close, which is where the machine reacts.
  socket.onerror = () => undefined;
  return () => {
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    socket.close(1000, 'client closed');
  };
});

/**
 * The app's one real-time connection (SPEC.md section 4, openapi/events.yaml): open for verified users,
 * it says hello with the last event id it took in, so a reconnect replays what was missed; events are
 * applied in 2-second batches; a dropped socket is reopened after 1 s, 2 s, 4 s … at most 300000 ms.
 * Events already taken in (an id not above the last one) are dropped, so a replay never applies twice.
 */
export const liveEventsMachine = setup({
  types: {
    context: {} as LiveEventsContext,
    events: {} as LiveEventsEvent,
    input: {} as LiveEventsInput,
  },
  actors: { socket: socketActor },
  actions: {
    take: assign(({ context, event }) => {
      assertEvent(event, 'socket.event');
      const { id } = event.event;
      if (context.lastEventId !== null && id <= context.lastEventId) return {};
      return { lastEventId: id, buffer: [...context.buffer, event.event] };
    }),
    markReady: assign(({ context, event }) => {
      assertEvent(event, 'socket.ready');
      return { attempt: 0, gap: context.gap || event.gap };
    }),
    countAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    // The batch is handed over by an action of its own, never from inside assign.
    flush: enqueueActions(({ context, enqueue }) => {
      if (context.buffer.length > 0 || context.gap) {
        const batch = coalesceLiveEvents(context.buffer);
        const gap = context.gap;
        enqueue(() => context.onBatch(batch, { gap }));
      }
      enqueue.assign({ buffer: [], gap: false });
    }),
  },
  guards: {
    // Guards run before any action of the step, so this reads the event rather than markReady's result.
    reportsGap: ({ event }) => {
      assertEvent(event, 'socket.ready');
      return event.gap;
    },
    sessionEnded: ({ event }) => {
      assertEvent(event, 'socket.closed');
      return event.code === LIVE_SESSION_ENDED_CODE;
    },
  },
  delays: {
    batch: LIVE_BATCH_MS,
    backoff: ({ context }) => reconnectDelay(context.attempt, context.random),
  },
}).createMachine({
  id: 'liveEvents',
  context: ({ input }) => ({ ...input, lastEventId: null, attempt: 0, buffer: [], gap: false }),
  initial: 'running',
  states: {
    running: {
      type: 'parallel',
      on: { 'live.stop': { target: 'stopped' } },
      exit: 'flush',
      states: {
        connection: {
          initial: 'online',
          states: {
            online: {
              invoke: {
                src: 'socket',
                input: ({ context }) => ({ url: context.url, open: context.open, lastEventId: context.lastEventId }),
              },
              initial: 'connecting',
              states: {
                connecting: { on: { 'socket.ready': { target: 'ready', actions: 'markReady' } } },
                ready: {},
              },
              on: {
                'socket.closed': [
                  // The server ended the session (4401): coming back would only be refused.
                  { guard: 'sessionEnded', target: '#liveEvents.stopped' },
                  { target: 'waiting' },
                ],
              },
            },
            waiting: {
              entry: 'countAttempt',
              after: { backoff: 'online' },
              on: { 'live.wake': 'online' },
            },
          },
        },
        batch: {
          initial: 'quiet',
          states: {
            quiet: {
              on: {
                'socket.event': { target: 'collecting', actions: 'take' },
                'socket.ready': { guard: 'reportsGap', target: 'collecting' },
              },
            },
            collecting: {
              on: { 'socket.event': { actions: 'take' } },
              after: { batch: { target: 'quiet', actions: 'flush' } },
            },
          },
        },
      },
    },
    stopped: { type: 'final' },
  },
});

export type LiveEventsActor = ActorRefFrom<typeof liveEventsMachine>;
