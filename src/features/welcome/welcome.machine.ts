import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { announceAction } from '../../../design-system/index.ts';
import type { ApiClients } from '../../api/index.ts';
import { t } from '../../i18n/index.ts';
import { failureMessage } from '../../machines/index.ts';
import { updateDemoWizard, updateDomainInfo, type User, type WizardStep } from './api/welcome-api.ts';

export interface WelcomeInput {
  /** The step the user reached before (data.demo_wizard.step), to resume there. */
  step?: WizardStep | null;
  /**
   * Whether the conversion steps (create, proccesing, conversions) are live. They come with the conversions
   * feature; until then the wizard finishes after the profession step.
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
}

export type WelcomeEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submitProfession'; profession: string; industry: string }
  /** The sample conversion finished (conversions feature). */
  | { type: 'wizard.processed' }
  /** The sample conversion failed (conversions feature). */
  | { type: 'wizard.failed'; message: string }
  | { type: 'wizard.finish' }
  | { type: 'wizard.skip' };

/**
 * The welcome wizard (SPEC.md section 2 "Welcome wizard steps"): intro, profession, create, proccesing (spelled
 * so), conversions. The profession step sends PUT /api/v3/domain-info; finishing sends
 * `{completed, ignoreWizard}` and skipping `{skipped, ignoreWizard}` to PUT /api/v3/demo-wizard, which lets the
 * user onto the guarded routes. The machine ends in `done` with the updated user as output.
 */
export function createWelcomeMachine({ api }: { api: ApiClients }) {
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
      finishWizard: fromPromise(({ input }: { input: { step: WizardStep } }) =>
        updateDemoWizard(api, { completed: true, ignoreWizard: true, step: input.step }),
      ),
      skipWizard: fromPromise(() => updateDemoWizard(api, { skipped: true, ignoreWizard: true })),
    },
    actions: {
      announce: announceAction,
      clearError: assign({ error: null }),
    },
    guards: {
      conversionsLive: ({ context }) => context.conversionsLive,
      resumesPastIntro: ({ context }) => context.resumeAt !== null && context.resumeAt !== 'intro',
      resumesAtCreate: ({ context }) =>
        context.conversionsLive && ['create', 'proccesing', 'conversions'].includes(context.resumeAt ?? ''),
    },
  }).createMachine({
    id: 'welcome',
    context: ({ input }) => ({
      conversionsLive: input.conversionsLive ?? false,
      resumeAt: input.step ?? null,
      error: null,
      user: null,
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
              'wizard.submitProfession': { target: 'savingProfession', actions: 'clearError' },
            },
          },
          savingProfession: {
            invoke: {
              src: 'saveProfession',
              input: ({ event }) => {
                const e = event as Extract<WelcomeEvent, { type: 'wizard.submitProfession' }>;
                return { profession: e.profession, industry: e.industry };
              },
              onDone: [
                { guard: 'conversionsLive', target: 'create', actions: assign({ user: ({ event }) => event.output }) },
                { target: '#welcome.finishing', actions: assign({ user: ({ event }) => event.output }) },
              ],
              onError: {
                target: 'profession',
                actions: assign({ error: ({ event }) => failureMessage(event.error) }),
              },
            },
          },
          create: {
            on: {
              'wizard.back': { target: 'profession', actions: 'clearError' },
              'wizard.next': { target: 'proccesing', actions: 'clearError' },
            },
          },
          proccesing: {
            on: {
              'wizard.processed': 'conversions',
              'wizard.failed': { target: 'create', actions: assign({ error: ({ event }) => event.message }) },
            },
          },
          conversions: { on: { 'wizard.finish': '#welcome.finishing' } },
          history: { type: 'history' },
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
            {
              guard: 'conversionsLive',
              target: 'steps.conversions',
              actions: assign({ error: ({ event }) => failureMessage(event.error) }),
            },
            { target: 'steps.profession', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
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
          onError: { target: 'steps.history', actions: assign({ error: ({ event }) => failureMessage(event.error) }) },
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
