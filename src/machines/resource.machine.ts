import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

/**
 * How one piece of server data a screen shows is loaded: the one data-loading layer of the app (used through
 * `useResource`). A load runs as an invoked promise actor; asking for another key, retrying or reloading
 * re-enters `loading`, which stops the running load and aborts its request (the actor's `signal`), so an
 * answer that arrives late never lands. The value of the last load stays in context while the next one runs
 * (screens that page or filter keep showing it); `update` is the cache-update rule a screen applies after its
 * own write (a renamed row, a favourite) without asking the server again.
 */
export interface ResourceInput {
  /** Loads the value for a key; `signal` aborts when the load is no longer wanted. */
  load: (key: string, signal: AbortSignal) => Promise<unknown>;
  /** The first key, or null to wait for one (nothing is loaded). */
  key: string | null;
  /** The first key's value when it is already at hand: the resource starts ready with it, loading nothing. */
  value?: { value: unknown };
}

export interface ResourceContext {
  load: ResourceInput['load'];
  /** The key of the load running or last finished. */
  key: string | null;
  /** The key `value` belongs to (the last successful load). */
  valueKey: string | null;
  value: unknown;
  error: unknown;
  /** The first key's value came with the input (until another key is asked for). */
  given: boolean;
}

export type ResourceEvent =
  | { type: 'key'; key: string | null }
  | { type: 'retry' }
  | { type: 'reload' }
  | { type: 'update'; update: (value: unknown) => unknown };

export const resourceMachine = setup({
  types: {} as { context: ResourceContext; input: ResourceInput; events: ResourceEvent },
  actors: {
    // An aborted load never settles: its answer (or its AbortError) must not land, even in an actor that
    // React's strict effects stopped and brought back with the same children.
    load: fromPromise<unknown, { load: ResourceInput['load']; key: string }>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          input.load(input.key, signal).then(
            (value) => !signal.aborted && resolve(value),
            (error: unknown) => !signal.aborted && reject(error),
          );
        }),
    ),
  },
  guards: {
    hasKey: ({ context }) => context.key !== null,
    keyChanged: ({ context, event }) => {
      assertEvent(event, 'key');
      return event.key !== context.key;
    },
    hasValue: ({ context }) => context.valueKey !== null,
    given: ({ context }) => context.given,
  },
  actions: {
    takeKey: assign({
      key: ({ event }) => {
        assertEvent(event, 'key');
        return event.key;
      },
      given: false,
    }),
    update: assign({
      value: ({ context, event }) => {
        assertEvent(event, 'update');
        return event.update(context.value);
      },
    }),
  },
}).createMachine({
  id: 'resource',
  context: ({ input }) => {
    const given = input.value !== undefined && input.key !== null;
    return {
      load: input.load,
      key: input.key,
      valueKey: given ? input.key : null,
      value: given ? input.value!.value : undefined,
      error: null,
      given,
    };
  },
  initial: 'choosing',
  on: {
    key: { guard: 'keyChanged', target: '.choosing', reenter: true, actions: 'takeKey' },
    update: { guard: 'hasValue', actions: 'update' },
  },
  states: {
    choosing: {
      always: [{ guard: 'given', target: 'ready' }, { guard: 'hasKey', target: 'loading' }, { target: 'idle' }],
    },
    idle: {},
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ load: context.load, key: context.key ?? '' }),
        onDone: {
          target: 'ready',
          actions: assign({ value: ({ event }) => event.output, valueKey: ({ context }) => context.key, error: null }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error ?? 'failed' }) },
      },
    },
    ready: {
      on: { reload: { target: 'loading' } },
    },
    failed: {
      on: {
        retry: { target: 'loading' },
        reload: { target: 'loading' },
      },
    },
  },
});

export type ResourceActor = ActorRefFrom<typeof resourceMachine>;
export type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;
