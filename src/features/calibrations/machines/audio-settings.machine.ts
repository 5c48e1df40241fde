import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { announceAction } from '../../../../design-system/index.ts';
import { t } from '../../../i18n/index.ts';
import { pickMicrophone, readMicrophone, saveMicrophone, type AppStorage } from '../../../machines/index.ts';
import type { Microphone } from '../../../shared/recorder/capture.ts';
import { isPermissionError, microphoneActors, takeOf } from '../../../shared/recorder/microphone-states.ts';
import { openModal } from '../../../shared/modals/index.ts';

/** The test recording of /audio-settings lasts this many seconds. */
export const TEST_SECONDS = 5;

export type AudioSettingsEvent =
  | { type: 'settings.enable' }
  | { type: 'settings.selectMicrophone'; id: string }
  | { type: 'settings.test' }
  | { type: 'capture.level'; level: number }
  | { type: 'capture.tick' }
  | { type: 'capture.done'; samples: Float32Array; sampleRate: number }
  | { type: 'capture.failed'; message: string };

export interface AudioSettingsContext {
  microphones: Microphone[];
  microphone: Microphone | null;
  level: number;
  elapsed: number;
  /** The last test recording (WAV). */
  test: Blob | null;
  error: string | null;
}

export interface AudioSettingsDeps {
  storage: AppStorage | null;
  listMicrophones?: () => Promise<Microphone[]>;
}

/**
 * /audio-settings: asks for the microphone, offers the browser's microphones (the choice — id and name — kept in
 * local storage, where /new, the welcome wizard and calibrations read it), shows the chosen one's input level
 * live, and records a 5-second test to play back. A refused permission opens disabledMicrophone.
 */
export function createAudioSettingsMachine(deps: AudioSettingsDeps) {
  return setup({
    types: { context: {} as AudioSettingsContext, events: {} as AudioSettingsEvent },
    actors: {
      ...microphoneActors(deps.listMicrophones),
    },
    actions: {
      announce: announceAction,
      openDisabledMicrophone: ({ self }) =>
        openModal({ id: 'disabledMicrophone', data: { retry: () => self.send({ type: 'settings.enable' }) } }),
      rememberMicrophone: ({ context }) => {
        if (context.microphone) saveMicrophone(deps.storage, context.microphone);
      },
    },
    guards: {
      testDone: ({ context }) => context.elapsed + 1 >= TEST_SECONDS,
    },
  }).createMachine({
    id: 'audioSettings',
    context: { microphones: [], microphone: null, level: 0, elapsed: 0, test: null, error: null },
    initial: 'idle',
    states: {
      idle: { on: { 'settings.enable': 'requesting' } },
      requesting: {
        invoke: {
          src: 'listMicrophones',
          onDone: [
            {
              guard: ({ event }) => event.output.length > 0,
              target: 'ready',
              actions: [
                assign(({ event }) => ({
                  microphones: event.output,
                  microphone: pickMicrophone(event.output, readMicrophone(deps.storage)),
                  error: null,
                })),
                'rememberMicrophone',
              ],
            },
            { target: 'idle', actions: assign({ error: () => t('recorder.error.noMicrophone') }) },
          ],
          onError: [
            { guard: ({ event }) => isPermissionError(event.error), target: 'idle', actions: 'openDisabledMicrophone' },
            {
              target: 'idle',
              actions: assign({ error: ({ event }) => (event.error as Error)?.message || t('recorder.error.generic') }),
            },
          ],
        },
      },
      ready: {
        // The level meter: the chosen microphone is heard (nothing kept) while the page shows it.
        invoke: {
          id: 'monitor',
          src: 'capture',
          input: ({ context }) => ({ deviceId: context.microphone?.id ?? null }),
        },
        on: {
          'capture.level': { actions: assign({ level: ({ event }) => event.level }) },
          'capture.failed': { actions: assign({ error: ({ event }) => event.message }) },
          'settings.selectMicrophone': {
            // Re-entering starts the meter on the new microphone.
            target: 'ready',
            reenter: true,
            actions: [
              assign({
                microphone: ({ context, event }) =>
                  context.microphones.find((m) => m.id === event.id) ?? context.microphone,
                level: 0,
              }),
              'rememberMicrophone',
              {
                type: 'announce',
                params: ({ context }) => ({
                  message: t('audioSettings.saved', { name: context.microphone?.name ?? '' }),
                }),
              },
            ],
          },
          'settings.test': 'testing',
        },
      },
      testing: {
        entry: [
          assign({ elapsed: 0, test: null, error: null }),
          { type: 'announce', params: () => ({ message: t('audioSettings.testStarted') }) },
        ],
        invoke: {
          id: 'test',
          src: 'capture',
          input: ({ context }) => ({ deviceId: context.microphone?.id ?? null }),
        },
        on: {
          'capture.level': { actions: assign({ level: ({ event }) => event.level }) },
          'capture.tick': [
            { guard: 'testDone', actions: [assign({ elapsed: TEST_SECONDS }), sendTo('test', { type: 'stop' })] },
            { actions: assign({ elapsed: ({ context }) => context.elapsed + 1 }) },
          ],
          'capture.done': {
            target: 'ready',
            actions: [
              assign(({ event }) => ({ test: takeOf(event, TEST_SECONDS).wav, level: 0 })),
              { type: 'announce', params: () => ({ message: t('audioSettings.testDone') }) },
            ],
          },
          'capture.failed': {
            target: 'ready',
            actions: [
              assign({ error: ({ event }) => event.message }),
              { type: 'announce', params: ({ event }) => ({ message: event.message, politeness: 'assertive' }) },
            ],
          },
        },
      },
    },
  });
}

export type AudioSettingsActor = ActorRefFrom<ReturnType<typeof createAudioSettingsMachine>>;
