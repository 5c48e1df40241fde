import { createActor, fromCallback, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { makeNearestVoice } from '../../../api/testing/index.ts';
import type { CaptureEvent } from '../../../shared/recorder/capture-actor.ts';
import { createPitchToolMachine, TAKE_SECONDS } from './pitch-tool.machine.ts';

const RATE = 16_000;
const tone = (f0: number, seconds: number) =>
  Float32Array.from({ length: seconds * RATE }, (_, i) => 0.2 * Math.sin((2 * Math.PI * f0 * i) / RATE));

/** A microphone ticking at once `ticks` times (or until stopped), then handing over `samples`; or failing. */
const capture = (samples: Float32Array, fail?: string) =>
  fromCallback<{ type: 'stop' }, { deviceId: string | null }, CaptureEvent>(({ sendBack, receive }) => {
    if (fail) {
      sendBack({ type: 'capture.failed', message: fail });
      return;
    }
    const timer = setInterval(() => sendBack({ type: 'capture.tick' }), 1);
    receive(() => {
      clearInterval(timer);
      sendBack({ type: 'capture.done', samples, sampleRate: RATE });
    });
    return () => clearInterval(timer);
  });

describe('the pitch tool', () => {
  it('records a take of TAKE_SECONDS, measures its median pitch and asks for the voices nearest it', async () => {
    const nearest = vi.fn(async (hz: number) => [makeNearestVoice(1, 'Aria', 200, hz)]);
    const actor = createActor(createPitchToolMachine({ nearest, capture: capture(tone(200, 3)) })).start();
    actor.send({ type: 'pitch.record' });
    const done = await waitFor(actor, (s) => s.matches('result'));
    expect(done.context.elapsed).toBe(TAKE_SECONDS);
    expect(Math.abs(done.context.pitch!.medianHz - 200)).toBeLessThan(4);
    expect(nearest).toHaveBeenCalledWith(done.context.pitch!.medianHz);
    expect(done.context.voices.map((v) => v.name)).toEqual(['Aria']);
  });

  it('stops early on pitch.stop, and a take without voice ends in noVoice without asking the server', async () => {
    const nearest = vi.fn(async () => []);
    const actor = createActor(
      createPitchToolMachine({ nearest, capture: capture(new Float32Array(RATE * 3)) }),
    ).start();
    actor.send({ type: 'pitch.record' });
    actor.send({ type: 'pitch.stop' });
    await waitFor(actor, (s) => s.matches('noVoice'));
    expect(nearest).not.toHaveBeenCalled();
  });

  it('says what failed: the microphone, or the server', async () => {
    const refused = createActor(
      createPitchToolMachine({ nearest: async () => [], capture: capture(new Float32Array(0), 'Permission denied') }),
    ).start();
    refused.send({ type: 'pitch.record' });
    expect((await waitFor(refused, (s) => s.matches('failed'))).context.error).toBe('Permission denied');

    const offline = createActor(
      createPitchToolMachine({
        nearest: () => Promise.reject(new Error('Network down')),
        capture: capture(tone(150, 3)),
      }),
    ).start();
    offline.send({ type: 'pitch.record' });
    const failed = await waitFor(offline, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('Network down');
    // Any end state records again.
    offline.send({ type: 'pitch.record' });
    expect(offline.getSnapshot().matches('recording')).toBe(true);
  });
});
