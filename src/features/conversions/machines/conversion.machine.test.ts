import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { announcementLog, clearAnnouncements, setAnnouncerSink } from '../../../../design-system/index.ts';
import { ApiError } from '../../../api/index.ts';
import { makeRecording } from '../../../api/testing/index.ts';
import type { Recording } from '../api/conversions-api.ts';
import { conversionDisplay, createConversionMachine, displayOf } from './conversion.machine.ts';

const conversion = (overrides: Partial<Recording> = {}): Recording =>
  makeRecording({ id: 'c1', type: 'conversion', state: 'queued', voice_name: 'Aria', label: 'take 1', ...overrides });

const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);

function start(recording: Recording, deps: Partial<Parameters<typeof createConversionMachine>[0]> = {}) {
  let clock = 0;
  const calls: string[] = [];
  const machine = createConversionMachine({
    retry: async (id) => {
      calls.push(`retry ${id}`);
      return conversion({ id, state: 'queued' });
    },
    cancel: async (id) => {
      calls.push(`cancel ${id}`);
    },
    now: () => clock,
    ...deps,
  });
  const actor = createActor(machine, { input: { recording } }).start();
  return {
    actor,
    calls,
    tick: (ms: number) => (clock += ms),
    progress: (state: Recording['state'], processStage: string | null, etaSeconds: number | null = null) =>
      actor.send({ type: 'conversion.progress', state, processStage, etaSeconds }),
  };
}

let restore: () => void;
beforeEach(() => {
  restore = setAnnouncerSink(() => undefined);
  clearAnnouncements();
});
afterEach(() => restore());

describe('displayOf (SPEC.md section 4)', () => {
  it('shows processing and postprocessing as in progress, done as completed, error as failed', () => {
    expect(
      ['queued', 'processing', 'postprocessing', 'done', 'error', 'cancelled'].map((s) => displayOf(s as never)),
    ).toEqual(['in_progress', 'in_progress', 'in_progress', 'completed', 'failed', 'cancelled']);
  });
});

describe('conversion machine', () => {
  it('follows live progress from process_stage and announces start, quartiles and done only', () => {
    const s = start(conversion());
    expect(conversionDisplay(s.actor.getSnapshot())).toBe('in_progress');
    s.progress('processing', '0');
    s.tick(2000);
    s.progress('processing', '1/9'); // 10 %
    expect(s.actor.getSnapshot().context.progress).toBe(10);
    expect(s.actor.getSnapshot().context.etaSeconds).toBe(18);
    s.progress('processing', '2/9'); // 20 %
    s.progress('processing', '3/9'); // 30 %
    s.progress('processing', '8/9'); // 80 %
    s.progress('postprocessing', '9/9', 1); // 90 %
    expect(s.actor.getSnapshot().matches({ working: 'postprocessing' })).toBe(true);
    expect(s.actor.getSnapshot().context.etaSeconds).toBe(1);
    s.actor.send({ type: 'conversion.finished', recording: conversion({ state: 'done', process_stage: null }) });
    expect(conversionDisplay(s.actor.getSnapshot())).toBe('completed');
    expect(s.actor.getSnapshot().context.progress).toBe(100);
    expect(announced()).toEqual([
      'Aria: conversion started',
      'Aria: 25% converted',
      'Aria: 75% converted',
      'Aria: conversion complete',
    ]);
  });

  it('says a failure once, with its reason', () => {
    const s = start(conversion({ state: 'processing', process_stage: '2/4' }));
    s.actor.send({
      type: 'conversion.finished',
      recording: conversion({ state: 'error', error: 'The original could not be decoded.' }),
    });
    expect(conversionDisplay(s.actor.getSnapshot())).toBe('failed');
    expect(announced()).toEqual(['Aria: conversion failed. The original could not be decoded.']);
  });

  it('a local redo shows processing at once, then follows the retried conversion', async () => {
    const s = start(conversion({ state: 'error', error: 'Boom' }));
    s.actor.send({ type: 'conversion.redo' });
    expect(conversionDisplay(s.actor.getSnapshot())).toBe('in_progress');
    expect(s.actor.getSnapshot().context.recording.state).toBe('processing');
    expect(s.actor.getSnapshot().context.progress).toBe(0);
    await waitFor(s.actor, (snap) => snap.matches('working'));
    expect(s.calls).toEqual(['retry c1']);
    s.progress('processing', '1/1');
    expect(s.actor.getSnapshot().context.progress).toBe(50);
  });

  it('a refused redo goes back to failed with the server’s reason', async () => {
    const s = start(conversion({ state: 'error', error: 'Boom' }), {
      retry: async () => {
        throw new ApiError({ statusCode: 402, detail: 'You are out of minutes.', body: {} });
      },
    });
    s.actor.send({ type: 'conversion.redo' });
    await waitFor(s.actor, (snap) => snap.matches('error'));
    expect(s.actor.getSnapshot().context.actionError).toBe('You are out of minutes.');
  });

  it('cancels a conversion in progress', async () => {
    const s = start(conversion({ state: 'processing', process_stage: '1/4' }));
    s.actor.send({ type: 'conversion.cancel' });
    await waitFor(s.actor, (snap) => snap.matches('cancelled'));
    expect(s.calls).toEqual(['cancel c1']);
    expect(conversionDisplay(s.actor.getSnapshot())).toBe('cancelled');
    expect(announced()).toContain('Aria: conversion cancelled');
  });

  it('starts where a fetched conversion already is', () => {
    expect(
      start(conversion({ state: 'done' }))
        .actor.getSnapshot()
        .matches('done'),
    ).toBe(true);
    expect(
      start(conversion({ state: 'postprocessing', process_stage: '3/3' })).actor.getSnapshot().context.progress,
    ).toBe(75);
  });

  it('says nothing about conversions that were already over when fetched, nor when fetched again', () => {
    const done = start(conversion({ state: 'done' }));
    const failed = start(conversion({ id: 'c2', state: 'error', error: 'Boom' }));
    done.actor.send({ type: 'conversion.refresh', recording: conversion({ state: 'done' }) });
    failed.actor.send({
      type: 'conversion.refresh',
      recording: conversion({ id: 'c2', state: 'error', error: 'Boom' }),
    });
    expect(done.actor.getSnapshot().matches('done')).toBe(true);
    expect(failed.actor.getSnapshot().matches('error')).toBe(true);
    expect(announced()).toEqual([]);
  });

  it('says the end of a redo, and a conversion that finished while events were missed', async () => {
    const s = start(conversion({ state: 'error', error: 'Boom' }));
    s.actor.send({ type: 'conversion.redo' });
    await waitFor(s.actor, (snap) => snap.matches('working'));
    s.actor.send({ type: 'conversion.refresh', recording: conversion({ state: 'done' }) });
    expect(s.actor.getSnapshot().matches('done')).toBe(true);
    expect(announced()).toEqual(['Aria: conversion complete']);
  });

  it('a failed conversion queued again elsewhere (refreshed) is a new run: its failure is said again', () => {
    const s = start(conversion({ state: 'error', error: 'Boom' }));
    s.actor.send({ type: 'conversion.refresh', recording: conversion({ state: 'queued', process_stage: '0' }) });
    expect(conversionDisplay(s.actor.getSnapshot())).toBe('in_progress');
    s.actor.send({ type: 'conversion.finished', recording: conversion({ state: 'error', error: 'Boom again' }) });
    expect(announced()).toEqual(['Aria: conversion failed. Boom again']);
  });
});
