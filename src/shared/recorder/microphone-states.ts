import { assign, fromPromise, sendTo, type AnyEventObject, type ProvidedActor } from 'xstate';
import type { AnnounceParams } from '../../../design-system/index.ts';
import { t } from '../../i18n/index.ts';
import { pickMicrophone, readMicrophone, saveMicrophone, type AppStorage } from '../../machines/index.ts';
import { openModal } from '../modals/index.ts';
import { browserCapture, type CaptureEvent } from './capture-actor.ts';
import { requestMicrophones, type Microphone } from './capture.ts';
import { encodeWav } from './wav.ts';

// The microphone part of a statechart that records (the recorder of /new, the calibration of
// /calibrations/create): ask for the microphone, offer the microphones, capture a take of limited length.
// A machine spreads these states into its own and keeps the actors under the names they invoke
// (`listMicrophones`, `capture`, which tests swap) and an `announce` action (design-system's announceAction).
//
// The configs are built outside the machine's `setup()`, so XState cannot type them against it: they are
// typed here against `MicrophoneContext` and the events' shapes, and handed over as `any` at the end, once.

/** What a recording machine's context holds for the microphone. */
export interface MicrophoneContext {
  microphones: Microphone[];
  microphone: Microphone | null;
  /** Input level 0-100 for the meter. */
  level: number;
  /** Whole seconds recorded so far. */
  elapsed: number;
  error: string | null;
}

/** The machine's own names for the user's three microphone events. */
export interface MicrophoneEventTypes {
  /** Ask for the microphone (again, after a refusal). */
  enable: string;
  /** Choose a microphone by id (`{ type, id }`). */
  select: string;
  /** Start recording. */
  record: string;
}

type Args<TContext, TEvent = AnyEventObject> = {
  context: TContext;
  event: TEvent;
  self: { send: (event: AnyEventObject) => void };
};
type Announce<TContext, TEvent = AnyEventObject> = (args: Args<TContext, TEvent>) => AnnounceParams;
// What the machine's config is handed: XState checks it there only as far as `any` lets it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
type Done = Extract<CaptureEvent, { type: 'capture.done' }>;

/** The machine's `announce` action (design-system's announceAction) with these parameters. */
const announce = <TContext, TEvent = AnyEventObject>(params: Announce<TContext, TEvent>) => ({
  type: 'announce',
  params,
});

/** XState's `assign`, for the event of the shape the transition it sits on receives. */
const set = <TEvent extends object = AnyEventObject>(
  assignment: (args: { context: MicrophoneContext; event: TEvent }) => Partial<MicrophoneContext>,
) =>
  assign<MicrophoneContext, AnyEventObject & TEvent, undefined, AnyEventObject, ProvidedActor>(({ context, event }) =>
    assignment({ context, event }),
  );

/** A refusal of the permission (the browser's NotAllowedError, or SecurityError on an insecure page). */
export const isPermissionError = (error: unknown) => {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NotAllowedError' || name === 'SecurityError';
};

/** The actors the microphone states invoke: the machine registers them under these names. */
export const microphoneActors = (listMicrophones?: () => Promise<Microphone[]>) => ({
  listMicrophones: fromPromise(() => (listMicrophones ?? requestMicrophones)()),
  capture: browserCapture,
});

/**
 * requesting → ready | denied (the disabledMicrophone modal, whose OK asks again) | unavailable; ready offers the
 * microphones (the choice kept in storage, announced) and goes to `capture` on `events.record` when one is chosen.
 * `genericError` is what to say when listing fails without a message of its own.
 */
export function microphoneStates(options: {
  storage: AppStorage | null;
  events: MicrophoneEventTypes;
  genericError: () => string;
  capture: string;
}) {
  const { storage, events, genericError, capture } = options;
  const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : genericError());
  const rememberMicrophone = ({ context }: Args<MicrophoneContext>) => {
    if (context.microphone) saveMicrophone(storage, context.microphone);
  };
  const openDisabledMicrophone = ({ self }: Args<MicrophoneContext>) =>
    openModal({ id: 'disabledMicrophone', data: { retry: () => self.send({ type: events.enable }) } });
  const askAgain = { [events.enable]: 'requesting' };
  const states = {
    requesting: {
      invoke: {
        src: 'listMicrophones',
        onDone: [
          {
            guard: ({ event }: Args<MicrophoneContext, { output: Microphone[] }>) => event.output.length > 0,
            target: 'ready',
            actions: set<{ output: Microphone[] }>(({ event }) => ({
              microphones: event.output,
              microphone: pickMicrophone(event.output, readMicrophone(storage)),
              error: null,
            })),
          },
          { target: 'unavailable', actions: set(() => ({ error: t('recorder.error.noMicrophone') })) },
        ],
        onError: [
          {
            guard: ({ event }: Args<MicrophoneContext, { error: unknown }>) => isPermissionError(event.error),
            target: 'denied',
          },
          {
            target: 'unavailable',
            actions: set<{ error: unknown }>(({ event }) => ({ error: messageOf(event.error) })),
          },
        ],
      },
    },
    denied: {
      entry: [
        openDisabledMicrophone,
        announce(() => ({ message: t('recorder.denied.announce'), politeness: 'assertive' })),
      ],
      on: askAgain,
    },
    unavailable: {
      // Every way here sets the error.
      entry: announce<MicrophoneContext>(({ context }) => ({ message: context.error ?? '', politeness: 'assertive' })),
      on: askAgain,
    },
    ready: {
      on: {
        [events.select]: {
          actions: [
            set<{ id: string }>(({ context, event }) => ({
              microphone: context.microphones.find((m) => m.id === event.id) ?? context.microphone,
            })),
            rememberMicrophone,
            announce<MicrophoneContext>(({ context }) => ({
              message: t('recorder.microphone.chosen', { name: context.microphone?.name ?? '' }),
            })),
          ],
        },
        [events.record]: {
          guard: ({ context }: Args<MicrophoneContext>) => context.microphone !== null,
          target: capture,
        },
      },
    },
  };
  return states as { [K in keyof typeof states]: Loose };
}

