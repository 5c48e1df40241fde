import {
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { announceAction, progressMilestone } from '../../../design-system/index.ts';
import type { ApiClients, LiveEvent } from '../../api/index.ts';
import { t } from '../../i18n/index.ts';
import { failureMessage, onLiveEvents, UserFacingError } from '../../machines/index.ts';
import { acceptTermsBeforeOrder } from '../../shared/terms-gate.ts';
import {
  createTtsOriginal,
  ensureTrial,
  ensureWorkspace,
  getRecording,
  listWizardConversions,
  listWizardVoices,
  orderWizardConversions,
  retryConversion,
  updateDemoWizard,
  updateDomainInfo,
  uploadOriginal,
  type Recording,
  type User,
  type WizardStep,
  type WizardVoice,
  type Workspace,
} from './api/welcome-api.ts';
import {
  allSettled,
  applyFetched,
  applyLiveEvents,
  itemsOfOrder,
  overallProgress,
  type WizardItem,
} from './wizard-items.ts';

/** SPEC.md section 9: the wizard's conversion is at most 60 s. */
export const WIZARD_MAX_SECONDS = 60;

export interface WelcomeInput {
  /** The step the user reached before (data.demo_wizard.step), to resume there. */
  step?: WizardStep | null;
  /**
   * Whether the conversion steps (create, proccesing, conversions) are live; without them the wizard finishes
   * after the profession step.
   * @default false
   */
  conversionsLive?: boolean;
}

export interface WelcomeContext {
  conversionsLive: boolean;
  resumeAt: WizardStep | null;
  /** The last call's failure, shown at the step it failed on. */
  error: string | null;
  /** The user as the last call answered. */
  user: User | null;
  /** The project and folder the wizard's original goes to. */
  workspace: Workspace | null;
  /** The voices the wizard converts into. */
  voices: WizardVoice[];
  /**
   * The profession form's answer, for the call that saves it. What the user submits is kept here rather than
   * read from the submit event: a failed skip returns to the very sub-step (deep history), which starts its
   * call again without that event.
   */
  answer: { profession: string; industry: string } | null;
  /** The create step's text to speak (TTS), for the call that makes it the original. */
  text: string | null;
  /** The create step's recorded or picked audio, for the upload that makes it the original. */
  audio: { file: Blob; fileName: string } | null;
  /** The original the user made in the create step. */
  original: Recording | null;
  /** One item per ordered conversion (processing, error, done, skip). */
  items: WizardItem[];
  /** The item being ordered again. */
  retryId: string | null;
}

export type WelcomeEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submitProfession'; profession: string; industry: string }
  /** Create step: speak this text (TTS). */
  | { type: 'wizard.submitText'; text: string }
  /** Create step: this recorded or picked audio is the original. */
  | { type: 'wizard.submitFile'; file: Blob; fileName: string }
  /** Try the failed call of the current step again. */
  | { type: 'wizard.retry' }
  /** Order a failed conversion again. */
  | { type: 'wizard.retryItem'; id: string }
  /** Leave a failed conversion out. */
  | { type: 'wizard.skipItem'; id: string }
  /** A batch of live events (from the followConversions actor). */
  | { type: 'wizard.live'; events: LiveEvent[] }
  /** The conversions as fetched after a gap in the live events. */
  | { type: 'wizard.synced'; recordings: Recording[] }
  | { type: 'wizard.finish' }
  | { type: 'wizard.skip' };

export interface WelcomeDeps {
  api: ApiClients;
  /**
   * How often to ask whether a queued original (TTS) is done, besides the live events.
   * @default 2000
   */
  pollMs?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

/** The `failed` action with the error of the call that failed, for an invoke's onError. */
const failedCall = {
  type: 'failed',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/** What changed between two item lists, said aloud: each item done or failed, the order's milestones. */
function liveAnnouncements(before: readonly WizardItem[], after: readonly WizardItem[]): string[] {
  const messages: string[] = [];
  for (const item of after) {
    const was = before.find((b) => b.id === item.id);
    if (!was || was.status === item.status) continue;
    if (item.status === 'done') messages.push(t('welcome.processing.itemDone', { voice: item.voiceName }));
    if (item.status === 'error') messages.push(t('welcome.processing.itemFailed', { voice: item.voiceName }));
  }
  const milestone = progressMilestone(overallProgress(before), overallProgress(after));
  if (milestone === '25' || milestone === '50' || milestone === '75')
    messages.push(t('welcome.processing.progress', { percent: Number(milestone) }));
  return messages;
}

/**
 * The welcome wizard (SPEC.md section 2 "Welcome wizard steps"): intro, profession, create, proccesing (spelled
 * so), conversions. The profession step sends PUT /api/v3/domain-info. The create step starts the free trial for a user
 * without a plan, finds (or makes) a "Welcome" project and folder and takes a text to speak (TTS) or audio of at most 60 s as the original; the
 * proccesing step orders its conversions into the wizard's voices and follows them live, each item
 * processing, error (retry or skip), done or skip; the conversions step plays them. Finishing sends
 * `{completed, ignoreWizard}` and skipping `{skipped, ignoreWizard}` to PUT /api/v3/demo-wizard, which lets the
 * user onto the guarded routes. The machine ends in `done` with the updated user as output.
 */
export function createWelcomeMachine({ api, pollMs = 2000 }: WelcomeDeps) {
  return setup({
    types: {
      context: {} as WelcomeContext,
      events: {} as WelcomeEvent,
      input: {} as WelcomeInput,
      output: {} as User | null,
    },
    actors: {
      saveProfession: fromPromise(({ input }: { input: { profession: string; industry: string } }) =>
        updateDomainInfo(api, input.profession, input.industry),
      ),
      prepare: fromPromise(async ({ input }: { input: { user: User | null } }) => {
        const [user, workspace, voices] = await Promise.all([
          ensureTrial(api, input.user),
          ensureWorkspace(api),
          listWizardVoices(api),
        ]);
        if (voices.length === 0) throw new Error(t('welcome.create.noVoices'));
        return { user, workspace, voices };
      }),
      createTts: fromPromise(({ input }: { input: Workspace & { text: string; voiceId: string } }) =>
        createTtsOriginal(api, input),
      ),
      upload: fromPromise(({ input }: { input: Workspace & { file: Blob; fileName: string } }) =>
        uploadOriginal(api, { ...input, maxSeconds: WIZARD_MAX_SECONDS }),
      ),
      waitForOriginal: fromPromise(async ({ input, signal }: { input: { id: string }; signal: AbortSignal }) => {
        for (;;) {
          await sleep(pollMs, signal);
          const recording = await getRecording(api, input.id);
          if (recording.state === 'done') return recording;
          if (recording.state === 'error' || recording.state === 'cancelled')
            throw new Error(recording.error ?? t('welcome.processing.originalFailed'));
        }
      }),
      // Before the account's first conversion the acceptable use policy is accepted, once; declined, the step
      // says so and offers to try again.
      order: fromPromise(
        async ({ input }: { input: { originalId: string; voices: WizardVoice[]; user: User | null } }) => {
          if (!(await acceptTermsBeforeOrder(input.user)))
            throw new UserFacingError(t('conversions.order.termsDeclined'));
          return orderWizardConversions(api, input.originalId, input.voices);
        },
      ),
      retryItem: fromPromise(({ input }: { input: { id: string } }) => retryConversion(api, input.id)),
      followConversions: fromCallback<WelcomeEvent, { originalId: string }>(({ sendBack, input }) =>
        onLiveEvents((events, { gap }) => {
          sendBack({ type: 'wizard.live', events });
          if (gap)
            void listWizardConversions(api, input.originalId).then(
              (recordings) => sendBack({ type: 'wizard.synced', recordings }),
              () => undefined,
            );
        }),
      ),
      finishWizard: fromPromise(({ input }: { input: { step: WizardStep } }) =>
        updateDemoWizard(api, { completed: true, ignoreWizard: true, step: input.step }),
      ),
      skipWizard: fromPromise(() => updateDemoWizard(api, { skipped: true, ignoreWizard: true })),
    },
    actions: {
      announce: announceAction,
      clearError: assign({ error: null }),
      // Its type arguments are written out: inferred next to the enqueueActions below, its params come out
      // unknown and the machine does not compile.
      failed: assign<WelcomeContext, WelcomeEvent, { error: unknown }, WelcomeEvent, never>((_, params) => ({
        error: failureMessage(params.error),
      })),
      // The items change in context, then what changed is said through the named announce action.
      applyLive: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'wizard.live');
        const update = applyLiveEvents(context.items, context.original, event.events);
        enqueue.assign(update);
        for (const message of liveAnnouncements(context.items, update.items))
          enqueue({ type: 'announce', params: { message } });
      }),
      applySynced: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'wizard.synced');
        const items = applyFetched(context.items, event.recordings);
        enqueue.assign({ items });
        for (const message of liveAnnouncements(context.items, items))
          enqueue({ type: 'announce', params: { message } });
      }),
      skipItem: assign(({ context, event }) => {
        assertEvent(event, 'wizard.skipItem');
        return {
          items: context.items.map((item) =>
            item.id === event.id && item.status === 'error' ? { ...item, status: 'skip' as const, error: null } : item,
          ),
        };
      }),
    },
    guards: {
      conversionsLive: ({ context }) => context.conversionsLive,
      resumesPastIntro: ({ context }) => context.resumeAt !== null && context.resumeAt !== 'intro',
      resumesAtCreate: ({ context }) =>
        context.conversionsLive && ['create', 'proccesing', 'conversions'].includes(context.resumeAt ?? ''),
      originalDone: ({ context }) => context.original?.state === 'done',
      originalFailed: ({ context }) => context.original?.state === 'error' || context.original?.state === 'cancelled',
      tooLong: (_, params: { seconds: number }) => params.seconds > WIZARD_MAX_SECONDS,
      allSettled: ({ context }) => allSettled(context.items),
      itemFailed: ({ context, event }) => {
        assertEvent(event, 'wizard.retryItem');
        return context.items.some((item) => item.id === event.id && item.status === 'error');
      },
    },
  }).createMachine({
    id: 'welcome',
    context: ({ input }) => ({
      conversionsLive: input.conversionsLive ?? false,
      resumeAt: input.step ?? null,
      error: null,
      user: null,
      workspace: null,
      voices: [],
      answer: null,
      text: null,
      audio: null,
      original: null,
      items: [],
      retryId: null,
    }),
    initial: 'resuming',
    states: {
      resuming: {
        always: [
          { guard: 'resumesAtCreate', target: 'steps.create' },
          // Without the conversion steps, a user who reached them resumes at the last live one.
          { guard: 'resumesPastIntro', target: 'steps.profession' },
          { target: 'steps.intro' },
        ],
      },
      steps: {
        initial: 'intro',
        on: { 'wizard.skip': { target: 'skipping', actions: 'clearError' } },
        states: {
          intro: { on: { 'wizard.next': { target: 'profession', actions: 'clearError' } } },
          profession: {
            on: {
              'wizard.back': { target: 'intro', actions: 'clearError' },
              'wizard.submitProfession': {
                target: 'savingProfession',
                actions: [
                  'clearError',
                  assign({ answer: ({ event }) => ({ profession: event.profession, industry: event.industry }) }),
                ],
              },
            },
          },
          savingProfession: {
            invoke: {
              src: 'saveProfession',
              input: ({ context }) => context.answer!,
              onDone: [
                { guard: 'conversionsLive', target: 'create', actions: assign({ user: ({ event }) => event.output }) },
                { target: '#welcome.finishing', actions: assign({ user: ({ event }) => event.output }) },
              ],
              onError: { target: 'profession', actions: failedCall },
            },
          },
          create: {
            entry: { type: 'announce', params: () => ({ message: t('welcome.create.entered') }) },
            initial: 'preparing',
            states: {
              preparing: {
                invoke: {
                  src: 'prepare',
                  input: ({ context }) => ({ user: context.user }),
                  onDone: {
                    target: 'editing',
                    actions: assign({
                      user: ({ context, event }) => event.output.user ?? context.user,
                      workspace: ({ event }) => event.output.workspace,
                      voices: ({ event }) => event.output.voices,
                    }),
                  },
                  onError: { target: 'failed', actions: failedCall },
                },
              },
              failed: { on: { 'wizard.retry': { target: 'preparing', actions: 'clearError' } } },
              editing: {
                on: {
                  'wizard.back': { target: '#welcome.steps.profession', actions: 'clearError' },
                  'wizard.submitText': {
                    target: 'speaking',
                    actions: ['clearError', assign({ text: ({ event }) => event.text })],
                  },
                  'wizard.submitFile': {
                    target: 'uploading',
                    actions: [
                      'clearError',
                      assign({ audio: ({ event }) => ({ file: event.file, fileName: event.fileName }) }),
                    ],
                  },
                },
              },
              speaking: {
                invoke: {
                  src: 'createTts',
                  input: ({ context }) => ({
                    ...context.workspace!,
                    text: context.text!,
                    voiceId: context.voices[0]!.id,
                  }),
                  onDone: {
                    target: '#welcome.steps.proccesing',
                    actions: assign({ original: ({ event }) => event.output }),
                  },
                  onError: { target: 'editing', actions: failedCall },
                },
              },
              uploading: {
                invoke: {
                  src: 'upload',
                  input: ({ context }) => ({ ...context.workspace!, ...context.audio! }),
                  onDone: [
                    {
                      guard: { type: 'tooLong', params: ({ event }) => ({ seconds: event.output.duration }) },
                      target: 'editing',
                      actions: assign({ error: () => t('welcome.create.tooLong', { seconds: WIZARD_MAX_SECONDS }) }),
                    },
                    {
                      target: '#welcome.steps.proccesing',
                      actions: assign({ original: ({ event }) => event.output }),
                    },
                  ],
                  onError: { target: 'editing', actions: failedCall },
                },
              },
            },
          },
          proccesing: {
            entry: { type: 'announce', params: () => ({ message: t('welcome.processing.entered') }) },
            invoke: { src: 'followConversions', input: ({ context }) => ({ originalId: context.original!.id }) },
            on: {
              'wizard.live': { actions: 'applyLive' },
              'wizard.synced': { actions: 'applySynced' },
            },
            initial: 'waitingOriginal',
            states: {
              waitingOriginal: {
                always: [
                  { guard: 'originalDone', target: 'ordering' },
                  {
                    guard: 'originalFailed',
                    target: 'originalFailed',
                    actions: assign({
                      error: ({ context }) => context.original?.error ?? t('welcome.processing.originalFailed'),
                    }),
                  },
                ],
                invoke: {
                  src: 'waitForOriginal',
                  input: ({ context }) => ({ id: context.original!.id }),
                  onDone: { target: 'ordering', actions: assign({ original: ({ event }) => event.output }) },
                  onError: { target: 'originalFailed', actions: failedCall },
                },
              },
              originalFailed: {
                entry: { type: 'announce', params: ({ context }) => ({ message: context.error ?? '' }) },
                on: { 'wizard.retry': { target: '#welcome.steps.create', actions: 'clearError' } },
              },
              ordering: {
                invoke: {
                  src: 'order',
                  input: ({ context }) => ({
                    originalId: context.original!.id,
                    voices: context.voices,
                    user: context.user,
                  }),
                  onDone: {
                    target: 'converting',
                    actions: [
                      assign({ items: ({ context, event }) => itemsOfOrder(event.output, context.voices) }),
                      {
                        type: 'announce',
                        params: ({ context }) => ({
                          message: t('welcome.processing.started', { count: context.items.length }),
                        }),
                      },
                    ],
                  },
                  onError: { target: 'orderFailed', actions: failedCall },
                },
              },
              orderFailed: {
                entry: { type: 'announce', params: ({ context }) => ({ message: context.error ?? '' }) },
                on: { 'wizard.retry': { target: 'ordering', actions: 'clearError' } },
              },
              converting: {
                always: { guard: 'allSettled', target: '#welcome.steps.conversions' },
                on: {
                  'wizard.retryItem': {
                    guard: 'itemFailed',
                    target: 'retryingItem',
                    actions: assign({ retryId: ({ event }) => event.id }),
                  },
                  'wizard.skipItem': {
                    actions: [
                      'skipItem',
                      {
                        type: 'announce',
                        params: ({ context, event }) => ({
                          message: t('welcome.processing.itemSkipped', {
                            voice: context.items.find((item) => item.id === event.id)?.voiceName ?? '',
                          }),
                        }),
                      },
                    ],
                  },
                },
              },
              retryingItem: {
                invoke: {
                  src: 'retryItem',
                  input: ({ context }) => ({ id: context.retryId! }),
                  onDone: {
                    target: 'converting',
                    actions: assign({
                      items: ({ context }) =>
                        context.items.map((item) =>
                          item.id === context.retryId
                            ? { ...item, status: 'processing' as const, progress: 0, error: null }
                            : item,
                        ),
                      retryId: null,
                    }),
                  },
                  onError: {
                    target: 'converting',
                    actions: assign({
                      items: ({ context, event }) =>
                        context.items.map((item) =>
                          item.id === context.retryId ? { ...item, error: failureMessage(event.error) } : item,
                        ),
                      retryId: null,
                    }),
                  },
                },
              },
            },
          },
          conversions: {
            entry: { type: 'announce', params: () => ({ message: t('welcome.conversions.entered') }) },
            on: { 'wizard.finish': { target: '#welcome.finishing', actions: 'clearError' } },
          },
          // Deep: a failed skip returns to the very sub-step (never ordering twice).
          history: { type: 'history', history: 'deep' },
        },
      },
      finishing: {
        invoke: {
          src: 'finishWizard',
          input: ({ context }) => ({
            step: context.conversionsLive ? ('conversions' as const) : ('profession' as const),
          }),
          onDone: {
            target: 'done',
            actions: [
              assign({ user: ({ event }) => event.output }),
              { type: 'announce', params: { message: t('welcome.done') } },
            ],
          },
          onError: [
            { guard: 'conversionsLive', target: 'steps.conversions', actions: failedCall },
            { target: 'steps.profession', actions: failedCall },
          ],
        },
      },
      skipping: {
        invoke: {
          src: 'skipWizard',
          onDone: {
            target: 'done',
            actions: [
              assign({ user: ({ event }) => event.output }),
              { type: 'announce', params: { message: t('welcome.skipped') } },
            ],
          },
          // Back to the step the user was on, saying why.
          onError: { target: 'steps.history', actions: failedCall },
        },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => context.user,
  });
}

export type WelcomeMachine = ReturnType<typeof createWelcomeMachine>;
export type WelcomeActor = ActorRefFrom<WelcomeMachine>;
export type WelcomeSnapshot = SnapshotFrom<WelcomeMachine>;

/** Whether a call is running (saving the profession, finishing, skipping). */
export const isBusy = (snapshot: WelcomeSnapshot): boolean =>
  snapshot.matches({ steps: 'savingProfession' }) || snapshot.matches('finishing') || snapshot.matches('skipping');

/** The wizard step a snapshot shows; saving the profession shows the profession step. */
export function currentStep(snapshot: WelcomeSnapshot): WizardStep | 'done' | 'working' {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches({ steps: 'intro' })) return 'intro';
  if (snapshot.matches({ steps: 'profession' }) || snapshot.matches({ steps: 'savingProfession' })) return 'profession';
  if (snapshot.matches({ steps: 'create' })) return 'create';
  if (snapshot.matches({ steps: 'proccesing' })) return 'proccesing';
  if (snapshot.matches({ steps: 'conversions' })) return 'conversions';
  return 'working';
}
