import {
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { announceAction, progressMilestone } from '../../../../design-system/index.ts';
import type { Calibration } from '../../../api/index.ts';
import { t } from '../../../i18n/index.ts';
import type { AppStorage } from '../../../machines/index.ts';
import type { CaptureEvent } from '../../../shared/recorder/capture-actor.ts';
import type { Microphone } from '../../../shared/recorder/capture.ts';
import { captureState, microphoneActors, microphoneStates } from '../../../shared/recorder/microphone-states.ts';
import {
  calibrationFileProblem,
  MAX_CALIBRATION_SECONDS,
  MICROPHONE_STOP_SECONDS,
  MIN_CALIBRATION_SECONDS,
} from '../calibration-rules.ts';

export type CalibrationSource = 'microphone' | 'upload' | 'auto';

export type CalibrationEvent =
  | { type: 'calibration.choose'; source: CalibrationSource }
  | { type: 'calibration.name'; name: string }
  | { type: 'calibration.enableMicrophone' }
  | { type: 'calibration.selectMicrophone'; id: string }
  | { type: 'calibration.record' }
  | { type: 'calibration.stop' }
  | { type: 'calibration.upload'; file: Blob; fileName: string }
  | { type: 'calibration.auto' }
  | { type: 'calibration.retry' }
  | { type: 'calibration.enable' }
  /** The calibration as the server has it now (from calibration.notification or a fetch). */
  | { type: 'calibration.status'; calibration: Calibration }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; calibration: Calibration }
  | { type: 'upload.failed'; message: string }
  | CaptureEvent;

export interface CalibrationContext {
  source: CalibrationSource;
  /** The new calibration's name. */
  name: string;
  microphones: Microphone[];
  microphone: Microphone | null;
  /** Input level 0-100 for the meter. */
  level: number;
  /** Whole seconds recorded. */
  elapsed: number;
  /** Whole percent uploaded. */
  progress: number;
  calibration: Calibration | null;
  /** The recording on its way to the server. */
  pending: { file: Blob; fileName: string } | null;
  /** What went wrong at the current step. */
  error: string | null;
}

export interface CalibrationInput {
  /** The name offered for a new calibration. */
  name: string;
}

export interface UploadInput {
  file: Blob;
  fileName: string;
  name: string;
  onProgress: (percent: number) => void;
}

export interface CalibrationDeps {
  storage: AppStorage | null;
  /** The browser's microphones after permission; rejects with a NotAllowedError when refused. */
  listMicrophones?: () => Promise<Microphone[]>;
  /** How long an audio file lasts, in seconds (NaN when it cannot be told before uploading). */
  measure?: (file: Blob) => Promise<number>;
  /** POST /api/v3/calibration: resolves with the new calibration (processing). */
  upload: (input: UploadInput) => Promise<Calibration>;
  /** POST /api/v3/calibration/auto. */
  auto: (name: string) => Promise<Calibration>;
  /** PUT /api/v3/calibration/{id}/enable. */
  enable: (id: string) => Promise<Calibration>;
  /**
   * Follows one calibration until its analysis ends: calls `onUpdate` with it each time the server says it
   * changed (calibration.notification, or a fetch after missed events). Returns the function that stops.
   */
  watch: (id: string, onUpdate: (calibration: Calibration) => void) => () => void;
}

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t('calibrations.error.generic');

/**
 * The calibration statechart of /calibrations/create (SPEC.md sections 3-5): choose a source (the microphone,
 * an uploaded file, or the user's own originals) → recording (live level and elapsed time; at least 30 s, and
 * it stops itself at 60 s) → uploading (progress, announced at milestones) → processing (live, from
 * calibration.notification) → calibrated (then it can be enabled) | failed (retry). A refused microphone opens
 * the disabledMicrophone modal; a file too short, too long or not audio is refused at the step.
 */
