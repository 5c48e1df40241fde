import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { DAY_MS } from '../account-rules.ts';
import { npsTriggerMachine, type NpsFacts } from './nps-trigger.machine.ts';

const NOW = Date.UTC(2026, 5, 1, 12);

/** The machine over a fake server count and stored time; `asked` lists each `now` it asked at. */
function start(facts: () => NpsFacts | Promise<NpsFacts>) {
  const asked: number[] = [];
  let reads = 0;
  const actor = createActor(
    npsTriggerMachine.provide({
      actors: {
        readFacts: fromPromise(async () => {
          reads += 1;
          return facts();
        }),
      },
      actions: { ask: (_, { now }) => void asked.push(now) },
    }),
  ).start();
  const settled = () => waitFor(actor, (s) => s.matches('idle'));
  return { actor, asked, reads: () => reads, settled };
}

describe('npsTriggerMachine: the NPS survey after the fifth finished conversion, at most once per 90 days', () => {
  it('does not ask before the fifth finished conversion', async () => {
    const m = start(() => ({ finished: 4, lastAskedAt: null, now: NOW }));
    m.actor.send({ type: 'conversion.finished' });
    await m.settled();
    expect(m.reads()).toBe(1);
    expect(m.asked).toEqual([]);
  });

  it('asks once the server counts five, when it was never asked', async () => {
    const m = start(() => ({ finished: 5, lastAskedAt: null, now: NOW }));
    m.actor.send({ type: 'conversion.finished' });
    await m.settled();
    expect(m.asked).toEqual([NOW]);
  });

  it('asks again only 90 days after it last asked', async () => {
    let lastAskedAt = NOW - 89 * DAY_MS;
    const m = start(() => ({ finished: 40, lastAskedAt, now: NOW }));
    m.actor.send({ type: 'conversion.finished' });
    await m.settled();
    expect(m.asked).toEqual([]);
    lastAskedAt = NOW - 90 * DAY_MS;
    m.actor.send({ type: 'conversion.finished' });
    await m.settled();
    expect(m.asked).toEqual([NOW]);
  });

  it('a conversion that finishes while it checks leads to one more check, with the newer count', async () => {
    let finished = 4;
    let release: () => void = () => undefined;
    const m = start(
      () =>
        new Promise<NpsFacts>((resolve) => {
          const count = finished;
          release = () => resolve({ finished: count, lastAskedAt: null, now: NOW });
        }),
    );
    m.actor.send({ type: 'conversion.finished' });
    finished = 5;
    m.actor.send({ type: 'conversion.finished' });
    m.actor.send({ type: 'conversion.finished' });
    release();
    await waitFor(m.actor, () => m.reads() === 2);
    release();
    await m.settled();
    expect(m.reads()).toBe(2);
    expect(m.asked).toEqual([NOW]);
  });

  it('a failed read asks nothing and waits for the next finished conversion', async () => {
    let fail = true;
    const m = start(() => {
      if (fail) throw new Error('Failed to fetch');
      return { finished: 6, lastAskedAt: null, now: NOW };
    });
    m.actor.send({ type: 'conversion.finished' });
    await m.settled();
    expect(m.asked).toEqual([]);
    fail = false;
    m.actor.send({ type: 'conversion.finished' });
    await m.settled();
    expect(m.asked).toEqual([NOW]);
  });
});
