export * from './session-flags.ts';
export {
  createSessionMachine,
  sessionStatus,
  LOGOUT_REDIRECT_DELAY,
  PLAN_PAGE,
  type SessionContext,
  type SessionDeps,
  type SessionEvent,
  type SessionMachine,
  type SessionSnapshot,
} from './session.machine.ts';
export {
  SessionProvider,
  useSession,
  useSessionActor,
  type SessionActor,
  type SessionView,
} from './session-context.tsx';
export { browserStorage, clearAppData, readJson, writeJson, type AppStorage } from './app-storage.ts';
export { capturePromo, readStoredPromo, clearStoredPromo, type PromoRecord } from './promo.ts';
export { capturePreselectedVoice } from './preselected-voice.ts';
export { failureMessage, tooManyAttempts, UserFacingError } from './failure-message.ts';
export {
  safeNext,
  storeNextRoute,
  takeNextRoute,
  readNextRoute,
  clearNextRoute,
  NEXT_ROUTE_KEY,
} from './next-route.ts';
export {
  createListPreferencesStore,
  listPreferencesStore,
  readListPreferences,
  DEFAULT_LIST_PREFERENCES,
  LIST_PREFERENCES_KEY,
  type ListName,
  type ListPreference,
  type ListPreferences,
  type ListPreferencesStore,
  type SortDirection,
} from './list-preferences.ts';
export {
  applyPageChange,
  clearNewOriginal,
  onPageChange,
  readNewOriginal,
  withUploaded,
  writeNewOriginal,
  EMPTY_NEW_ORIGINAL,
  NEW_ORIGINAL_KEY,
  NEW_ORIGINAL_PAGES,
  type NewOriginalData,
  type NewOriginalType,
} from './new-original.ts';
export { pickMicrophone, readMicrophone, saveMicrophone, MICROPHONE_KEY, type StoredMicrophone } from './microphone.ts';
export {
  DEFAULT_NARRATION_STYLE_ID,
  LAST_USED_VOICES_KEY,
  LAST_USED_VOICES_LIMIT,
  lastUsedVoicesNewestFirst,
  type LastUsedVoiceEntry,
  type LastUsedVoices,
  type Voice,
} from './preselected-voice.ts';
export {
  createLastUsedVoicesStore,
  lastUsedVoicesOf,
  lastUsedVoicesStore,
  type LastUsedVoicesContext,
  type LastUsedVoicesStore,
} from './last-used-voices.ts';
export {
  createVoiceSelectionStore,
  defaultAccentOf,
  defaultNarrationStyleOf,
  orderConversionsOf,
  settingsOf,
  snapSemitones,
  useVoiceSelection,
  voiceChoiceOf,
  voiceSelectionStore,
  MAX_CHOSEN_VOICES,
  SEMITONES_MAX,
  SEMITONES_MIN,
  SEMITONES_STEP,
  type ChosenSettings,
  type OrderConversion,
  type VoiceChoice,
  type VoiceSelection,
  type VoiceSelectionContext,
  type VoiceSelectionStore,
} from './voice-selection.ts';
export {
  applyLiveBatch,
  followOriginalConversions,
  isOriginalFollowed,
  liveEventBus,
  liveEventsUrl,
  notificationToast,
  onLiveEvents,
  originalHref,
  useLiveEvents,
} from './live-events.ts';
export {
  coalesceLiveEvents,
  liveEventsMachine,
  reconnectDelay,
  LIVE_BATCH_MS,
  LIVE_MAX_BACKOFF_MS,
  type LiveSocket,
} from './live-events.machine.ts';
export * from './plan-rules.ts';
export {
  createSubscriptionMachine,
  startEarlyPlan,
  busyActionOf,
  planFactsOf,
  planStateName,
  planStateOf,
  PLAN_STATES,
  type PlanState,
  type SubscriptionActor,
  type SubscriptionContext,
  type SubscriptionDeps,
  type SubscriptionEvent,
  type SubscriptionMachine,
  type SubscriptionSnapshot,
} from './subscription.machine.ts';
export {
  linkSubscription,
  SubscriptionProvider,
  useSubscription,
  useSubscriptionActor,
  type SubscriptionView,
} from './subscription-context.tsx';
export { resourceMachine, type ResourceActor, type ResourceSnapshot } from './resource.machine.ts';
export {
  useResource,
  type Resource,
  type ResourceKey,
  type ResourceOptions,
  type ResourceState,
} from './use-resource.ts';
export {
  applyPreferences,
  collectPreferences,
  samePreferences,
  SYNCED_KEYS,
  type SyncedPreferences,
} from './preferences-sync.ts';
export {
  readConsent,
  saveConsent,
  CONSENT_KEY,
  CONSENT_VERSION,
  type ConsentCategories,
  type ConsentRecord,
} from './consent.ts';
export {
  firstAnswersSettled,
  holdUntilFirstAnswers,
  rememberAccess,
  useAwaitingFirstAnswers,
  wasVerified,
  ACCESS_KEY,
  FIRST_ANSWERS_TIMEOUT_MS,
} from './first-answers.ts';
