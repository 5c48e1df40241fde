import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import {
  announcementLog,
  clearAnnouncements,
  modalStore,
  openModalIds,
  setAnnouncerSink,
} from '../../../../design-system/index.ts';
import { createMemoryStorage, makeCalibration } from '../../../api/testing/index.ts';
import type { Calibration } from '../../../api/index.ts';
import type { CaptureEvent } from '../../../shared/recorder/capture-actor.ts';
import { createCalibrationMachine, type CalibrationDeps, type UploadInput } from './calibration.machine.ts';

const mics = [{ id: 'usb', name: 'USB studio' }];

/** A capture the test drives: it hands out its `sendBack` and counts the stops it receives. */
function controlledCapture() {
  const control: { send?: (event: CaptureEvent) => void; stopped: number } = { stopped: 0 };
  const actor = fromCallback<{ type: 'stop' }, { deviceId: string | null }, CaptureEvent>(({ sendBack, receive }) => {
    control.send = sendBack;
    receive(() => {
      control.stopped += 1;
    });
  });
  return { actor, control };
}

const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);
const processing = makeCalibration(1, 'Morning voice', { status: 'processing', calibrated_at: null });

function setupMachine(overrides: Partial<CalibrationDeps> = {}) {
  const watchers: ((c: Calibration) => void)[] = [];
  const stopped = { count: 0 };
  const deps: CalibrationDeps = {
    storage: createMemoryStorage(),
    listMicrophones: () => Promise.resolve(mics),
    measure: () => Promise.resolve(Number.NaN),
    upload: vi.fn((input: UploadInput) => {
      input.onProgress(30);
      input.onProgress(80);
      return Promise.resolve({ ...processing, name: input.name });
    }),
    auto: vi.fn(() => Promise.resolve(processing)),
    enable: vi.fn((id: string) => Promise.resolve({ ...processing, id, status: 'calibrated' as const, enabled: true })),
    watch: (_id, onUpdate) => {
      watchers.push(onUpdate);
      return () => {
        stopped.count += 1;
      };
    },
    ...overrides,
  };
  const { actor: capture, control } = controlledCapture();
  const machine = createCalibrationMachine(deps).provide({ actors: { capture } });
  const actor = createActor(machine, { input: { name: 'Morning voice' } }).start();
  const push = (c: Calibration) => watchers.at(-1)?.(c);
  return { actor, control, deps, push, stopped };
}

async function recordSeconds(
  actor: ReturnType<typeof setupMachine>['actor'],
  control: { send?: (e: CaptureEvent) => void },
  n: number,
) {
  actor.send({ type: 'calibration.enableMicrophone' });
  await waitFor(actor, (s) => s.matches({ microphone: 'ready' }));
  actor.send({ type: 'calibration.record' });
  for (let i = 0; i < n; i++) control.send!({ type: 'capture.tick' });
}

let restoreSink: () => void;
beforeEach(() => {
  restoreSink = setAnnouncerSink(() => undefined);
  clearAnnouncements();
  modalStore.trigger.closeAll();
});
afterEach(() => restoreSink());

