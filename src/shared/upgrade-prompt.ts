import { openModal } from './modals/index.ts';
import type { UpgradeReason } from './upgrade-reason.ts';

/**
 * Opens the upgrade prompt for a refusal: the voice screens' (voiceUpgradePlan) when the voice or one of its
 * accents is what the plan lacks, the one upgrade prompt (upgradePlan) for every other reason.
 */
export function openUpgradePrompt(reason: UpgradeReason): void {
  if (reason === 'voice' || reason === 'accent') openModal({ id: 'voiceUpgradePlan', data: { reason } });
  else openModal({ id: 'upgradePlan', data: { reason } });
}
