import { createStore } from '@xstate/store';

/**
 * SPEC.md section 2 "Player: … played counter": how many times each recording was played through in this
 * visit (the player reports a play once per play-through, from the start or after a stop).
 */
export function createPlayedStore() {
  return createStore({
    context: { counts: {} as Record<string, number> },
    on: {
      played: (context, event: { id: string }) => ({
        counts: { ...context.counts, [event.id]: (context.counts[event.id] ?? 0) + 1 },
      }),
    },
  });
}

export type PlayedStore = ReturnType<typeof createPlayedStore>;

export const playedStore: PlayedStore = createPlayedStore();
