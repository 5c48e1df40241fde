import { createStore } from '@xstate/store';
import { modalsToClose, type SettledMutation } from './auto-close.ts';

/** Every modal id SPEC.md §2 names. `whatIs` dialogs may also carry a topic: `whatIs:<topic>`. */
export const MODAL_IDS = [
  'accentInfo',
  'acceptableUsePolicy',
  'audioSettingsIntro',
  'customVoice',
  'deleteAccount',
  'deleteCalibration',
  'deleteConversion',
  'deleteFolder',
  'deleteProject',
  'deleteRecording',
  'disabledMicrophone',
  'errorInfo',
  'getHelp',
  'howToRequestKidsVoices',
  'information',
  'projectInfo',
  'projectsFilters',
  'provideFeedback',
  'recordingInfo',
  'recordingTts',
  'regenerationIntro',
  'regenerationSettings',
  'renameCalibration',
  'renameConversion',
  'renameFolder',
  'renameProject',
  'renameRecording',
  'reportConversionIssue',
  'skipWelcomeWizard',
  'trialWarning',
  'ttsLanguageTooltip',
  'ttsRequestsLimit',
  'userProfession',
  'upgradePlan',
  'voicesFilters',
  'voiceUpgradePlan',
  'welcomeProfession',
  'whatIs',
  'voiceSettings',
] as const;

/** A modal id of SPEC.md §2; the "whatIs dialogs" are `whatIs` or `whatIs:<topic>`. */
export type ModalId = (typeof MODAL_IDS)[number] | `whatIs:${string}`;

/** What the registry tracks for one modal. */
export interface ModalEntry {
  open: boolean;
  /** What the opener passed (the project to rename, the error to explain…); dropped on close. */
  data?: unknown;
}

/** The store's context: one entry per modal id that has ever been opened, in the order they were opened. */
export type ModalContext = Partial<Record<ModalId, ModalEntry>>;

const known = new Set<string>(MODAL_IDS);

/** Whether a string is a modal id of SPEC.md §2 (including `whatIs:<topic>`). */
export function isModalId(value: string): value is ModalId {
  return known.has(value) || /^whatIs:.+/.test(value);
}

/** A fresh modal store; the app uses the shared `modalStore`, tests make their own. */
export function createModalStore(initial: ModalContext = {}) {
  return createStore({
    context: initial,
    on: {
      open: (context, event: { id: ModalId; data?: unknown }) => {
        // Re-inserting the key keeps the context in opening order, so the newest modal renders on top.
        const { [event.id]: _previous, ...rest } = context;
        return { ...rest, [event.id]: { open: true, data: event.data } } as ModalContext;
      },
      close: (context, event: { id: ModalId }) =>
        context[event.id]?.open ? { ...context, [event.id]: { open: false } } : context,
      closeAll: (context) =>
        Object.fromEntries(Object.keys(context).map((id) => [id, { open: false }])) as ModalContext,
    },
  });
}

export type ModalStore = ReturnType<typeof createModalStore>;

/** The app's one modal registry. */
export const modalStore = createModalStore();

/** The ids of the open modals, oldest first. */
export function openModalIds(context: ModalContext): ModalId[] {
  return (Object.keys(context) as ModalId[]).filter((id) => context[id]?.open);
}

/**
 * Applies SPEC.md §2's auto-close rule (`modalsToClose`) to a store: call it when an update, delete or
 * feedback call settles.
 */
export function closeModalsAfter(event: SettledMutation, store: ModalStore = modalStore): ModalId[] {
  const ids = modalsToClose(event, openModalIds(store.getSnapshot().context));
  for (const id of ids) store.trigger.close({ id });
  return ids;
}
