import { assertEvent, assign, fromPromise, sendTo, setup, type AnyActorLogic } from 'xstate';
import { announceAction } from '../../../../design-system/index.ts';
import { t } from '../../../i18n/index.ts';
import { browserCapture } from '../../../shared/recorder/capture-actor.ts';
import type { NearestVoice } from '../api/tools-api.ts';
import { medianPitch, type PitchEstimate } from '../pitch.ts';

/** The take's length: enough voiced speech for a steady median, short enough to keep a guest. */
export const TAKE_SECONDS = 5;

export interface PitchToolDeps {
  /** The catalogue voices nearest a pitch (GET /api/v2/voices/nearest-pitch). */
  nearest: (pitchHz: number) => Promise<NearestVoice[]>;
  /** The microphone capture (the recorder's); stories and tests give a synthetic one. */
  capture?: AnyActorLogic;
}

export interface PitchToolContext {
  /** Whole seconds recorded of the take. */
  elapsed: number;
  /** Input level 0–100 for the meter. */
  level: number;
  pitch: PitchEstimate | null;
  voices: NearestVoice[];
  error: string | null;
}

export type PitchToolEvent =
  | { type: 'pitch.record' }
  | { type: 'pitch.stop' }
  | { type: 'capture.level'; level: number }
  | { type: 'capture.tick' }
  | { type: 'capture.done'; samples: Float32Array; sampleRate: number }
  | { type: 'capture.failed'; message: string };

/** The take held too little voice for a pitch. */
class NoVoiceError extends Error {}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t('tools.pitch.failed');

/**
 * "Find your voice's pitch" (the tools route, for guests): records TAKE_SECONDS from the microphone (the
 * recorder's capture), measures the median pitch in the browser, then asks the server for the catalogue
 * voices nearest it. Each outcome is announced; any end state records again.
 */
export function createPitchToolMachine(deps: PitchToolDeps) {
  return setup({
    types: {
      context: {} as PitchToolContext,
      events: {} as PitchToolEvent,
    },
    actors: {
      capture: (deps.capture ?? browserCapture) as typeof browserCapture,
      analyse: fromPromise(async ({ input }: { input: { samples: Float32Array; sampleRate: number } }) => {
        const pitch = medianPitch(input.samples, input.sampleRate);
        if (!pitch) throw new NoVoiceError();
        return { pitch, voices: await deps.nearest(pitch.medianHz) };
      }),
    },
    actions: {
      announce: announceAction,
      stopCapture: sendTo('capture', { type: 'stop' }),
    },
    guards: {
      takeFull: ({ context }) => context.elapsed + 1 >= TAKE_SECONDS,
      noVoice: ({ event }) => (event as { error?: unknown }).error instanceof NoVoiceError,
    },
  }).createMachine({
    id: 'pitchTool',
    context: { elapsed: 0, level: 0, pitch: null, voices: [], error: null },
    initial: 'idle',
    on: { 'pitch.record': { target: '.recording' } },
    states: {
      idle: {},
      recording: {
        entry: [
          assign({ elapsed: 0, level: 0, pitch: null, voices: [], error: null }),
          {
            type: 'announce',
            params: () => ({ message: t('tools.pitch.recording.announce', { seconds: TAKE_SECONDS }) }),
          },
        ],
        invoke: { id: 'capture', src: 'capture', input: () => ({ deviceId: null }) },
        on: {
          // Recording again while recording starts nothing new.
          'pitch.record': {},
          'pitch.stop': { actions: 'stopCapture' },
          'capture.level': { actions: assign({ level: ({ event }) => event.level }) },
          'capture.tick': [
            { guard: 'takeFull', actions: [assign({ elapsed: TAKE_SECONDS }), 'stopCapture'] },
            { actions: assign({ elapsed: ({ context }) => context.elapsed + 1 }) },
          ],
          'capture.done': 'analysing',
          'capture.failed': {
            target: 'failed',
            actions: assign({ error: ({ event }) => event.message, level: 0 }),
          },
        },
      },
      analysing: {
        entry: [assign({ level: 0 }), { type: 'announce', params: () => ({ message: t('tools.pitch.analysing') }) }],
        invoke: {
          src: 'analyse',
          input: ({ event }) => {
            assertEvent(event, 'capture.done');
            return { samples: event.samples, sampleRate: event.sampleRate };
          },
          onDone: {
            target: 'result',
            actions: assign({ pitch: ({ event }) => event.output.pitch, voices: ({ event }) => event.output.voices }),
          },
          onError: [
            { guard: 'noVoice', target: 'noVoice' },
            { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          ],
        },
      },
      result: {
        entry: {
          type: 'announce',
          params: ({ context }) => ({
            message: t('tools.pitch.result.announce', {
              hz: Math.round(context.pitch?.medianHz ?? 0),
              count: context.voices.length,
            }),
          }),
        },
      },
      noVoice: {
        entry: { type: 'announce', params: () => ({ message: t('tools.pitch.noVoice'), politeness: 'assertive' }) },
      },
      failed: {
        entry: {
          type: 'announce',
          params: ({ context }) => ({ message: context.error ?? t('tools.pitch.failed'), politeness: 'assertive' }),
        },
      },
    },
  });
}
