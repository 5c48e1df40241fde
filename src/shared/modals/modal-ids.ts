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

const known = new Set<string>(MODAL_IDS);

/** Whether a string is a modal id of SPEC.md §2 (including `whatIs:<topic>`). */
export function isModalId(value: string): value is ModalId {
  return known.has(value) || /^whatIs:.+/.test(value);
}
