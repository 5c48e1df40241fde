export { registerBillingModals, useBillingModals } from './register.ts';
export { UpgradePlanModal, type UpgradePlanData } from './upgrade-plan-modal.tsx';
export { TrialWarningModal, type TrialWarningData } from './trial-warning-modal.tsx';
export { CREDITS_PAGE, PLAN_PAGE, upgradeText, type UpgradeText } from './upgrade-reasons.ts';
export { trialTimeLeft, type TimeLeft } from './trial-time-left.ts';