describe('calibration machine', () => {
  it('refuses to stop a microphone calibration before 30 s, and says so', async () => {
    const { actor, control } = setupMachine();
    await recordSeconds(actor, control, 12);

    actor.send({ type: 'calibration.stop' });

    expect(actor.getSnapshot().matches({ microphone: { recording: 'running' } })).toBe(true);
    expect(control.stopped).toBe(0);
    expect(actor.getSnapshot().context.error).toBe('A calibration must be at least 30 seconds long.');
    expect(announced()).toContain('A calibration must be at least 30 seconds long.');
  });

  it('stops by itself at 60 s, uploads the WAV of at most 60 s, then follows the analysis live to calibrated', async () => {
    const { actor, control, deps, push } = setupMachine();
    await recordSeconds(actor, control, 59);
    expect(actor.getSnapshot().context.elapsed).toBe(59);
    expect(announced()).toContain('30 seconds recorded: you can stop now.');

    control.send!({ type: 'capture.tick' });
    expect(control.stopped).toBe(1);
    expect(announced()).toContain('60 seconds recorded: recording stopped.');
    // The capture hands back a little more than 60 s: only 60 s go.
    control.send!({ type: 'capture.done', samples: new Float32Array(61 * 48_000).fill(0.1), sampleRate: 48_000 });

    const waiting = await waitFor(actor, (s) => s.matches('processing'));
    const sent = vi.mocked(deps.upload).mock.calls[0]![0];
    expect(sent.name).toBe('Morning voice');
    expect(sent.file.type).toBe('audio/wav');
    expect(sent.file.size).toBe(44 + 60 * 48_000 * 2);
    expect(waiting.context.progress).toBe(100);
    expect(announced()).toEqual(
      expect.arrayContaining([
        'Uploading the calibration.',
        'Calibration 25% uploaded.',
        'Calibration 75% uploaded.',
        '“Morning voice” uploaded. Analysing your voice…',
      ]),
    );

    push({ ...processing, status: 'calibrated', calibrated_at: '2026-01-02T00:00:00.000Z' });
    const done = actor.getSnapshot();
    expect(done.matches('calibrated')).toBe(true);
    expect(done.context.calibration?.status).toBe('calibrated');
    expect(announced()).toContain('Calibration “Morning voice” is ready.');
  });

  it('stops when asked after 30 s', async () => {
    const { actor, control } = setupMachine();
    await recordSeconds(actor, control, 31);
    actor.send({ type: 'calibration.stop' });
    expect(control.stopped).toBe(1);
    expect(actor.getSnapshot().matches({ microphone: { recording: 'stopping' } })).toBe(true);
  });

  it('opens disabledMicrophone when the browser refuses, and asks again from it', async () => {
    const listMicrophones = vi
      .fn<() => Promise<{ id: string; name: string }[]>>()
      .mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }))
      .mockResolvedValue(mics);
    const { actor } = setupMachine({ listMicrophones });
    actor.send({ type: 'calibration.enableMicrophone' });
    await waitFor(actor, (s) => s.matches({ microphone: 'denied' }));
    expect(openModalIds(modalStore.getSnapshot().context)).toContain('disabledMicrophone');
    expect(announced()).toContain('Microphone access is blocked.');

    actor.send({ type: 'calibration.enableMicrophone' });
    await waitFor(actor, (s) => s.matches({ microphone: 'ready' }));
    expect(listMicrophones).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['not audio', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt', Number.NaN, 'This is not an audio file.'],
    [
      'too short',
      new Blob([new Uint8Array(10)], { type: 'audio/wav' }),
      'short.wav',
      12,
      'A calibration must be at least 30 seconds long.',
    ],
    [
      'too long',
      new Blob([new Uint8Array(10)], { type: 'audio/wav' }),
      'long.wav',
      700,
      'A calibration can be at most 600 seconds long.',
    ],
  ])('refuses a file that is %s at the upload step, sending nothing', async (_, file, fileName, seconds, message) => {
    const { actor, deps } = setupMachine({ measure: () => Promise.resolve(seconds) });
    actor.send({ type: 'calibration.upload', file, fileName });
    const back = await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(back.context.error).toBe(message);
    expect(back.context.source).toBe('upload');
    expect(deps.upload).not.toHaveBeenCalled();
    expect(announced()).toContain(message);
  });

  it('says the server’s refusal of an upload, and goes back to choosing on retry', async () => {
    const upload = vi.fn(() => Promise.reject(new Error('Recording is shorter than 30 seconds')));
    const { actor } = setupMachine({ upload });
    actor.send({
      type: 'calibration.upload',
      file: new Blob([new Uint8Array(4)], { type: 'audio/wav' }),
      fileName: 'a.wav',
    });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('Recording is shorter than 30 seconds');
    expect(announced()).toContain('The calibration failed: Recording is shorter than 30 seconds');

    actor.send({ type: 'calibration.retry' });
    expect(actor.getSnapshot().matches('choosing')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('creates one from the user’s recordings; an analysis that fails is said and can be retried', async () => {
    const { actor, deps, push, stopped } = setupMachine();
    actor.send({ type: 'calibration.auto' });
    await waitFor(actor, (s) => s.matches('processing'));
    expect(deps.auto).toHaveBeenCalledWith('Morning voice');

    push({ ...processing, status: 'error' });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(stopped.count).toBe(1);
    expect(announced().at(-1)).toMatch(/^The calibration failed: no clear voice/);
  });

  it('enables the new calibration once calibrated, and announces it', async () => {
    const { actor, deps, push } = setupMachine();
    actor.send({ type: 'calibration.auto' });
    await waitFor(actor, (s) => s.matches('processing'));
    push({ ...processing, status: 'calibrated' });

    actor.send({ type: 'calibration.enable' });
    const enabled = await waitFor(actor, (s) => s.matches('enabled'));
    expect(deps.enable).toHaveBeenCalledWith(processing.id);
    expect(enabled.context.calibration?.enabled).toBe(true);
    expect(announced()).toContain('Calibration “Morning voice” enabled: new conversions use it.');
  });
});