export function createCalibrationMachine(deps: CalibrationDeps) {
  return setup({
    types: {
      context: {} as CalibrationContext,
      events: {} as CalibrationEvent,
      input: {} as CalibrationInput,
    },
    actors: {
      ...microphoneActors(deps.listMicrophones),
      check: fromPromise(async ({ input }: { input: { file: Blob; fileName: string } }) => {
        const seconds = deps.measure ? await deps.measure(input.file).catch(() => Number.NaN) : Number.NaN;
        const problem = calibrationFileProblem(input.file, input.fileName, seconds);
        if (problem) throw new Error(problem);
        return input;
      }),
      upload: fromCallback<EventObject, { file: Blob; fileName: string; name: string }, CalibrationEvent>(
        ({ input, sendBack }) => {
          let live = true;
          deps
            .upload({ ...input, onProgress: (percent) => live && sendBack({ type: 'upload.progress', percent }) })
            .then(
              (calibration) => live && sendBack({ type: 'upload.done', calibration }),
              (error: unknown) => live && sendBack({ type: 'upload.failed', message: messageOf(error) }),
            );
          return () => {
            live = false;
          };
        },
      ),
      auto: fromPromise(({ input }: { input: { name: string } }) => deps.auto(input.name)),
      enable: fromPromise(({ input }: { input: { id: string } }) => deps.enable(input.id)),
      watch: fromCallback<EventObject, { id: string }, CalibrationEvent>(({ input, sendBack }) =>
        deps.watch(input.id, (calibration) => sendBack({ type: 'calibration.status', calibration })),
      ),
    },
    actions: {
      announce: announceAction,
    },
    guards: {
      isCalibrated: ({ event }) => event.type === 'calibration.status' && event.calibration.status === 'calibrated',
      isFailed: ({ event }) => event.type === 'calibration.status' && event.calibration.status === 'error',
    },
  }).createMachine({
    id: 'calibration',
    context: ({ input }) => ({
      source: 'microphone',
      name: input.name,
      microphones: [],
      microphone: null,
      level: 0,
      elapsed: 0,
      progress: 0,
      calibration: null,
      pending: null,
      error: null,
    }),
    initial: 'choosing',
    on: {
      'calibration.name': { actions: assign({ name: ({ event }) => event.name }) },
    },
    states: {
      choosing: {
        on: {
          'calibration.choose': {
            actions: [
              assign({ source: ({ event }) => event.source, error: null }),
              {
                type: 'announce',
                params: ({ event }) => ({ message: t(`calibrations.source.${event.source}.chosen`) }),
              },
            ],
          },
          'calibration.enableMicrophone': { target: 'microphone', actions: assign({ source: 'microphone' }) },
          'calibration.upload': { target: 'checking', actions: assign({ source: 'upload', error: null }) },
          'calibration.auto': { target: 'creatingAuto', actions: assign({ source: 'auto', error: null }) },
        },
      },
      microphone: {
        initial: 'requesting',
        on: {
          'calibration.choose': {
            target: 'choosing',
            actions: assign({ source: ({ event }) => event.source, error: null, level: 0 }),
          },
        },
        states: {
          ...microphoneStates({
            storage: deps.storage,
            events: {
              enable: 'calibration.enableMicrophone',
              select: 'calibration.selectMicrophone',
              record: 'calibration.record',
            },
            genericError: () => t('calibrations.error.generic'),
            capture: 'recording',
          }),
          recording: captureState<CalibrationContext>({
            running: 'running',
            // Never past the microphone's stop: the take is 60 s at most.
            maxSeconds: () => MICROPHONE_STOP_SECONDS,
            started: () => ({
              message: t('calibrations.record.started', { min: MIN_CALIBRATION_SECONDS, max: MICROPHONE_STOP_SECONDS }),
            }),
            tick: ({ context }) => ({
              message:
                context.elapsed === MIN_CALIBRATION_SECONDS
                  ? t('calibrations.record.enough', { seconds: MIN_CALIBRATION_SECONDS })
                  : '',
            }),
            stopped: () => ({ message: t('calibrations.record.stopped', { seconds: MICROPHONE_STOP_SECONDS }) }),
            stop: {
              type: 'calibration.stop',
              guard: ({ context }) => context.elapsed >= MIN_CALIBRATION_SECONDS,
              refused: [
                assign({ error: () => t('calibrations.error.tooShort', { seconds: MIN_CALIBRATION_SECONDS }) }),
                {
                  type: 'announce',
                  params: ({ context }: { context: CalibrationContext }) => ({
                    message: context.error ?? '',
                    politeness: 'assertive',
                  }),
                },
              ],
            },
            done: {
              target: '#calibration.uploading',
              assign: (take) => {
                const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
                return { error: null, pending: { file: take.wav, fileName: `Calibration ${stamp}.wav` } };
              },
            },
          }),
        },
      },
      checking: {
        invoke: {
          id: 'check',
          src: 'check',
          input: ({ event }) => {
            assertEvent(event, 'calibration.upload');
            return { file: event.file, fileName: event.fileName };
          },
          onDone: { target: 'uploading', actions: assign({ pending: ({ event }) => event.output }) },
          onError: {
            target: 'choosing',
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
      uploading: {
        entry: [
          assign({ progress: 0, error: null }),
          { type: 'announce', params: () => ({ message: t('calibrations.upload.started') }) },
        ],
        invoke: {
          src: 'upload',
          input: ({ context }) => ({ ...context.pending!, name: context.name }),
        },
        on: {
          'upload.progress': {
            actions: [
              {
                type: 'announce',
                params: ({ context, event }) => {
                  const milestone = progressMilestone(context.progress, event.percent);
                  return {
                    message:
                      milestone && milestone !== 'start' && milestone !== 'done'
                        ? t('calibrations.upload.milestone', { percent: Number(milestone) })
                        : '',
                  };
                },
              },
              assign({ progress: ({ event }) => event.percent }),
            ],
          },
          'upload.done': {
            target: 'processing',
            actions: assign({ calibration: ({ event }) => event.calibration, progress: 100, pending: null }),
          },
          'upload.failed': {
            target: 'failed',
            actions: assign({ error: ({ event }) => event.message }),
          },
        },
      },
      creatingAuto: {
        invoke: {
          src: 'auto',
          input: ({ context }) => ({ name: context.name }),
          onDone: { target: 'processing', actions: assign({ calibration: ({ event }) => event.output }) },
          onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
        },
      },
      processing: {
        entry: {
          type: 'announce',
          params: ({ context }) => ({
            message: t('calibrations.processing', { name: context.calibration?.name ?? '' }),
          }),
        },
        invoke: { src: 'watch', input: ({ context }) => ({ id: context.calibration!.id }) },
        on: {
          'calibration.status': [
            {
              guard: 'isCalibrated',
              target: 'calibrated',
              actions: assign({ calibration: ({ event }) => event.calibration }),
            },
            {
              guard: 'isFailed',
              target: 'failed',
              actions: assign({
                calibration: ({ event }) => event.calibration,
                error: () => t('calibrations.error.analysis'),
              }),
            },
            { actions: assign({ calibration: ({ event }) => event.calibration }) },
          ],
        },
      },
      calibrated: {
        entry: {
          type: 'announce',
          params: ({ context }) => ({
            message: t('calibrations.calibrated', { name: context.calibration?.name ?? '' }),
          }),
        },
        on: { 'calibration.enable': { guard: ({ context }) => !context.calibration?.enabled, target: 'enabling' } },
      },
      enabling: {
        invoke: {
          src: 'enable',
          input: ({ context }) => ({ id: context.calibration!.id }),
          onDone: {
            target: 'enabled',
            actions: assign({ calibration: ({ event }) => event.output, error: null }),
          },
          onError: {
            target: 'calibrated',
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
      enabled: {
        type: 'final',
        entry: {
          type: 'announce',
          params: ({ context }) => ({ message: t('calibrations.enabled', { name: context.calibration?.name ?? '' }) }),
        },
      },
      failed: {
        entry: {
          type: 'announce',
          params: ({ context }) => ({
            message: t('calibrations.failed', { reason: context.error ?? '' }),
            politeness: 'assertive',
          }),
        },
        on: {
          'calibration.retry': {
            target: 'choosing',
            actions: assign({ calibration: null, progress: 0, elapsed: 0, error: null }),
          },
        },
      },
    },
  });
}

export type CalibrationMachine = ReturnType<typeof createCalibrationMachine>;
export type CalibrationActor = ActorRefFrom<CalibrationMachine>;
export type CalibrationSnapshot = SnapshotFrom<CalibrationMachine>;

export { MAX_CALIBRATION_SECONDS, MICROPHONE_STOP_SECONDS, MIN_CALIBRATION_SECONDS };
