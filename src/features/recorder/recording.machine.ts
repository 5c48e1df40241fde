import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { announceAction } from '../../../design-system/index.ts';
import { t } from '../../i18n/index.ts';
import type { AppStorage } from '../../machines/index.ts';
import type { Recording } from '../../api/index.ts';
import type { Microphone } from '../../shared/recorder/capture.ts';
import { browserCapture, type CaptureEvent } from '../../shared/recorder/capture-actor.ts';
import { captureState, microphoneActors, microphoneStates } from '../../shared/recorder/microphone-states.ts';

export type RecorderEvent =
  | { type: 'recorder.enable' }
  | { type: 'recorder.selectMicrophone'; id: string }
  | { type: 'recorder.record' }
  | { type: 'recorder.stop' }
  | { type: 'recorder.discard' }
  | { type: 'recorder.save'; projectId: string; folderId: string }
  | { type: 'recorder.again' }
  | CaptureEvent;

/** The recording under review: the WAV and its length. */
export interface Take {
  wav: Blob;
  seconds: number;
  sampleRate: number;
}

export interface RecorderContext {
  /** The longest recording the plan allows, in seconds (30 on trial or without a plan, 3600 paid). */
  limitSeconds: number;
  microphones: Microphone[];
  microphone: Microphone | null;
  /** Input level 0-100 for the meter. */
  level: number;
  /** Whole seconds recorded so far. */
  elapsed: number;
  take: Take | null;
  /** Ids of the originals saved from this page. */
  saved: Recording[];
  error: string | null;
}

export interface RecorderInput {
  limitSeconds: number;
}

export interface RecorderDeps {
  storage: AppStorage | null;
  /** The browser's microphones after permission; rejects with a NotAllowedError when refused. */
  listMicrophones?: () => Promise<Microphone[]>;
  /** Uploads the take (POST /api/recordings) and resolves with the new original. */
  save: (input: { take: Take; projectId: string; folderId: string; microphone: string | null }) => Promise<Recording[]>;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t('recorder.error.generic');

/**
 * The recorder of /new (SPEC.md sections 4, 5): asks for the microphone, offers the microphones (the choice is
 * kept in local storage), shows the input level, records 48 kHz mono 16-bit WAV up to the plan's limit with a
 * countdown, then lets the user review the take and save it into a folder (or discard it and record again).
 * A refused permission opens the disabledMicrophone modal.
 */
export { browserCapture, type CaptureEvent };

export function createRecordingMachine(deps: RecorderDeps) {
  return setup({
    types: {
      context: {} as RecorderContext,
      events: {} as RecorderEvent,
      input: {} as RecorderInput,
    },
    actors: {
      ...microphoneActors(deps.listMicrophones),
      save: fromPromise(
        ({ input }: { input: { take: Take; projectId: string; folderId: string; microphone: string | null } }) =>
          deps.save(input),
      ),
    },
    actions: {
      announce: announceAction,
    },
  }).createMachine({
    id: 'recorder',
    context: ({ input }) => ({
      limitSeconds: input.limitSeconds,
      microphones: [],
      microphone: null,
      level: 0,
      elapsed: 0,
      take: null,
      saved: [],
      error: null,
    }),
    initial: 'idle',
    states: {
      idle: {
        on: { 'recorder.enable': 'requesting' },
      },
      ...microphoneStates({
        storage: deps.storage,
        events: { enable: 'recorder.enable', select: 'recorder.selectMicrophone', record: 'recorder.record' },
        genericError: () => t('recorder.error.generic'),
        capture: 'capturing',
      }),
      capturing: captureState<RecorderContext>({
        entry: assign({ take: null }),
        running: 'recording',
        // Never more than the plan allows: the server refuses a longer original.
        maxSeconds: (context) => context.limitSeconds,
        started: ({ context }) => ({ message: t('recorder.recording.announce', { seconds: context.limitSeconds }) }),
        tick: ({ context }) => ({
          message: context.limitSeconds - context.elapsed === 10 ? t('recorder.limit.tenLeft') : '',
        }),
        stopped: ({ context }) => ({ message: t('recorder.limit.reached', { seconds: context.limitSeconds }) }),
        stop: { type: 'recorder.stop' },
        done: { target: '#recorder.review', assign: (take) => ({ take }) },
      }),
      review: {
        entry: {
          type: 'announce',
          params: ({ context }) => ({
            message: t('recorder.review.announce', { seconds: Math.round(context.take?.seconds ?? 0) }),
          }),
        },
        on: {
          'recorder.discard': {
            target: 'ready',
            actions: [
              assign({ take: null }),
              { type: 'announce', params: () => ({ message: t('recorder.discarded') }) },
            ],
          },
          'recorder.save': 'saving',
        },
      },
      saving: {
        entry: assign({ error: null }),
        invoke: {
          src: 'save',
          input: ({ context, event }) => {
            assertEvent(event, 'recorder.save');
            return {
              take: context.take!,
              projectId: event.projectId,
              folderId: event.folderId,
              microphone: context.microphone?.name ?? null,
            };
          },
          onDone: {
            target: 'saved',
            actions: assign({ saved: ({ context, event }) => [...context.saved, ...event.output], take: null }),
          },
          onError: {
            target: 'review',
            actions: [
              assign({ error: ({ event }) => messageOf(event.error) }),
              {
                type: 'announce',
                params: ({ context }) => ({ message: context.error ?? '', politeness: 'assertive' }),
              },
            ],
          },
        },
      },
      saved: {
        entry: { type: 'announce', params: () => ({ message: t('recorder.saved') }) },
        on: { 'recorder.again': 'ready' },
      },
    },
  });
}

export type RecordingMachine = ReturnType<typeof createRecordingMachine>;
export type RecorderActor = ActorRefFrom<RecordingMachine>;
export type RecorderSnapshot = SnapshotFrom<RecordingMachine>;

/** Seconds left before the limit stops the recording. */
export const secondsLeft = (context: Pick<RecorderContext, 'limitSeconds' | 'elapsed'>) =>
  Math.max(0, context.limitSeconds - context.elapsed);
