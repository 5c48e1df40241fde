import { describe, expect, it } from 'vitest';
import { createPlayedStore } from './played.store.ts';

describe('played counter', () => {
  it('counts each recording’s play-throughs on its own', () => {
    const store = createPlayedStore();
    store.trigger.played({ id: 'a' });
    store.trigger.played({ id: 'a' });
    store.trigger.played({ id: 'b' });
    expect(store.getSnapshot().context.counts).toEqual({ a: 2, b: 1 });
  });
});
