import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import {
  announcementLog,
  clearAnnouncements,
  modalStore,
  openModalIds,
  setAnnouncerSink,
} from '../../../design-system/index.ts';
import { createMemoryStorage } from '../../api/testing/index.ts';
import { MICROPHONE_KEY } from '../../machines/index.ts';
import type { Recording } from '../../api/index.ts';
import { createRecordingMachine, secondsLeft, type CaptureEvent, type Take } from './recording.machine.ts';

const mics = [
  { id: 'built-in', name: 'Built-in microphone' },
  { id: 'usb', name: 'USB studio' },
];

/** A capture actor the test drives: it hands out its `sendBack` and records the stop it receives. */
function controlledCapture() {
  const control: { send?: (event: CaptureEvent) => void; stopped: number; deviceId?: string | null } = { stopped: 0 };
  const actor = fromCallback<{ type: 'stop' }, { deviceId: string | null }, CaptureEvent>(
    ({ sendBack, receive, input }) => {
      control.send = sendBack;
      control.deviceId = input.deviceId;
      receive(() => {
        control.stopped += 1;
      });
    },
  );
  return { actor, control };
}

const seconds = (n: number, rate = 48_000) => new Float32Array(n * rate).fill(0.25);
const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);

function setupRecorder({
  limitSeconds = 30,
  storage = createMemoryStorage(),
  listMicrophones = () => Promise.resolve(mics),
  save = vi.fn((_: { take: Take; projectId: string; folderId: string; microphone: string | null }) =>
    Promise.resolve([{ id: 'r1' } as Recording]),
  ),
} = {}) {
  const { actor: capture, control } = controlledCapture();
  const machine = createRecordingMachine({ storage, listMicrophones, save }).provide({ actors: { capture } });
  const actor = createActor(machine, { input: { limitSeconds } }).start();
  return { actor, control, save, storage };
}

let restoreSink: () => void;
beforeEach(() => {
  restoreSink = setAnnouncerSink(() => undefined);
  clearAnnouncements();
  modalStore.trigger.closeAll();
});
afterEach(() => restoreSink());

describe('recording machine', () => {
  it('asks for the microphone, then offers the microphones with the stored one chosen', async () => {
    const storage = createMemoryStorage({ [MICROPHONE_KEY]: JSON.stringify({ id: 'usb', name: 'USB studio' }) });
    const { actor } = setupRecorder({ storage });

    actor.send({ type: 'recorder.enable' });
    const ready = await waitFor(actor, (s) => s.matches('ready'));

    expect(ready.context.microphones).toEqual(mics);
    expect(ready.context.microphone).toEqual(mics[1]);
  });

  it('keeps the chosen microphone in local storage', async () => {
    const { actor, storage } = setupRecorder();
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('ready'));

    actor.send({ type: 'recorder.selectMicrophone', id: 'usb' });

    expect(actor.getSnapshot().context.microphone).toEqual(mics[1]);
    expect(JSON.parse(storage.getItem(MICROPHONE_KEY) ?? 'null')).toEqual({ id: 'usb', name: 'USB studio' });
    expect(announced()).toContain('USB studio chosen.');
  });

  it('opens the disabledMicrophone modal when permission is refused, and asks again on retry', async () => {
    let refuse = true;
    const { actor } = setupRecorder({
      listMicrophones: () =>
        refuse ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) : Promise.resolve(mics),
    });
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('denied'));
    expect(openModalIds(modalStore.getSnapshot().context)).toEqual(['disabledMicrophone']);

    refuse = false;
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('says when there is no microphone', async () => {
    const { actor } = setupRecorder({ listMicrophones: () => Promise.resolve([]) });
    actor.send({ type: 'recorder.enable' });
    const snapshot = await waitFor(actor, (s) => s.matches('unavailable'));
    expect(snapshot.context.error).toBe('No microphone was found. Connect one and try again.');
  });

  it('records from the chosen microphone with a level and a countdown, then stops into review with a WAV', async () => {
    const { actor, control } = setupRecorder();
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('ready'));

    actor.send({ type: 'recorder.record' });
    expect(actor.getSnapshot().matches({ capturing: 'recording' })).toBe(true);
    expect(control.deviceId).toBe('built-in');
    control.send!({ type: 'capture.level', level: 62 });
    control.send!({ type: 'capture.tick' });
    control.send!({ type: 'capture.tick' });
    expect(actor.getSnapshot().context.level).toBe(62);
    expect(secondsLeft(actor.getSnapshot().context)).toBe(28);

    actor.send({ type: 'recorder.stop' });
    expect(control.stopped).toBe(1);
    control.send!({ type: 'capture.done', samples: seconds(2), sampleRate: 48_000 });

    const review = actor.getSnapshot();
    expect(review.matches('review')).toBe(true);
    expect(review.context.take?.seconds).toBe(2);
    expect(review.context.take?.wav.type).toBe('audio/wav');
    expect(review.context.take?.wav.size).toBe(44 + 2 * 48_000 * 2);
    expect(announced()).toContain('Recording stopped after 2 seconds. Listen to it, then save or discard it.');
  });

  it('stops by itself at the plan’s limit and keeps no more than the limit', async () => {
    const { actor, control } = setupRecorder({ limitSeconds: 3 });
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'recorder.record' });

    control.send!({ type: 'capture.tick' });
    control.send!({ type: 'capture.tick' });
    expect(actor.getSnapshot().matches({ capturing: 'recording' })).toBe(true);
    control.send!({ type: 'capture.tick' });

    expect(actor.getSnapshot().matches({ capturing: 'stopping' })).toBe(true);
    expect(control.stopped).toBe(1);
    expect(announced()).toContain('The 3-second limit is reached: recording stopped.');
    control.send!({ type: 'capture.done', samples: seconds(4), sampleRate: 48_000 });
    expect(actor.getSnapshot().context.take?.seconds).toBe(3);
  });

  it('saves the take into the chosen folder with the microphone’s name', async () => {
    const { actor, control, save } = setupRecorder();
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'recorder.record' });
    actor.send({ type: 'recorder.stop' });
    control.send!({ type: 'capture.done', samples: seconds(1), sampleRate: 48_000 });

    actor.send({ type: 'recorder.save', projectId: 'p1', folderId: 'f1' });
    const saved = await waitFor(actor, (s) => s.matches('saved'));

    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ projectId: 'p1', folderId: 'f1', microphone: 'Built-in microphone' }),
    );
    expect(saved.context.saved).toEqual([{ id: 'r1' }]);
    actor.send({ type: 'recorder.again' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('goes back to review with the server’s words when saving fails, and can discard', async () => {
    const { actor, control } = setupRecorder({
      save: vi.fn(() => Promise.reject(new Error('Recording is longer than 30 seconds'))),
    });
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'recorder.record' });
    actor.send({ type: 'recorder.stop' });
    control.send!({ type: 'capture.done', samples: seconds(1), sampleRate: 48_000 });
    actor.send({ type: 'recorder.save', projectId: 'p1', folderId: 'f1' });

    const review = await waitFor(actor, (s) => s.matches('review') && s.context.error !== null);
    expect(review.context.error).toBe('Recording is longer than 30 seconds');
    expect(review.context.take).not.toBeNull();

    actor.send({ type: 'recorder.discard' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.take).toBeNull();
  });

  it('returns to ready with the reason when capture fails', async () => {
    const { actor, control } = setupRecorder();
    actor.send({ type: 'recorder.enable' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'recorder.record' });
    control.send!({ type: 'capture.failed', message: 'Device in use' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Device in use');
  });
});
