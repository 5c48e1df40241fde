import { useEffect } from 'react';
import { lazyComponent } from '../../../shared/chunk-load.ts';
import { registerModal } from '../../../shared/modals/index.ts';
import type { AccentInfoData } from './accent-info-modal.tsx';
import type { HowToRequestKidsVoicesData } from './voice-request-modals.tsx';
import type { VoiceSettingsData } from './voice-settings-modal.tsx';
import type { VoiceUpgradePlanData } from './voice-upgrade-plan-modal.tsx';
import type { VoicesFiltersData } from './voices-filters-modal.tsx';

// Each modal's code loads the first time it opens (the host draws nothing until then), not with every page.
const AccentInfoModal = lazyComponent(
  () => import('./accent-info-modal.tsx'),
  (m) => m.AccentInfoModal,
);
const CustomVoiceModal = lazyComponent(
  () => import('./voice-request-modals.tsx'),
  (m) => m.CustomVoiceModal,
);
const HowToRequestKidsVoicesModal = lazyComponent(
  () => import('./voice-request-modals.tsx'),
  (m) => m.HowToRequestKidsVoicesModal,
);
const VoiceSettingsModal = lazyComponent(
  () => import('./voice-settings-modal.tsx'),
  (m) => m.VoiceSettingsModal,
);
const VoiceUpgradePlanModal = lazyComponent(
  () => import('./voice-upgrade-plan-modal.tsx'),
  (m) => m.VoiceUpgradePlanModal,
);
const VoicesFiltersModal = lazyComponent(
  () => import('./voices-filters-modal.tsx'),
  (m) => m.VoicesFiltersModal,
);

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
