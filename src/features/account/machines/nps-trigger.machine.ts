import { assign, fromPromise, setup } from 'xstate';
import { shouldAskNps } from '../account-rules.ts';

/** What deciding to ask needs: the server's count of finished conversions, when the survey was last asked, now. */
export interface NpsFacts {
  finished: number;
  lastAskedAt: number | null;
  now: number;
}

export type NpsTriggerEvent = { type: 'conversion.finished' };

/**
 * When to ask the NPS survey (SPEC.md: after a user's fifth finished conversion, at most once per 90 days).
 * Each `conversion.finished` reads the facts (`readFacts`: GET /api/stats and the time last asked) and, when
 * `shouldAskNps` holds, runs `ask` (the app opens the npsSurvey modal and remembers the time). Conversions that
 * finish during a check lead to one more check after it; a failed read waits for the next conversion.
 */
export const npsTriggerMachine = setup({
  types: {
    context: {} as { again: boolean },
    events: {} as NpsTriggerEvent,
  },
  actors: {
    readFacts: fromPromise<NpsFacts>(() => Promise.reject(new Error('readFacts is the app’s to provide'))),
  },
  guards: {
    shouldAsk: (_, facts: NpsFacts) => shouldAskNps(facts.finished, facts.lastAskedAt, facts.now),
    finishedMeanwhile: ({ context }) => context.again,
  },
  actions: {
    /** Provided by the app: open the survey and remember `now` as the time it was asked. */
    ask: (_, _params: { now: number }) => undefined,
  },
}).createMachine({
  id: 'npsTrigger',
  context: { again: false },
  initial: 'idle',
  states: {
    idle: {
      on: { 'conversion.finished': 'checking' },
    },
    checking: {
      entry: assign({ again: false }),
      on: { 'conversion.finished': { actions: assign({ again: true }) } },
      invoke: {
        src: 'readFacts',
        onDone: [
          {
            guard: { type: 'shouldAsk', params: ({ event }) => event.output },
            target: 'idle',
            actions: { type: 'ask', params: ({ event }) => ({ now: event.output.now }) },
          },
          { guard: 'finishedMeanwhile', target: 'checking', reenter: true },
          { target: 'idle' },
        ],
        onError: [{ guard: 'finishedMeanwhile', target: 'checking', reenter: true }, { target: 'idle' }],
      },
    },
  },
});