/** A take's samples cut to `maxSeconds` (the most the server takes), as a WAV. */
export function takeOf(event: Done, maxSeconds: number) {
  const max = Math.floor(maxSeconds * event.sampleRate);
  const samples = event.samples.length > max ? event.samples.subarray(0, max) : event.samples;
  return {
    wav: new Blob([encodeWav(samples, event.sampleRate)], { type: 'audio/wav' }),
    seconds: samples.length / event.sampleRate,
    sampleRate: event.sampleRate,
  };
}

/**
 * The capture state: the `capture` actor (the chosen microphone) runs while it lasts; its level feeds the meter and
 * a failure goes back to `ready` with the error said aloud. Inside, `running` counts the seconds up to
 * `maxSeconds` (then stops by itself) and takes the user's stop; `stopping` asks the actor for the samples, and
 * the take (cut to `maxSeconds`) goes to `done.target`.
 */
export function captureState<TContext extends MicrophoneContext>(options: {
  /** The name of the inner state that records, as the screens and tests match it. */
  running: string;
  /** The most a take may last, in seconds. */
  maxSeconds: (context: TContext) => number;
  /** Said when recording starts. */
  started: Announce<TContext>;
  /** Said at each second, once counted (an empty message says nothing). */
  tick: Announce<TContext>;
  /** Said when the take reaches `maxSeconds` and stops by itself. */
  stopped: Announce<TContext>;
  /** The user's stop: its event type; with a guard, only when it holds, else the `refused` actions run. */
  stop: { type: string; guard?: (args: Args<TContext>) => boolean; refused?: Loose };
  /** Where the take goes, and what the context keeps of it. */
  done: { target: string; assign: (take: ReturnType<typeof takeOf>) => Partial<TContext> };
  /** Run on entry, after the counters and the error are reset. */
  entry?: Loose;
}) {
  const { running, started, tick, stopped, stop, done } = options;
  const maxSeconds = (context: MicrophoneContext) => options.maxSeconds(context as TContext);
  const reset = set(() => ({ elapsed: 0, level: 0, error: null }));
  const state = {
    entry: options.entry ? [reset, options.entry] : reset,
    invoke: {
      id: 'capture',
      src: 'capture',
      input: ({ context }: Args<MicrophoneContext>) => ({ deviceId: context.microphone?.id ?? null }),
    },
    on: {
      'capture.level': { actions: set<{ level: number }>(({ event }) => ({ level: event.level })) },
      'capture.failed': {
        target: 'ready',
        actions: [
          set<{ message: string }>(({ event }) => ({ error: event.message, level: 0 })),
          announce<MicrophoneContext, { message: string }>(({ event }) => ({
            message: event.message,
            politeness: 'assertive',
          })),
        ],
      },
    },
    initial: running,
    states: {
      [running]: {
        entry: announce(started),
        on: {
          'capture.tick': [
            {
              guard: ({ context }: Args<MicrophoneContext>) => context.elapsed + 1 >= maxSeconds(context),
              target: 'stopping',
              actions: [set(({ context }) => ({ elapsed: maxSeconds(context) })), announce(stopped)],
            },
            { actions: [set(({ context }) => ({ elapsed: context.elapsed + 1 })), announce(tick)] },
          ],
          [stop.type]: stop.guard ? [{ guard: stop.guard, target: 'stopping' }, { actions: stop.refused }] : 'stopping',
        },
      },
      stopping: {
        entry: sendTo('capture', { type: 'stop' }),
        on: {
          'capture.done': {
            target: done.target,
            actions: set<Done>(({ context, event }) => ({
              level: 0,
              ...(done.assign(takeOf(event, maxSeconds(context))) as Partial<MicrophoneContext>),
            })),
          },
        },
      },
    },
  };
  return state as Loose;
}
