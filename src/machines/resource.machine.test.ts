import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { resourceMachine } from './resource.machine.ts';

/** A load per key whose answers the test releases by hand, recording the signals it was given. */
function manualLoads() {
  const pending: { key: string; signal: AbortSignal; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] =
    [];
  const load = (key: string, signal: AbortSignal) =>
    new Promise<unknown>((resolve, reject) => pending.push({ key, signal, resolve, reject }));
  return { pending, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resourceMachine', () => {
  it('waits without a key, then loads the key it is given', async () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: null } }).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(pending).toHaveLength(0);
    actor.send({ type: 'key', key: 'page-1' });
    expect(actor.getSnapshot().value).toBe('loading');
    pending[0]!.resolve(['a', 'b']);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ value: ['a', 'b'], valueKey: 'page-1' });
  });

  it('aborts the running load when the key changes, and its late answer never lands', async () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'page-1' } }).start();
    actor.send({ type: 'key', key: 'page-2' });
    expect(pending.map((p) => p.key)).toEqual(['page-1', 'page-2']);
    expect(pending[0]!.signal.aborted).toBe(true);
    expect(pending[1]!.signal.aborted).toBe(false);
    pending[1]!.resolve('second');
    pending[0]!.resolve('first, late');
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ value: 'second', valueKey: 'page-2' });
  });

  it('the AbortError of a load that was replaced is not a failure', async () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'a' } }).start();
    actor.send({ type: 'key', key: 'b' });
    pending[0]!.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    pending[1]!.resolve('b');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('starts ready with a first value given in its input, loads nothing for it, and loads the next key', async () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'page-1', value: { value: ['a'] } } });
    // Before it starts too: the screen's first render reads this snapshot.
    expect(actor.getSnapshot().value).toBe('ready');
    actor.start();
    actor.send({ type: 'key', key: 'page-1' });
    expect(actor.getSnapshot().context).toMatchObject({ value: ['a'], valueKey: 'page-1' });
    expect(pending).toHaveLength(0);
    actor.send({ type: 'reload' });
    expect(pending.map((p) => p.key)).toEqual(['page-1']);
    pending[0]!.resolve(['a', 'b']);
    await waitFor(actor, (s) => s.matches('ready') && s.context.value !== undefined && pending.length === 1);
    actor.send({ type: 'key', key: 'page-2' });
    expect(actor.getSnapshot().value).toBe('loading');
    // Back to the first key: it is loaded again, not taken from the input's value.
    actor.send({ type: 'key', key: 'page-1' });
    expect(pending.map((p) => p.key)).toEqual(['page-1', 'page-2', 'page-1']);
  });

  it('the same key again loads nothing', () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'a' } }).start();
    actor.send({ type: 'key', key: 'a' });
    expect(pending).toHaveLength(1);
  });

  it('keeps the failure, and retry loads again', async () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'a' } }).start();
    pending[0]!.reject(new TypeError('Failed to fetch'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBeInstanceOf(TypeError);
    actor.send({ type: 'retry' });
    expect(pending).toHaveLength(2);
    pending[1]!.resolve(42);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ value: 42, error: null });
  });

  it('reload keeps the value shown while it asks again', async () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'a' } }).start();
    pending[0]!.resolve(1);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.value).toBe(1);
    pending[1]!.resolve(2);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.value).toBe(2);
  });

  it("applies the screen's own change to the loaded value, and none before a value exists", async () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'a' } }).start();
    actor.send({ type: 'update', update: () => 'too early' });
    expect(actor.getSnapshot().context.value).toBeUndefined();
    pending[0]!.resolve(['x', 'y']);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'update', update: (v) => (v as string[]).map((s) => s.toUpperCase()) });
    expect(actor.getSnapshot().context.value).toEqual(['X', 'Y']);
    expect(pending).toHaveLength(1);
  });

  it('stopping aborts the load', () => {
    const { pending, load } = manualLoads();
    const actor = createActor(resourceMachine, { input: { load, key: 'a' } }).start();
    actor.stop();
    expect(pending[0]!.signal.aborted).toBe(true);
  });
});
