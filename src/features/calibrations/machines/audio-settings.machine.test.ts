import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import {
  announcementLog,
  clearAnnouncements,
  modalStore,
  openModalIds,
  setAnnouncerSink,
} from '../../../../design-system/index.ts';
import { createMemoryStorage } from '../../../api/testing/index.ts';
import { MICROPHONE_KEY } from '../../../machines/index.ts';
import type { CaptureEvent } from '../../../shared/recorder/capture-actor.ts';
import { createAudioSettingsMachine, TEST_SECONDS } from './audio-settings.machine.ts';

const mics = [
  { id: 'built-in', name: 'Built-in microphone' },
  { id: 'usb', name: 'USB studio' },
];

/** Captures the test drives: each start is kept with its device, its sendBack and its stops. */
function captures() {
  const started: { deviceId: string | null; send: (e: CaptureEvent) => void; stops: number; ended: boolean }[] = [];
  const actor = fromCallback<{ type: 'stop' }, { deviceId: string | null }, CaptureEvent>(
    ({ sendBack, receive, input }) => {
      const entry = { deviceId: input.deviceId, send: sendBack, stops: 0, ended: false };
      started.push(entry);
      receive(() => {
        entry.stops += 1;
      });
      return () => {
        entry.ended = true;
      };
    },
  );
  return { actor, started };
}

const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);

function setupSettings(listMicrophones = () => Promise.resolve(mics)) {
  const storage = createMemoryStorage();
  const { actor: capture, started } = captures();
  const machine = createAudioSettingsMachine({ storage, listMicrophones }).provide({ actors: { capture } });
  const actor = createActor(machine).start();
  return { actor, started, storage };
}

let restore: () => void;
beforeEach(() => {
  restore = setAnnouncerSink(() => undefined);
  clearAnnouncements();
  modalStore.trigger.closeAll();
});
afterEach(() => restore());

describe('audio settings machine', () => {
  it('keeps the chosen microphone (id and name) and moves the level meter to it', async () => {
    const { actor, started, storage } = setupSettings();
    actor.send({ type: 'settings.enable' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(started.at(-1)?.deviceId).toBe('built-in');
    started.at(-1)!.send({ type: 'capture.level', level: 42 });
    expect(actor.getSnapshot().context.level).toBe(42);

    actor.send({ type: 'settings.selectMicrophone', id: 'usb' });

    expect(JSON.parse(storage.getItem(MICROPHONE_KEY) ?? 'null')).toEqual({ id: 'usb', name: 'USB studio' });
    expect(started[0]!.ended).toBe(true);
    expect(started.at(-1)?.deviceId).toBe('usb');
    expect(announced()).toContain('USB studio will be used for recordings.');
  });

  it('records a 5-second test, stops by itself, and offers it to play', async () => {
    const { actor, started } = setupSettings();
    actor.send({ type: 'settings.enable' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'settings.test' });
    const test = started.at(-1)!;
    for (let i = 0; i < TEST_SECONDS; i++) test.send({ type: 'capture.tick' });
    expect(test.stops).toBe(1);
    test.send({ type: 'capture.done', samples: new Float32Array(6 * 48_000), sampleRate: 48_000 });

    const ready = actor.getSnapshot();
    expect(ready.matches('ready')).toBe(true);
    expect(ready.context.test?.size).toBe(44 + TEST_SECONDS * 48_000 * 2);
    expect(announced()).toEqual(
      expect.arrayContaining(['Recording a 5-second test. Speak now.', 'Test recorded. Listen to it below.']),
    );
  });

  it('opens disabledMicrophone when the browser refuses', async () => {
    const { actor } = setupSettings(() => Promise.reject(Object.assign(new Error('no'), { name: 'NotAllowedError' })));
    actor.send({ type: 'settings.enable' });
    await waitFor(actor, (s) => s.matches('idle') && openModalIds(modalStore.getSnapshot().context).length > 0);
    expect(openModalIds(modalStore.getSnapshot().context)).toContain('disabledMicrophone');
  });
});
