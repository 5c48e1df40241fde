import { useEffect } from 'react';
import { registerModal } from '../../../shared/modals/index.ts';
import { AccentInfoModal, type AccentInfoData } from './accent-info-modal.tsx';
import {
  CustomVoiceModal,
  HowToRequestKidsVoicesModal,
  type HowToRequestKidsVoicesData,
} from './voice-request-modals.tsx';
import { VoiceSettingsModal, type VoiceSettingsData } from './voice-settings-modal.tsx';
import { VoiceUpgradePlanModal, type VoiceUpgradePlanData } from './voice-upgrade-plan-modal.tsx';
import { VoicesFiltersModal, type VoicesFiltersData } from './voices-filters-modal.tsx';

declare module '../../../shared/modals/modal-data.ts' {
  interface ModalData {
    voicesFilters: VoicesFiltersData;
    voiceSettings: VoiceSettingsData;
    accentInfo: AccentInfoData;
    /** Opened from the filters without a voice, or for the kids' voice the user picked. */
    howToRequestKidsVoices: HowToRequestKidsVoicesData | undefined;
    customVoice: undefined;
    voiceUpgradePlan: VoiceUpgradePlanData;
  }
}

/**
 * Registers the voice screens' modals by id: voicesFilters, voiceSettings, accentInfo,
 * howToRequestKidsVoices, customVoice and voiceUpgradePlan.
 */
export function registerVoicesModals(): () => void {
  const undo = [
    registerModal('voicesFilters', VoicesFiltersModal),
    registerModal('voiceSettings', VoiceSettingsModal),
    registerModal('accentInfo', AccentInfoModal),
    registerModal('howToRequestKidsVoices', HowToRequestKidsVoicesModal),
    registerModal('customVoice', CustomVoiceModal),
    registerModal('voiceUpgradePlan', VoiceUpgradePlanModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the voice screens' modals registered while the component that calls it is mounted. */
export function useVoicesModals() {
  useEffect(() => registerVoicesModals(), []);
}
