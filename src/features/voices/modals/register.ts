import { useEffect } from 'react';
import { registerModal } from '../../../../design-system/index.ts';
import { AccentInfoModal, type AccentInfoData } from './accent-info-modal.tsx';
import {
  CustomVoiceModal,
  HowToRequestKidsVoicesModal,
  type HowToRequestKidsVoicesData,
} from './voice-request-modals.tsx';
import { VoiceSettingsModal, type VoiceSettingsData } from './voice-settings-modal.tsx';
import { VoiceUpgradePlanModal, type VoiceUpgradePlanData } from './voice-upgrade-plan-modal.tsx';
import { VoicesFiltersModal, type VoicesFiltersData } from './voices-filters-modal.tsx';

/**
 * Registers the voice screens' modals by id: voicesFilters, voiceSettings, accentInfo,
 * howToRequestKidsVoices, customVoice and voiceUpgradePlan.
 */
export function registerVoicesModals(): () => void {
  const undo = [
    registerModal<VoicesFiltersData>('voicesFilters', VoicesFiltersModal),
    registerModal<VoiceSettingsData>('voiceSettings', VoiceSettingsModal),
    registerModal<AccentInfoData>('accentInfo', AccentInfoModal),
    registerModal<HowToRequestKidsVoicesData>('howToRequestKidsVoices', HowToRequestKidsVoicesModal),
    registerModal('customVoice', CustomVoiceModal),
    registerModal<VoiceUpgradePlanData>('voiceUpgradePlan', VoiceUpgradePlanModal),
  ];
  return () => undo.forEach((fn) => fn());
}

/** Keeps the voice screens' modals registered while the component that calls it is mounted. */
export function useVoicesModals() {
  useEffect(() => registerVoicesModals(), []);
}
