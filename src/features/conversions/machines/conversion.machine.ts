import { assertEvent, assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { announceAction, progressMilestone } from '../../../../design-system/index.ts';
import { t, type MessageId } from '../../../i18n/index.ts';
import type { Recording, RecordingState } from '../api/conversions-api.ts';
import { estimateSecondsLeft, stageProgress } from '../../../shared/process-stage.ts';

/** SPEC.md section 4: how a conversion's state is shown. */
export type ConversionDisplay = 'in_progress' | 'completed' | 'failed' | 'cancelled';

export function displayOf(state: RecordingState): ConversionDisplay {
  switch (state) {
    case 'done':
      return 'completed';
    case 'error':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'in_progress';
  }
}

/** Progress of a recording in a given state: queued is 0 %, done 100 %, otherwise from process_stage. */
export function progressOf(state: RecordingState, stage: string | null | undefined): number {
  if (state === 'queued') return 0;
  if (state === 'done') return 100;
  if (state === 'processing' || state === 'postprocessing') return stage == null ? 0 : stageProgress(stage);
  return 0;
}

export type ConversionEvent =
  /** conversion.processing from the socket. */
  | { type: 'conversion.progress'; state: RecordingState; processStage: string | null; etaSeconds: number | null }
  /** conversion.finished from the socket, or the recording as fetched again. */
  | { type: 'conversion.finished'; recording: Recording }
  | { type: 'conversion.refresh'; recording: Recording }
  /** A local redo (retry) of a failed or cancelled conversion: shown as processing at once. */
  | { type: 'conversion.redo' }
  | { type: 'conversion.cancel' };

export interface ConversionContext {
  recording: Recording;
  /** 0–100. */
  progress: number;
  /** The progress last announced (milestones), null before the first. */
  announced: number | null;
  etaSeconds: number | null;
  /** When this run started (ms), for the ETA when the server gives none. */
  startedAt: number;
  /** Why the last redo or cancel failed. */
  actionError: string | null;
  /**
   * The end last said (done or failed), so a conversion fetched already finished, or fetched again after a
   * gap, is not announced once more; a redo forgets it.
   */
  told: 'done' | 'failed' | null;
  /**
   * Cancelled by this actor: cancelling deletes a conversion on the server, so its retry has to order it
   * again, and a list fetched again keeps showing it (cancelled) though the server no longer has it. A
   * successful retry forgets it.
   */
  cancelledHere: boolean;
}

/** What a retry knows of the conversion: as shown, and whether it was cancelled here. */
export interface RetryRequest {
  recording: Recording;
  cancelledHere: boolean;
}

export interface ConversionDeps {
  /** Queues the conversion `id` again; answers the conversion now followed (a new one when ordered again). */
  retry: (id: string, request: RetryRequest) => Promise<Recording>;
  cancel: (id: string) => Promise<void>;
  now?: () => number;
}

const voiceOf = (recording: Recording) => recording.voice_name ?? recording.label ?? '';
const say = (id: MessageId, recording: Recording, values: Record<string, string | number> = {}) =>
  t(id, { voice: voiceOf(recording), ...values });

/** ApiError's message is the server's detail. */
function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One conversion's status (SPEC.md section 4): processing and postprocessing (shown in progress), done
 * (completed), error (failed) and cancelled, with live progress from process_stage, an ETA, redo and
 * cancel. Progress is announced at its milestones (start, quartiles, done) and a failure once.
 */
export function createConversionMachine({ retry, cancel, now = Date.now }: ConversionDeps) {
  return setup({
    types: {
      context: {} as ConversionContext,
      events: {} as ConversionEvent,
      input: {} as { recording: Recording },
    },
    actors: {
      retry: fromPromise<Recording, RetryRequest>(({ input }) => retry(input.recording.id, input)),
      cancel: fromPromise<void, string>(({ input }) => cancel(input)),
    },
    actions: {
      announce: announceAction,
      track: assign(({ context, event }) => {
        assertEvent(event, 'conversion.progress');
        const progress = progressOf(event.state, event.processStage);
        return {
          recording: { ...context.recording, state: event.state, process_stage: event.processStage },
          progress,
          etaSeconds: estimateSecondsLeft({
            progress,
            elapsedSeconds: (now() - context.startedAt) / 1000,
            serverEta: event.etaSeconds,
          }),
        };
      }),
      sayMilestone: enqueueActions(({ context, enqueue }) => {
        const milestone = progressMilestone(context.announced, context.progress);
        // 'done' is said by the done state, once the conversion is really there.
        if (!milestone || milestone === 'done') return;
        const message =
          milestone === 'start'
            ? say('conversions.announce.start', context.recording)
            : say('conversions.announce.progress', context.recording, { percent: Number(milestone) });
        enqueue({ type: 'announce', params: { message } });
        enqueue.assign({ announced: context.progress });
      }),
      take: assign(({ context, event }) => {
        assertEvent(event, ['conversion.finished', 'conversion.refresh']);
        const { recording } = event;
        const taken = { recording, progress: progressOf(recording.state, recording.process_stage) };
        // Queued again elsewhere (What went wrong? → Retry): a new run, whose start and end are news again.
        const wasOver = ['error', 'cancelled', 'done'].includes(context.recording.state);
        const isOver = ['error', 'cancelled', 'done'].includes(recording.state);
        if (!wasOver || isOver) return taken;
        return { ...taken, announced: null, etaSeconds: null, startedAt: now(), actionError: null, told: null };
      }),
      restart: assign(({ context }) => ({
        recording: { ...context.recording, state: 'processing' as const, process_stage: '0', error: null },
        progress: 0,
        announced: null,
        etaSeconds: null,
        startedAt: now(),
        actionError: null,
        told: null,
      })),
      sayDone: enqueueActions(({ context, enqueue }) => {
        if (context.told === 'done') return;
        enqueue({ type: 'announce', params: { message: say('conversions.announce.done', context.recording) } });
        enqueue.assign({ told: 'done' as const });
      }),
      sayFailed: enqueueActions(({ context, enqueue }) => {
        if (context.told === 'failed') return;
        enqueue({
          type: 'announce',
          params: {
            message: say('conversions.announce.failed', context.recording, { reason: context.recording.error ?? '' }),
            politeness: 'assertive',
          },
        });
        enqueue.assign({ told: 'failed' as const });
      }),
    },
    guards: {
      isDone: ({ context }) => context.recording.state === 'done',
      isFailed: ({ context }) => context.recording.state === 'error',
      isCancelled: ({ context }) => context.recording.state === 'cancelled',
      isPost: ({ context }) => context.recording.state === 'postprocessing',
      toPost: ({ event }) => {
        assertEvent(event, 'conversion.progress');
        return event.state === 'postprocessing';
      },
    },
  }).createMachine({
    id: 'conversion',
    context: ({ input }) => ({
      recording: input.recording,
      progress: progressOf(input.recording.state, input.recording.process_stage),
      announced: null,
      etaSeconds: null,
      startedAt: now(),
      actionError: null,
      // What was already over when it was fetched is not news.
      told: input.recording.state === 'done' ? 'done' : input.recording.state === 'error' ? 'failed' : null,
      cancelledHere: false,
    }),
    initial: 'routing',
    states: {
      routing: {
        always: [
          { guard: 'isDone', target: 'done' },
          { guard: 'isFailed', target: 'error' },
          { guard: 'isCancelled', target: 'cancelled' },
          { guard: 'isPost', target: 'working.postprocessing' },
          { target: 'working.processing' },
        ],
      },
      working: {
        initial: 'processing',
        on: {
          'conversion.finished': { target: 'routing', actions: 'take' },
          'conversion.refresh': { target: 'routing', actions: 'take' },
          'conversion.cancel': 'cancelling',
        },
        states: {
          processing: {
            on: {
              'conversion.progress': [
                { guard: 'toPost', target: 'postprocessing', actions: ['track', 'sayMilestone'] },
                { actions: ['track', 'sayMilestone'] },
              ],
            },
          },
          postprocessing: {
            on: { 'conversion.progress': { actions: ['track', 'sayMilestone'] } },
          },
        },
      },
      cancelling: {
        invoke: {
          src: 'cancel',
          input: ({ context }) => context.recording.id,
          onDone: {
            target: 'cancelled',
            actions: [
              assign(({ context }) => ({
                recording: { ...context.recording, state: 'cancelled' as const },
                cancelledHere: true,
              })),
              {
                type: 'announce',
                params: ({ context }) => ({ message: say('conversions.announce.cancelled', context.recording) }),
              },
            ],
          },
          onError: {
            target: 'routing',
            actions: [
              assign(({ event }) => ({ actionError: errorText(event.error) })),
              {
                type: 'announce',
                params: ({ event }) => ({ message: errorText(event.error), politeness: 'assertive' as const }),
              },
            ],
          },
        },
      },
      done: {
        entry: [assign({ progress: 100, etaSeconds: 0 }), 'sayDone'],
        on: { 'conversion.refresh': { target: 'routing', actions: 'take' } },
      },
      error: {
        entry: 'sayFailed',
        on: {
          'conversion.redo': 'retrying',
          'conversion.refresh': { target: 'routing', actions: 'take' },
        },
      },
      cancelled: {
        on: {
          'conversion.redo': 'retrying',
          'conversion.refresh': { target: 'routing', actions: 'take' },
        },
      },
      // SPEC.md section 4: a local redo sets processing at once, before the server answers.
      retrying: {
        entry: 'restart',
        invoke: {
          src: 'retry',
          input: ({ context }) => ({ recording: context.recording, cancelledHere: context.cancelledHere }),
          onDone: {
            target: 'working.processing',
            actions: assign(({ event }) => ({ recording: event.output, cancelledHere: false })),
          },
          onError: {
            target: 'error',
            actions: assign(({ context, event }) => ({
              actionError: errorText(event.error),
              recording: { ...context.recording, state: 'error' as const, error: errorText(event.error) },
            })),
          },
        },
        on: {
          'conversion.progress': { actions: ['track', 'sayMilestone'] },
          'conversion.finished': { target: 'routing', actions: 'take' },
        },
      },
    },
  });
}

export type ConversionMachine = ReturnType<typeof createConversionMachine>;
export type ConversionActor = ActorRefFrom<ConversionMachine>;
export type ConversionSnapshot = SnapshotFrom<ConversionMachine>;

/** How the snapshot is shown: in_progress while working, cancelling or retrying. */
export function conversionDisplay(snapshot: ConversionSnapshot): ConversionDisplay {
  if (snapshot.matches('done')) return 'completed';
  if (snapshot.matches('error')) return 'failed';
  if (snapshot.matches('cancelled')) return 'cancelled';
  return 'in_progress';
}
